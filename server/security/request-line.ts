import type { RequestHandler } from "express";

/** The methods the site answers; anything else (TRACE, CONNECT, WebDAV verbs…) is a 405 with Allow. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * Refuses request lines the site was never meant to answer, before any routing reads them
 * (RFC 9110 §15.5.6, RFC 9112 §3.2): an unknown method is 405, and a request target that is not a
 * path (the absolute form `GET http://other.example/…` a proxy would get, or `*`) is 400.
 */
export const refuseOddRequests: RequestHandler = (req, res, next) => {
  if (!METHODS.includes(req.method)) {
    res.status(405).set("Allow", METHODS.join(", ")).type("text").send("Method not allowed");
    return;
  }
  if (!req.url.startsWith("/")) {
    res.status(400).type("text").send("Bad request target");
    return;
  }
  next();
};
