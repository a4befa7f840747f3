import type { TestApp } from "./test-app.ts";

/** JSON POST (or other method) to the test app, with an optional Cookie header. */
export function sendJson(
  app: TestApp,
  path: string,
  body: unknown,
  { method = "POST", cookie, headers = {} }: { method?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A form post the way a browser without JavaScript sends it; redirects are not followed. */
export function postForm(
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A GET that does not follow redirects. */
export function getPage(app: TestApp, path: string, cookie?: string) {
  return fetch(`${app.baseUrl}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** The `name=value` part of the session Set-Cookie of a response, ready for a Cookie header. */
export function sessionCookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((value) => value.includes("zuri_session="));
  if (!header) throw new Error(`no session cookie in ${response.status} response`);
  return header.split(";")[0]!;
}
