import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson, sessionCookieOf } from "../support/http.ts";
import { describeDevice } from "../../shared/user-agent.ts";

const CHROME_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

interface Listed {
  id: string;
  device: string;
  place: string | null;
  current: boolean;
  signedInAt: string;
  lastSeenAt: string;
}

/**
 * One's signed-in sessions (docs/decisions/029-activity-log-and-sessions.md): listed with the device
 * and place captured at sign-in, only one's own, each ended by its public id, or all but this one.
 */
describe.each(databaseKinds)("signed-in sessions on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(() => app.close());

  /** A person signed in on three devices, and someone else signed in too. */
  async function signedInThrice() {
    const person = await createSession(app, { role: "contributor" });
    const signIn = async (userAgent: string, headers: Record<string, string> = {}) => {
      const response = await sendJson(app, "/api/login", { username: person.user.username, password: person.password }, { headers: { "user-agent": userAgent, ...headers } });
      expect(response.status).toBe(200);
      // A minute apart, so "the most recently seen first" has one answer.
      app.clock.advance(60_000);
      return sessionCookieOf(response);
    };
    // The helper's own session (no device) goes first, so the three are the person's only live ones.
    await sendJson(app, "/api/logout", "", { cookie: person.cookie });
    const mac = await signIn(CHROME_ON_MAC, { "cf-ipcountry": "DE" });
    const phone = await signIn(SAFARI_ON_IPHONE, { "x-client-place": "Lisbon, Portugal" });
    const windows = await signIn(FIREFOX_ON_WINDOWS);
    const stranger = await createSession(app, { role: "administrator" });
    return { person, mac, phone, windows, stranger };
  }
  const list = async (cookie: string) => {
    const response = await fetch(`${app.baseUrl}/api/cms/sessions`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as Listed[];
  };
  const end = (id: string, cookie: string) => sendJson(app, `/api/cms/sessions/${id}`, "", { method: "DELETE", cookie });
  const works = async (cookie: string) => (await fetch(`${app.baseUrl}/api/cms/sessions`, { headers: { cookie } })).status;

  it("lists only one's own sessions, this device first, with the device in words and the place a trusted proxy named", async () => {
    const { mac, stranger } = await signedInThrice();
    const sessions = await list(mac);
    expect(sessions.map(({ device, place, current }) => ({ device, place, current }))).toEqual([
      { device: "Chrome on macOS", place: "Germany", current: true },
      { device: "Firefox on Windows", place: null, current: false },
      { device: "Safari on iPhone", place: "Lisbon, Portugal", current: false },
    ]);
    const theirs = await list(stranger.cookie);
    expect(theirs).toHaveLength(1);
    expect(sessions.map((session) => session.id)).not.toContain(theirs[0]!.id);
    // Never a token or an address in the answer.
    expect(JSON.stringify(sessions)).not.toMatch(/127\.0\.0\.1|zuri_session|token/);
  });

  it("a place is read only from a trusted proxy", async () => {
    const direct = await startTestApp(kind);
    try {
      const person = await createSession(direct, { role: "author" });
      const response = await sendJson(direct, "/api/login", { username: person.user.username, password: person.password }, { headers: { "cf-ipcountry": "DE", "x-client-place": "Berlin" } });
      const cookie = sessionCookieOf(response);
      const sessions = (await (await fetch(`${direct.baseUrl}/api/cms/sessions`, { headers: { cookie } })).json()) as Listed[];
      expect(sessions.find((session) => session.current)?.place).toBeNull();
    } finally {
      await direct.close();
    }
  });

  it("Sign out ends exactly that session: its cookie is a 401 at its next request; the others go on", async () => {
    const { mac, phone, windows } = await signedInThrice();
    const phoneId = (await list(mac)).find((session) => session.device === "Safari on iPhone")!.id;
    expect((await end(phoneId, mac)).status).toBe(204);
    expect(await works(phone)).toBe(401);
    expect(await works(mac)).toBe(200);
    expect(await works(windows)).toBe(200);
    expect((await end(phoneId, mac)).status).toBe(404);
  });

  it("never ends another person's session, and a bad id is a 400 naming it", async () => {
    const { mac, stranger } = await signedInThrice();
    const theirs = (await list(stranger.cookie))[0]!.id;
    const refused = await end(theirs, mac);
    expect(refused.status).toBe(404);
    expect(await works(stranger.cookie)).toBe(200);
    const bad = await end("not-a-session", mac);
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors)).toEqual(["id"]);
  });

  it("Sign out everywhere else keeps this session and ends the others, only one's own", async () => {
    const { mac, phone, windows, stranger } = await signedInThrice();
    const response = await sendJson(app, "/api/cms/sessions/sign-out-others", "", { cookie: windows });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedOut: 2 });
    expect(await works(windows)).toBe(200);
    expect(await works(mac)).toBe(401);
    expect(await works(phone)).toBe(401);
    expect(await works(stranger.cookie)).toBe(200);
    expect((await list(windows)).map((session) => session.device)).toEqual(["Firefox on Windows"]);
  });

  it("the profile lists them and signs out without JavaScript, by form posts", async () => {
    const { mac, phone, windows } = await signedInThrice();
    const page = await getPage(app, "/cms/profile", mac);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Signed-in devices");
    expect(html).toMatch(/Chrome on macOS<span[^>]*>This device<\/span>/);
    expect(html).toContain("Lisbon, Portugal");
    const phoneId = (await list(mac)).find((session) => session.device === "Safari on iPhone")!.id;
    const signedOut = await postForm(app, "/cms/profile/sessions", { intent: "sign-out", id: phoneId }, { cookie: mac });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/cms/profile#sessions");
    expect(await works(phone)).toBe(401);
    expect((await postForm(app, "/cms/profile/sessions", { intent: "sign-out", id: "x" }, { cookie: mac })).status).toBe(400);
    const others = await postForm(app, "/cms/profile/sessions", { intent: "sign-out-others" }, { cookie: mac });
    expect(others.status).toBe(302);
    expect(await works(windows)).toBe(401);
    expect(await works(mac)).toBe(200);
    // Someone signed out no longer reaches the form.
    expect((await postForm(app, "/cms/profile/sessions", { intent: "sign-out-others" }, { cookie: phone })).headers.get("location")).toMatch(/^\/cms\/login/);
  });
});

describe("a device in words", () => {
  it.each([
    [CHROME_ON_MAC, "Chrome on macOS"],
    [SAFARI_ON_IPHONE, "Safari on iPhone"],
    [FIREFOX_ON_WINDOWS, "Firefox on Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome on Linux"],
    ["curl/8.5.0", "curl"],
    [null, "Unknown device"],
  ])("%s", (userAgent, words) => {
    expect(describeDevice(userAgent)).toBe(words);
  });
});
