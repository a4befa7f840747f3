/**
 * Where a visit came from is kept without personal data (docs/decisions/070-first-party-analytics.md):
 * page views and the campaign a demo request carries (docs/decisions/052) go through these before
 * they are stored. Browser-safe: the demo request schema uses them.
 */

/** An e-mail address, in any part of a path or campaign value. */
const EMAIL = /[^\s/@?&=#]+@[^\s/@?&=#]+\.[^\s/@?&=#]+/;
const REDACTED = "[redacted]";

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A path as it is stored: a segment that holds an e-mail address, however encoded
 * (`/blog/someone%40example.com`), becomes `[redacted]`; insights never show personal data.
 */
export const pathWithoutPersonalData = (path: string) =>
  path
    .split("/")
    .map((segment) => (EMAIL.test(decoded(segment)) ? REDACTED : segment))
    .join("/");

/** A campaign value as it is stored: any e-mail address in it (encoded or not) becomes `[redacted]`. */
export function textWithoutPersonalData(text: string | null): string | null {
  if (text === null || !EMAIL.test(decoded(text))) return text;
  return decoded(text).replace(new RegExp(EMAIL.source, "g"), REDACTED);
}
