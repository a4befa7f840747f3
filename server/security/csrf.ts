import type { Request, RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
