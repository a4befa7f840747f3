import { htmlToText } from "../../shared/html-text.ts";
import { withoutAccents } from "../../shared/post-schema.ts";

/**
 * The text side of visitor search (docs/decisions/042), the same for both engines: what a post's
 * searchable document is, how a visitor's words become plain terms, and the highlighted snippet.
 * Pure functions; server/services/search.ts holds the queries.
 */

/** The searchable text of a post's content: the first 100,000 characters (a tsvector is at most 1 MB). */
export const SEARCH_TEXT_MAX = 100_000;
/** Only the first 10 different words of a query count: each one is a prefix scan of the index. */
export const SEARCH_TERMS_MAX = 10;
/** About two lines of a result card. */
export const SNIPPET_LENGTH = 160;
/** How much text a snippet shows before its first match. */
const SNIPPET_LEAD = 50;

/** Letters and digits only: the alphabet of a search term, whatever the visitor typed around them. */
const TERM = /[\p{L}\p{N}]+/gu;
/** A word of displayed text, with its accents (combining marks) when they are decomposed. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Text as both engines index and match it: lower case, without accents (PostgreSQL has no
 * `unaccent` here, so the index and the query are normalised before they reach the engine).
 */
export const foldForSearch = (value: string): string => {
  const lower = value.toLowerCase();
  // Printable ASCII has nothing to decompose (NFKD leaves it as it is): most words, skipped cheaply.
  return NOT_ASCII.test(lower) ? withoutAccents(lower) : lower;
};
const NOT_ASCII = /[^ -~]/;

/** At most `max` characters, cut at a space when there is one. */
function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const space = value.lastIndexOf(" ", max);
  return value.slice(0, space > 0 ? space : max);
}

/** What the index stores for a post: its title, excerpt and content as folded plain text. */
export interface SearchDocument {
  title: string;
  excerpt: string;
  content: string;
}

export function searchDocument(post: { title: string; excerpt: string | null; content: string }): SearchDocument {
  return {
    title: foldForSearch(post.title),
    excerpt: foldForSearch(post.excerpt ?? ""),
    content: foldForSearch(clip(htmlToText(post.content), SEARCH_TEXT_MAX)),
  };
}

/**
 * A visitor's query as plain terms: folded, split on everything that is not a letter or a digit,
 * de-duplicated, at most 10. Quotes, operators and column filters of either engine's syntax are
 * never letters or digits, so nothing typed reaches the query syntax; a query of punctuation only
 * has no terms (and finds nothing).
 */
export function searchTerms(query: string): string[] {
  return [...new Set(foldForSearch(query).match(TERM) ?? [])].slice(0, SEARCH_TERMS_MAX);
}

/** A term as FTS5 reads it: a quoted prefix ("term"*), or the quoted word itself when `exact` holds it. */
const fts5Term = (term: string, exact: ReadonlySet<string>) => (exact.has(term) ? `"${term}"` : `"${term}"*`);

/**
 * FTS5 MATCH text: every term a quoted prefix ("term"*), all required. A term in `exact` is the only word
 * of the index it starts (server/services/search.ts asks the index): it is written as that word, which
 * matches the same posts with the same bm25, and costs FTS5 less.
 */
export const fts5Query = (terms: string[], exact: ReadonlySet<string> = new Set()): string =>
  terms.map((term) => fts5Term(term, exact)).join(" ");

/** FTS5 MATCH text for titles only: every term a quoted prefix of a word of the title (or that word: as above). */
export const fts5TitleQuery = (terms: string[], exact: ReadonlySet<string> = new Set()): string =>
  terms.map((term) => `title : ${fts5Term(term, exact)}`).join(" AND ");

/** PostgreSQL to_tsquery text: every term a prefix (term:*), all required. */
export const tsQuery = (terms: string[]): string => terms.map((term) => `${term}:*`).join(" & ");

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

interface Match {
  start: number;
  end: number;
  /** Index of the term the word starts with. */
  term: number;
}

/**
 * The words of `text` that start with a term, compared folded (so "Café" matches "cafe"), as far as a snippet
 * could use them: once every term has been found, no word past `SNIPPET_LENGTH` after the first match is read (a
 * snippet ends before it, and the terms found can no longer grow), so a long post is not folded word by word.
 */
function matchesIn(text: string, terms: string[]): Match[] {
  const matches: Match[] = [];
  const found = new Set<number>();
  for (const word of text.matchAll(WORD)) {
    if (found.size === terms.length && word.index > matches[0]!.start + SNIPPET_LENGTH) break;
    const folded = foldForSearch(word[0]);
    const term = terms.findIndex((candidate) => folded.startsWith(candidate));
    if (term < 0) continue;
    matches.push({ start: word.index, end: word.index + word[0].length, term });
    found.add(term);
  }
  return matches;
}

/** Never between the two halves of a surrogate pair. */
const codePointBoundary = (text: string, index: number) =>
  index > 0 && index < text.length && /[\uDC00-\uDFFF]/.test(text[index]!) ? index - 1 : index;

/** The part of `text` to show: about `SNIPPET_LENGTH` characters from a little before `first`, cut at spaces. */
function windowAround(text: string, first: number): { start: number; end: number } {
  if (text.length <= SNIPPET_LENGTH) return { start: 0, end: text.length };
  let start = Math.max(0, Math.min(first - SNIPPET_LEAD, text.length - SNIPPET_LENGTH));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < first ? space + 1 : Math.min(first, start);
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start) end = space;
  }
  return { start: codePointBoundary(text, start), end: codePointBoundary(text, end) };
}

/**
 * The snippet of a search result: a short passage of the post's content (or excerpt, whichever
 * matches more of the terms) around its first match, every word that matches a term in `<mark>`,
 * everything else HTML-escaped, so it is safe to render as HTML. Without a match in either (the
 * title alone matched), the beginning of the excerpt, or else of the content.
 */
export function searchSnippet(post: { excerpt: string | null; content: string }, terms: string[]): string {
  const excerpt = (post.excerpt ?? "").replace(/\s+/g, " ").trim();
  const content = htmlToText(post.content);
  let text = excerpt || content;
  let matches: Match[] = [];
  let matchedTerms = 0;
  for (const candidate of [content, excerpt]) {
    const found = matchesIn(candidate, terms);
    const distinct = new Set(found.map((match) => match.term)).size;
    if (distinct > matchedTerms) [text, matches, matchedTerms] = [candidate, found, distinct];
  }

  const { start, end } = windowAround(text, matches[0]?.start ?? 0);
  let snippet = start > 0 ? "…" : "";
  let at = start;
  for (const match of matches) {
    if (match.start < start) continue;
    if (match.end > end) break;
    snippet += `${escapeHtml(text.slice(at, match.start))}<mark>${escapeHtml(text.slice(match.start, match.end))}</mark>`;
    at = match.end;
  }
  return `${snippet}${escapeHtml(text.slice(at, end))}${end < text.length ? "…" : ""}`;
}
