import type { Request, RequestHandler } from "express";
import type { Services } from "../services.ts";
import type { SessionUser } from "../services/auth.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** Set by requireAdmin: the signed-in user of this request. */
    user?: SessionUser;
  }
}

/** createHttpApp puts the services on `app.locals`, so the guards are plain middleware: `router.get(path, requireAdmin, handler)`. */
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

/**
 * 401 `{ message: "Not authenticated" }` without a valid session, 403 `{ message: "Forbidden" }` for
 * a user who is not an administrator; otherwise sets `res.locals.user`.
 */
export const requireAdmin: RequestHandler = async (req, res, next) => {
  const user = await authenticate(req, res.locals);
  if (!user) {
    res.status(401).json({ message: "Not authenticated" });
    return;
  }
  if (!user.isAdmin) {
    res.status(403).json({ message: "Forbidden" });
    return;
  }
  next();
};
