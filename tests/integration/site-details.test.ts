import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { getPage, postForm, sendJson } from "../support/http.ts";
import { heardOfWrites, startSecondInstance } from "../support/second-instance.ts";
import { spawnServer, stopServers, type ServerProcess } from "../support/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { formatInZone } from "../../app/lib/site-time.ts";
import { PLACEHOLDER_SITE_DETAILS, placeholderDetails, type SiteDetails } from "../../shared/site-details.ts";

/** Real details, as an administrator sets them before launch. */
const REAL: SiteDetails = {
  legalName: "Zuri Analytics Limited",
  companyNumber: "14325876",
  officeStreet: "20 Cheapside",
  officeLocality: "London",
  officePostalCode: "EC2V 6DQ",
  officeCountry: "United Kingdom",
  supportEmail: "help@zuri-analytics.co.uk",
  salesEmail: "deals@zuri-analytics.co.uk",
  privacyEmail: "dpo@zuri-analytics.co.uk",
  xUrl: "https://x.com/zurianalytics",
  linkedInUrl: "https://www.linkedin.com/company/zuri-analytics",
  spreadsheetAnalyzerUrl: "https://analyzer.zuri-analytics.co.uk",
  timeZone: "America/New_York",
  ogImage: "/og-image.png",
};

/**
 * The site's details (docs/decisions/054-site-details.md): administrators change them without a deploy;
 * the footer, legal pages, structured data and the CMS's times read them on the next request; each
 * field is checked with its own message, and a refused save changes nothing.
 */
describe.each(databaseKinds)("site details on %s", (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    admin = await createSession(app, { role: "administrator" });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    // Back to the placeholders, as a save would: the row and the content version in one transaction.
    await app.services.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("site_settings").where("name", "=", "site_details").execute();
      await app.services.contentVersion.bump(trx, new Date().toISOString());
    });
  });

  const put = (body: unknown, cookie = admin.cookie) => sendJson(app, "/api/cms/settings/site", body, { method: "PUT", cookie });
  const html = async (path: string) => (await getPage(app, path)).text();

  it("answers the placeholders until set, and the footer, legal pages and structured data show them", async () => {
    const answer = await fetch(`${app.baseUrl}/api/cms/settings/site`, { headers: { cookie: admin.cookie } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(PLACEHOLDER_SITE_DETAILS);
    expect(await html("/")).toContain("mailto:sales@zuri.example");
  });

  it("a change reaches the footer, the legal pages, Contact Sales, the structured data, twitter:site and the feed on the next request", async () => {
    await html("/"); // stored in the page cache at the old version
    const saved = await put(REAL);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(REAL);

    const home = await html("/");
    expect(home).toContain("mailto:deals@zuri-analytics.co.uk");
    expect(home).toContain("Zuri Analytics Limited");
    expect(home).toContain("20 Cheapside, London, EC2V 6DQ, United Kingdom");
    expect(home).toContain('href="https://x.com/zurianalytics"');
    expect(home).toContain('href="https://analyzer.zuri-analytics.co.uk"');
    expect(home).toContain('content="@zurianalytics"');
    expect(home).toContain('"legalName":"Zuri Analytics Limited"');
    expect(home).not.toContain("zuri.example\"");
    const privacy = await html("/privacy");
    expect(privacy).toContain("mailto:dpo@zuri-analytics.co.uk");
    expect(privacy).toMatch(/company number(<!-- -->| )*14325876/);
    expect(await html("/terms")).toContain("mailto:help@zuri-analytics.co.uk");
    expect(await html("/enterprise")).toMatch(/href="mailto:deals@zuri-analytics\.co\.uk"[^>]*>[\s\S]{0,600}Contact Sales/);
    expect(await html("/blog/rss.xml")).toContain(" Zuri Analytics Limited</copyright>");
    expect(placeholderDetails(REAL)).toEqual([]);
  });

  it("the CMS shows times in the site's zone: a scheduled post on the dashboard", async () => {
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCHours(14, 0, 0, 0);
    const post = { title: "Zoned", slug: `zoned-${kind}`, content: "<p>Later</p>", published: true, publishedAt: at.toISOString() };
    expect((await sendJson(app, "/api/cms/posts", post, { cookie: admin.cookie })).status).toBe(201);
    const dashboard = async () => (await getPage(app, "/cms/control?status=scheduled", admin.cookie)).text();
    expect(await dashboard()).toContain(formatInZone(at.toISOString(), "Europe/London"));
    await put(REAL);
    const shown = await dashboard();
    expect(shown).toContain(formatInZone(at.toISOString(), "America/New_York"));
    expect(shown).not.toContain(formatInZone(at.toISOString(), "Europe/London"));
  });

  it("refuses each broken field with its own message, and saves nothing", async () => {
    const refused = await put({
      ...REAL,
      salesEmail: "not an address",
      xUrl: "http://x.com/zuri",
      linkedInUrl: "https://evil.example/company/zuri",
      timeZone: "Mars/Olympus_Mons",
      ogImage: "https://elsewhere.example/og.png",
      companyNumber: "",
    });
    expect(refused.status).toBe(400);
    const { errors } = (await refused.json()) as { errors: Record<string, string> };
    expect(errors).toEqual({
      salesEmail: "Sales mailbox must be an e-mail address like sales@yourcompany.com.",
      xUrl: "X profile must be an https:// address on x.com or twitter.com, like https://x.com/yourcompany.",
      linkedInUrl: "LinkedIn page must be an https:// address on linkedin.com, like https://www.linkedin.com/company/yourcompany.",
      timeZone: "Time zone must be a zone name like Europe/London or America/New_York.",
      ogImage: "Default social image must be /og-image.png or an image uploaded here (a /media/ address).",
      companyNumber: "Company number is required.",
    });
    expect(await app.services.siteSettings.details()).toEqual(PLACEHOLDER_SITE_DETAILS);
    expect(await html("/")).toContain("mailto:sales@zuri.example");
  });

  it("the settings form works without JavaScript: a refusal keeps what was typed, a save redirects", async () => {
    const form = { intent: "details", ...REAL, salesEmail: "deals@" };
    const refused = await postForm(app, "/cms/settings", form, { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Sales mailbox must be an e-mail address");
    expect(page).toContain('value="deals@"');
    const saved = await postForm(app, "/cms/settings", { ...form, salesEmail: REAL.salesEmail }, { cookie: admin.cookie });
    expect(saved.status).toBe(302);
    expect((await app.services.siteSettings.details()).salesEmail).toBe(REAL.salesEmail);
  });

  it("logs who changed what, and only administrators may read or change the details", async () => {
    await put(REAL);
    const line = await app.services.database.db
      .selectFrom("activity_log")
      .selectAll()
      .where("action", "=", "settings.change")
      .where("subject_id", "=", "site_details")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(line.actor_id).toBe(admin.user.id);
    expect(JSON.parse(line.detail!)).toMatchObject({ salesEmail: { from: "sales@zuri.example", to: REAL.salesEmail } });
    const editor = await createSession(app, { role: "editor" });
    expect((await put(REAL, editor.cookie)).status).toBe(403);
  });

  it("the dashboard lists the placeholders to administrators until they are set, and to no one else", async () => {
    // React separates text parts with empty comments.
    const dashboard = async (cookie: string) => (await (await getPage(app, "/cms/control", cookie)).text()).replaceAll("<!-- -->", "");
    expect(await dashboard(admin.cookie)).toContain("The public site still shows 9 placeholders");
    const editor = await createSession(app, { role: "editor" });
    expect(await dashboard(editor.cookie)).not.toContain("The public site still shows");
    await put(REAL);
    expect(await dashboard(admin.cookie)).not.toContain("The public site still shows");
  });
});

describe.runIf(databaseKinds.includes("postgres"))("site details on two instances on one PostgreSQL", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    app = await startTestApp("postgres");
    admin = await createSession(app, { role: "administrator" });
  });
  afterAll(() => app.close());
  const put = (body: unknown) => sendJson(app, "/api/cms/settings/site", body, { method: "PUT", cookie: admin.cookie });

  it("a change on one instance shows on the other's next request (footer, legal pages, Contact Sales)", async () => {
    const other = await startSecondInstance(app);
    try {
      const page = (path: string) => fetch(`${other.baseUrl}${path}`).then((answer) => answer.text());
      // The other instance has rendered and stored these pages with the placeholders.
      expect(await page("/")).toContain("mailto:sales@zuri.example");
      expect(await page("/privacy")).toContain("mailto:sales@zuri.example");
      expect(await page("/enterprise")).toContain("mailto:sales@zuri.example");
      expect((await put({ ...PLACEHOLDER_SITE_DETAILS, salesEmail: "pipeline@zuri-analytics.co.uk" })).status).toBe(200);
      await heardOfWrites(other.services);
      for (const path of ["/", "/privacy", "/terms", "/enterprise"]) {
        const body = await page(path);
        expect(body, path).toContain("mailto:pipeline@zuri-analytics.co.uk");
        expect(body, path).not.toContain("mailto:sales@zuri.example");
      }
    } finally {
      await other.close();
    }
  });
});

