import { API_TOKEN_PATTERN } from "../../shared/api-tokens.ts";

/**
 * Secrets that arrive in a request's address (docs/decisions/072 and 065): the names they are sent
 * under, judged as a server decodes them, and the request URL as the access log may keep it.
 */

/** `token`, `access_token`, `api-key`, `apiKey`, `token[]`, … as a parser decodes the name. */
const SECRET_NAMES = new Set(["token", "accesstoken", "apitoken", "apikey", "authtoken", "bearer", "key", "secret", "password", "auth"]);

const normalisedName = (name: string) => name.replace(/\[.*$/, "").replace(/[-_.\s]/g, "").toLowerCase();

/** True for a query parameter name that carries a credential, however it is spelled or encoded. */
export const isSecretParameter = (decodedName: string) => SECRET_NAMES.has(normalisedName(decodedName));

function decoded(text: string): string {
  // Most addresses have nothing to decode: a request's log line costs no decoding then.
  if (!text.includes("%") && !text.includes("+")) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** An API token (`zuri_…`) or a review link's token (64 hex digits) anywhere in a decoded value. */
const CREDENTIAL_IN_TEXT = new RegExp(`${API_TOKEN_PATTERN.source.slice(1, -1)}|\\b[0-9a-f]{64}\\b`, "i");

/**
 * A request URL (path and query, as the request line has it) fit for the log: a review link's token
 * in the path (`/preview/…` in any spelling: `//preview/`, `/PREVIEW/`, `/%70review/`) and the value
 * of any parameter that is a secret by its decoded name or its decoded value become `[redacted]`.
 * Everything else is kept as it was sent.
 */
export function redactedUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutFragment = hash >= 0 ? url.slice(0, hash) : url;
  const mark = withoutFragment.indexOf("?");
  const path = mark >= 0 ? withoutFragment.slice(0, mark) : withoutFragment;
  const query = mark >= 0 ? withoutFragment.slice(mark + 1) : null;

  const readable = decoded(path);
  let safePath = path;
  if (/^\/+preview(\/|$)/i.test(readable)) safePath = "/preview/[token]";
  else if (CREDENTIAL_IN_TEXT.test(readable)) safePath = "[redacted path]";
  if (query === null) return safePath;

  const pairs = query.split("&").map((pair) => {
    const equals = pair.indexOf("=");
    const rawName = equals >= 0 ? pair.slice(0, equals) : pair;
    const rawValue = equals >= 0 ? pair.slice(equals + 1) : "";
    const secret = isSecretParameter(decoded(rawName)) || CREDENTIAL_IN_TEXT.test(decoded(rawValue)) || CREDENTIAL_IN_TEXT.test(decoded(rawName));
    return secret ? `${CREDENTIAL_IN_TEXT.test(decoded(rawName)) ? "[redacted]" : rawName}=[redacted]` : pair;
  });
  return `${safePath}?${pairs.join("&")}`;
}
