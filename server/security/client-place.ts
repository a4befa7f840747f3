import type { Request } from "express";
import type { SessionDevice } from "../services/auth.ts";

/**
 * The device a sign-in comes from, as its session keeps it (docs/decisions/029-activity-log-and-sessions.md):
 * the User-Agent, and an approximate place only when a proxy we trust (TRUST_PROXY, the same setting
 * that lets Express read X-Forwarded-For) named one. A client that reaches us directly cannot set it.
 * The headers read, first found wins (docs/operations.md):
 * - `X-Client-Place`: free text our own proxy sets ("Berlin, Germany");
 * - `X-Vercel-IP-City` + `X-Vercel-IP-Country` (Vercel);
 * - `CloudFront-Viewer-City` + `CloudFront-Viewer-Country` (Amazon CloudFront);
 * - `CF-IPCountry` (Cloudflare).
 * Never an IP address.
 */
export function sessionDeviceOf(req: Request): SessionDevice {
  return { userAgent: req.get("user-agent") ?? null, place: trustedProxy(req) ? placeFromHeaders((name) => req.get(name)) : null };
}

/** Whether the peer that sent this request is a proxy TRUST_PROXY names (Express's own judgement). */
function trustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  return Boolean(trust?.(req.socket.remoteAddress ?? "", 0));
}

const countries = new Intl.DisplayNames(["en"], { type: "region" });

/** A two-letter country code in words ("DE" → "Germany"); null for the codes proxies use for "unknown" or "Tor". */
function countryName(code: string | undefined): string | null {
  const upper = code?.trim().toUpperCase();
  if (!upper || !/^[A-Z]{2}$/.test(upper) || upper === "XX" || upper === "ZZ") return null;
  try {
    return countries.of(upper) ?? upper;
  } catch {
    return null;
  }
}

/** Printable text only, at most 80 characters: a header is the proxy's, but it is shown on a page. */
function clean(value: string | undefined): string | null {
  if (!value) return null;
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not percent-encoded: kept as it is.
  }
  text = text.replace(/[\p{Cc}\p{Cf}]/gu, "").trim().slice(0, 80);
  return text || null;
}

export function placeFromHeaders(header: (name: string) => string | undefined): string | null {
  const own = clean(header("x-client-place"));
  if (own) return own;
  for (const [city, country] of [
    ["x-vercel-ip-city", "x-vercel-ip-country"],
    ["cloudfront-viewer-city", "cloudfront-viewer-country"],
    [null, "cf-ipcountry"],
  ] as const) {
    const name = countryName(header(country));
    const town = city ? clean(header(city)) : null;
    if (name) return town ? `${town}, ${name}` : name;
  }
  return null;
}
