import type { Request, RequestHandler, Response } from "express";
import type { Services } from "../services.ts";
import type { SessionUser } from "../services/auth.ts";
import type { TokenAccess } from "../services/api-tokens.ts";
import { sendRefusal } from "./answer.ts";
import { ENROLMENT_REQUIRED } from "../../shared/second-factor.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { isSecretParameter } from "../security/secrets-in-urls.ts";
import type { Access } from "./operation.ts";
import { can } from "../../shared/roles.ts";
import {
  API_TOKEN_INVALID,
  API_TOKEN_NOT_IN_HEADER,
  API_TOKEN_PATTERN,
  API_TOKEN_SESSION_ONLY,
  apiTokenScopeMissing,
  scopesGrant,
  type ApiTokenScope,
} from "../../shared/api-tokens.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /**
     * Set by an operation's guard (guardFor): who this request acts as. The signed-in user; for an API token, the
     * person who made it, with their rights as they are now (docs/decisions/072).
     */
    user?: SessionUser;
    /** Set by the guard for a request judged by an API token (docs/decisions/072). */
    apiToken?: TokenAccess;
  }
}

/** createHttpApp puts the services on `app.locals`, so the guards are plain middleware (server/api/mount.ts puts each operation's in front of it). */
function servicesOf(req: Request): Services {
  const services = req.app.locals.services as Services | undefined;
  if (!services) throw new Error("app.locals.services is not set (createHttpApp sets it)");
  return services;
}

/** The signed-in user of an API request, or null (reads the session cookie, checks the timeouts). */
export async function getRequestUser(req: Request): Promise<SessionUser | null> {
  const { auth } = servicesOf(req);
  return auth.getSessionUser(auth.cookie.read(req.headers.cookie));
}

async function authenticate(req: Request, locals: { user?: SessionUser }): Promise<SessionUser | null> {
  locals.user ??= (await getRequestUser(req)) ?? undefined;
  return locals.user ?? null;
}

/** The token of `Authorization: Bearer <token>`, "" for a Bearer header without one, null for no Bearer header. */
export function bearerOf(req: Request): string | null {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(req.get("authorization")?.trim() ?? "");
  return match ? (match[1] ?? "").trim() : null;
}

/**
 * An API token in the address, where logs and browser histories keep it: `?token=`, `?access_token=`,
 * `?api_key=` and their spellings (`?access%5Ftoken=`, `?token[]=`), or any parameter whose value is
 * one. Refused, whatever else the request carries. Tokens are read from the Authorization header only:
 * a cookie is never one (a cookie named `token`, which a sibling subdomain can set, is just a cookie).
 */
function tokenInAddress(req: Request): boolean {
  const query = req.originalUrl.indexOf("?");
  if (query < 0) return false;
  return [...new URLSearchParams(req.originalUrl.slice(query + 1))].some(
    ([name, value]) => isSecretParameter(name) || API_TOKEN_PATTERN.test(value.trim()),
  );
}

/** RFC 6750 §3: how a bearer request was refused, for clients that read it. */
function bearerChallenge(res: Response, error: "invalid_request" | "invalid_token" | "insufficient_scope", scope?: ApiTokenScope) {
  res.set("WWW-Authenticate", `Bearer realm="zuri", error="${error}"${scope ? `, scope="${scope}"` : ""}`);
}

/**
 * The guard of an operation's `access` (server/api/operation.ts; decision 031, docs/decisions/072):
 * - `anyone`: nothing to check (an operation that reads the session reads it itself).
 * - A request with `Authorization: Bearer …` is judged by its token alone, its cookies ignored: 401
 *   `{ message }` for a missing, unknown or revoked token (looked up on every request), 429 past the
 *   token's rate limit, 403 when the operation takes no token or names a scope the token lacks;
 *   otherwise it acts as the token's administrator (or the organisation) in `res.locals.user`.
 * - A token in the address: 401, whatever else the request carries. Cookies never carry a token.
 * - Otherwise the session cookie, as always: 401 `{ message: "Not authenticated" }` without a valid
 *   session, 403 `{ message: "Forbidden" }` without the role, and 403 for an administrator who must
 *   set up a second factor first (docs/decisions/075) unless the operation is one of their own factors'.
 */
export function guardFor(access: Access): RequestHandler {
  return async (req, res, next) => {
    if (access.who === "anyone") return next();
    if (tokenInAddress(req)) {
      bearerChallenge(res, "invalid_request");
      res.status(401).json({ message: API_TOKEN_NOT_IN_HEADER });
      return;
    }
    const bearer = bearerOf(req);
    if (bearer !== null) return void (await requireToken(req, res, next, bearer, access));

    const user = await authenticate(req, res.locals);
    if (!user) {
      res.status(401).json({ message: "Not authenticated" });
      return;
    }
    if (access.who === "staff") {
      if (!can(user.role, access.permission)) {
        res.status(403).json({ message: "Forbidden" });
        return;
      }
      if (!access.beforeEnrolment && (await servicesOf(req).secondFactor.mustEnrol(user))) {
        res.status(403).json({ message: ENROLMENT_REQUIRED });
        return;
      }
    }
    next();
  };
}

/** Every /api/cms path that no operation answers: guarded as the CMS is (any staff role), then 404. */
export const requireStaff = guardFor({ who: "staff", permission: "cms" });

async function requireToken(req: Request, res: Response, next: () => void, bearer: string, access: Access) {
  const scope = access.who === "staff" ? access.token : undefined;
  const { apiTokens } = servicesOf(req);
  const token = await apiTokens.authenticate(bearer);
  if (!token) {
    bearerChallenge(res, "invalid_token");
    res.status(401).json({ message: API_TOKEN_INVALID });
    return;
  }
  if (isRefusal(token)) return sendRefusal(res, token);
  const limited = await apiTokens.consume(token.tokenId);
  if (limited) return sendRefusal(res, limited);
  if (!scope) {
    res.status(403).json({ message: API_TOKEN_SESSION_ONLY });
    return;
  }
  if (!scopesGrant(token.scopes, scope)) {
    bearerChallenge(res, "insufficient_scope", scope);
    res.status(403).json({ message: apiTokenScopeMissing(scope) });
    return;
  }
  // The token acts as its maker, with their role as it is now (docs/decisions/027).
  if (access.who === "staff" && !can(token.actor.role, access.permission)) {
    res.status(403).json({ message: "Forbidden" });
    return;
  }
  res.locals.apiToken = token;
  res.locals.user = token.actor;
  next();
}
