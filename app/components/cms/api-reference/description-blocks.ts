/**
 * The light markdown of the API document's descriptions, as blocks to render: paragraphs (split
 * on blank lines), "- " lists, and inline `code`, **strong** and [links](https://…). Anything
 * else stays text, so a description can never inject markup.
 */
export type Inline = { kind: "text" | "code" | "strong"; text: string } | { kind: "link"; text: string; href: string };

export type Block = { kind: "paragraph"; inlines: Inline[] } | { kind: "list"; items: Inline[][] };

const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
/** Links only to web addresses and this site's own paths. */
const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|#)/;

export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, strong, linkText, href] = match;
    if (match.index > last) inlines.push({ kind: "text", text: text.slice(last, match.index) });
    if (code !== undefined) inlines.push({ kind: "code", text: code });
    else if (strong !== undefined) inlines.push({ kind: "strong", text: strong });
    else if (linkText !== undefined && href !== undefined && SAFE_HREF.test(href)) inlines.push({ kind: "link", text: linkText, href });
    else inlines.push({ kind: "text", text: whole });
    last = match.index + whole.length;
  }
  if (last < text.length) inlines.push({ kind: "text", text: text.slice(last) });
  return inlines;
}

export function parseDescription(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.trim().split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((line) => line.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((line) => /^[-*] /.test(line))) {
      blocks.push({ kind: "list", items: lines.map((line) => parseInlines(line.slice(2))) });
      continue;
    }
    // A paragraph may end in a list: the lines before it are the paragraph.
    const listStart = lines.findIndex((line) => /^[-*] /.test(line));
    if (listStart > 0 && lines.slice(listStart).every((line) => /^[-*] /.test(line))) {
      blocks.push({ kind: "paragraph", inlines: parseInlines(lines.slice(0, listStart).join(" ")) });
      blocks.push({ kind: "list", items: lines.slice(listStart).map((line) => parseInlines(line.slice(2))) });
      continue;
    }
    blocks.push({ kind: "paragraph", inlines: parseInlines(lines.join(" ")) });
  }
  return blocks;
}
