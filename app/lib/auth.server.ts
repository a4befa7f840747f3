import { createContext, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext, servicesContext } from "../request-context.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";

export type { SessionUser };

type Context = Readonly<RouterContextProvider>;

/** The signed-in user of a page request, or null (session cookie, idle and absolute timeouts checked). */
export async function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  const { auth } = context.get(servicesContext);
  context.get(requestInfoContext).onSessionRead?.();
  return auth.getSessionUser(auth.cookie.read(request.headers.get("cookie")));
}

/** The signed-in member of staff, set by the staff layout's middleware (app/routes/cms/staff-layout.tsx). */
export const staffContext = createContext<SessionUser>();

/**
 * Guard for CMS loaders and actions (docs/product.md §2, protected routes), run on the server before any
 * HTML or data is sent: no session redirects to /cms/login?redirectTo=<this page>. The staff layout
 * then checks the role (docs/decisions/027).
 */
export async function requireUser(request: Request, context: Context): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw redirect(loginPathFor(request));
  return user;
}

function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  // Client navigations ask for /page.data; the visitor should come back to /page.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  const back = `${pathname}${url.search}`;
  return `/cms/login?${new URLSearchParams({ redirectTo: back })}`;
}

/**
 * Where to go after login: a same-site path only (never an open redirect). `//evil.example`,
 * `/\evil.example`, absolute URLs and anything that resolves to another origin fall back.
 */
export function safeRedirectPath(target: unknown, fallback = "/cms/control"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  // Browsers drop tabs and newlines inside URLs and read a backslash as "/": "/<tab>/evil" would be "//evil".
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char === "\\")) return fallback;
  const base = "http://same-site.invalid";
  const resolved = new URL(target, base);
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
  if (resolved.origin !== base || resolved.pathname.startsWith("//")) return fallback;
  if (resolved.pathname === "/cms/login") return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
