import type { Request, RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A /api/cms call with `Authorization: Bearer …` is judged by its token alone, cookies ignored
 * (server/api/guards.ts, docs/decisions/072): a browser never adds that header by itself, and a page
 * on another origin cannot add it without a CORS preflight this site never grants. So it carries no
 * ambient credential and is exempt; the same call with only a session cookie keeps the check.
 */
const isBearerApiCall = (req: Request) =>
  req.path.toLowerCase().startsWith("/api/cms/") && /^\s*Bearer(\s|$)/i.test(req.get("authorization") ?? "");

/**
 * Refuses state-changing requests that a browser sent from another origin (OWASP CSRF cheat sheet:
 * "verifying origin with standard headers"). Origin first, then Sec-Fetch-Site, then Referer.
 * A request with none of them is not from a browser page and carries no ambient-credential risk
 * the cookie's SameSite=Lax does not already cover, so it passes.
 */
export function rejectCrossOriginWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  const isTrusted = (origin: string, req: Request) =>
    origin === siteOrigin || origin === `${req.protocol}://${req.get("host")}`;

  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (isBearerApiCall(req)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const referer = req.get("referer");
    let allowed: boolean;
    if (origin !== undefined) allowed = origin !== "null" && isTrusted(origin, req);
    else if (fetchSite !== undefined) allowed = fetchSite === "same-origin" || fetchSite === "none";
    else if (referer !== undefined) allowed = URL.canParse(referer) && isTrusted(new URL(referer).origin, req);
    else allowed = true;
    if (allowed) return next();
    req.log.warn({ origin, fetchSite, referer }, "cross-origin write refused");
    res.status(403);
    if (req.path.startsWith("/api/")) res.json({ message: "Cross-origin request refused" });
    else res.type("text").send("Cross-origin request refused");
  };
}
