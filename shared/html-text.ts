/** Readable text out of sanitised post HTML: the card fallback, the RSS summary, the search index and revision summaries. */

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Tags that start or end a block of text (what the post editor produces, plus div and table
 * parts): their text never runs into the next block's.
 */
const BLOCK_TAG =
  /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|div|figure|figcaption|table|thead|tbody|tr|td|th)(?:\s[^>]*)?>|<(?:br|hr)(?:\s[^>]*)?\/?>/gi;
const HEADING_OPEN = /^<h[1-6]\b/i;
const HEADING_CLOSE = /^<\/h[1-6]/i;
/** Text that already ends a sentence or clause (. , : ; ! ? in any script, or …), perhaps before closing quotes or brackets. */
const ENDS_SENTENCE = /[\p{Terminal_Punctuation}\u2026]["'\p{Pe}\p{Pf}]*$/u;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] !== "#") return entities[entity.toLowerCase()] ?? match;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/** The text between two block boundaries: inline tags dropped, entities decoded, spaces collapsed. */
const inlineText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

/**
 * The readable text of sanitised post HTML (the docs/product.md §2 card fallback, the RSS summary): blocks
 * separated by a space, and a heading that ends without punctuation closed with a full stop when
 * more text follows, so "Start with the decision, not the dashboard" and the paragraph after it
 * read as two sentences. Inline tags are dropped and entities decoded.
 */
export function htmlToText(html: string): string {
  const blocks: string[] = [];
  let headingStart = -1; // index in `blocks` where the open heading's text begins
  const headingEnds: number[] = []; // blocks that end a heading
  let last = 0;
  const take = (until: number) => {
    const text = inlineText(html.slice(last, until));
    if (text) blocks.push(text);
  };
  for (const match of html.matchAll(BLOCK_TAG)) {
    take(match.index);
    last = match.index + match[0].length;
    if (HEADING_OPEN.test(match[0])) headingStart = blocks.length;
    else if (HEADING_CLOSE.test(match[0]) && headingStart >= 0) {
      if (blocks.length > headingStart) headingEnds.push(blocks.length - 1);
      headingStart = -1;
    }
  }
  take(html.length);
  for (const index of headingEnds) {
    const text = blocks[index]!;
    if (index < blocks.length - 1 && !ENDS_SENTENCE.test(text)) blocks[index] = `${text}.`;
  }
  return blocks.join(" ");
}
