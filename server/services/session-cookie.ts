/**
 * The session cookie (decision 030): HttpOnly, SameSite=Lax, Path=/, and when the site is
 * served over https also Secure with the `__Host-` prefix, which browsers only accept from a secure
 * origin, without Domain and with Path=/ (so a sibling subdomain cannot plant or shadow it).
 */
export interface SessionCookie {
  name: string;
  /** The token in a Cookie header, or null when absent or malformed. */
  read(cookieHeader: string | null | undefined): string | null;
  /** A Set-Cookie value carrying a new session token. */
  serialize(token: string): string;
  /** A Set-Cookie value that removes the cookie. */
  clear(): string;
}

/** 256-bit tokens in base64url: 43 characters, nothing else accepted. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function createSessionCookie(siteUrl: string, maxAgeSeconds: number): SessionCookie {
  const secure = siteUrl.startsWith("https:");
  const name = secure ? "__Host-zuri_session" : "zuri_session";
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
  return {
    name,
    read(cookieHeader) {
      if (!cookieHeader) return null;
      for (const part of cookieHeader.split(";")) {
        const separator = part.indexOf("=");
        if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
        const value = part.slice(separator + 1).trim();
        if (TOKEN_PATTERN.test(value)) return value;
      }
      return null;
    },
    serialize: (token) => `${name}=${token}; ${attributes}; Max-Age=${maxAgeSeconds}`,
    clear: () => `${name}=; ${attributes}; Max-Age=0`,
  };
}
