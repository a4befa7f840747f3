/**
 * The OpenAPI document's descriptions cite the project's own records ("(docs/decisions/041)",
 * "(decision 040)", "docs/integrations.md shows how…"): useful to the engineers who read the file,
 * meaningless to a developer reading the reference, who has no copy of them (docs/decisions/074,
 * amended). The page shows each description without them; the served document keeps them.
 */

/** A parenthesis that holds only citations: "(docs/product.md §7; docs/api-posts.md)", "(decision 040)". */
const CITATION_PARENTHESIS = /\s*\((?:docs\/|decisions? \d)[^()]*\)/g;
/** A sentence that is only a citation, e.g. a description that opens with "docs/product.md §7. ". */
const CITATION_SENTENCE = /(^|\s)docs\/[\w./-]+(?: §\s?\d+)?\.(?=\s|$)\s*/g;

/** Citations inside a sentence, rewritten so the sentence still reads. */
const REWRITES: [RegExp, string][] = [
  [/the webhook rules of docs\/decisions\/\d+ apply/g, "the same rules as a webhook's address apply"],
  [/;\s*docs\/integrations\.md shows how to check them\./g, ": check them with the webhook's signing secret, as any Standard Webhooks library does."],
];

export function readerText(text: string): string;
export function readerText(text: string | undefined): string | undefined;
export function readerText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let result = text;
  for (const [pattern, replacement] of REWRITES) result = result.replace(pattern, replacement);
  result = result.replace(CITATION_PARENTHESIS, "").replace(CITATION_SENTENCE, "$1");
  return result.replace(/[ \t]{2,}/g, " ").trim();
}

/** Whether a text still cites an internal record (the unit test holds every description to none). */
export const citesInternalDocs = (text: string) => /docs\/|\bdecisions? \d/i.test(text);