describe("a production start", () => {
  let database: TestDatabase;
  let devDatabase: TestDatabase;
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    [database, devDatabase] = await Promise.all([createTestDatabase("sqlite"), createTestDatabase("sqlite")]);
  });
  afterAll(async () => {
    await stopServers(running);
    await Promise.all([database.drop(), devDatabase.drop()]);
  });
  const warnings = (server: ServerProcess) => server.output.filter((line) => line.includes("is still the placeholder"));

  it("logs one warning per placeholder setting; once they are set, none", async () => {
    const admin = { ADMIN_USERNAME: "launch-admin", ADMIN_PASSWORD: "launch-admin-password-1" };
    const first = await spawnServer({ DATABASE_URL: database.url, SITE_URL: "https://zuri.example", ...admin });
    running.push(first);
    expect(warnings(first)).toHaveLength(placeholderDetails(PLACEHOLDER_SITE_DETAILS).length);
    expect(warnings(first).join("\n")).toContain('site setting \\"Sales mailbox\\" is still the placeholder sales@zuri.example');

    const login = await fetch(`${first.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://zuri.example" },
      body: JSON.stringify({ username: admin.ADMIN_USERNAME, password: admin.ADMIN_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const saved = await fetch(`${first.url}/api/cms/settings/site`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie, origin: "https://zuri.example" },
      body: JSON.stringify(REAL),
    });
    expect(saved.status).toBe(200);
    await stopServers([first]);

    const second = await spawnServer({ DATABASE_URL: database.url, SITE_URL: "https://zuri.example", ...admin });
    running.push(second);
    expect(warnings(second)).toEqual([]);
    // A development start (http://) does not warn at all.
    const dev = await spawnServer({ DATABASE_URL: devDatabase.url });
    running.push(dev);
    expect(warnings(dev)).toEqual([]);
  });
});
