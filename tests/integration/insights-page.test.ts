import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { parseCsv } from "../support/csv.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { demoRequestBody } from "../support/demo-requests.ts";

/**
 * The Insights page and its CSV (docs/decisions/071), over real HTTP on both databases: administrators
 * only, the range in the address (a 400 with the reason for one it cannot read), the report's numbers
 * in the page's tables and in the CSV (formula-escaped), and the chart library in no public page's code.
 * The numbers come from real page views (`POST /api/events`) and a real demo request sent from the visit.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const FORMULA_SOURCE = '=HYPERLINK("https://evil.example","Click")';
const visitId = () => randomBytes(16).toString("base64url");
const today = (app: TestApp) => app.clock().toISOString().slice(0, 10);

/** The numbers of one breakdown row as the page shows them: page views, visits, visitors, demo requests, conversion. */
function rowNumbers(html: string, section: string, label: string): string[] | null {
  const start = html.indexOf(`aria-labelledby="insights-${section}"`);
  if (start < 0) return null;
  const body = html.slice(start, html.indexOf("</section>", start));
  for (const [row] of body.matchAll(/<tr[^>]*>[\s\S]*?<\/tr>/g)) {
    const header = /<th[^>]*scope="row"[^>]*>\s*<span[^>]*>([\s\S]*?)<\/span>/.exec(row)?.[1];
    if (header !== label) continue;
    return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim());
  }
  return null;
}

describe.each(databaseKinds)("the Insights page on %s", (kind) => {
  let app: TestApp;
  let admin: string;
  let member: string;
  let landingVisit: string;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { TRUST_PROXY: "loopback" } });
    admin = (await createSession(app, { isAdmin: true })).cookie;
    member = (await createSession(app, { isAdmin: false })).cookie;
  });
  afterAll(() => app.close());

  const get = (path: string, cookie?: string) => fetch(`${app.baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  const pageView = async (event: Record<string, unknown>, ip: string) => {
    const response = await fetch(`${app.baseUrl}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": BROWSER, "x-forwarded-for": ip, origin: app.baseUrl },
      body: JSON.stringify({ referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, device: "desktop", ...event }),
    });
    expect(response.status).toBe(202);
  };

  /** The book-demo form as a consenting visitor's browser sends it: with the page's token and the visit id. */
  const demoRequestFrom = async (visit: string) => {
    const html = await (await fetch(`${app.baseUrl}/book-demo`)).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    app.clock.advance(5_000);
    const response = await fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.50" },
      body: JSON.stringify(demoRequestBody({ formToken, website: "", sourcePage: "/book-demo", visitId: visit })),
    });
    expect(response.status).toBe(201);
  };

  it("sends anonymous visitors to the login page and other users to the unauthorized page, page and CSV alike", async () => {
    for (const path of ["/cms/insights?range=7", "/cms/insights.csv?range=7"]) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/cms/login?${new URLSearchParams({ redirectTo: path })}`);
      const other = await get(path, member);
      expect(other.status, path).toBe(302);
      expect(other.headers.get("location")).toBe("/cms/unauthorized");
    }
  });

  it("explains that only visitors who accepted Analytics cookies are counted while there is no data", async () => {
    const response = await get("/cms/insights", admin);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Insights | Zuri CMS</title>");
    expect(html).toContain("No visits recorded in this range yet");
    expect(html).toContain("Insights only counts visitors who accepted Analytics cookies");
    // The range picker: links for the presets (30 days by default), a GET form for a custom range.
    expect(html).toMatch(/<a[^>]*href="\/cms\/insights\?range=7"[^>]*>7 days<\/a>/);
    const current = /<a[^>]*>30 days<\/a>/.exec(html)?.[0];
    expect(current).toContain('href="/cms/insights"');
    expect(current).toContain('aria-current="page"');
    const form = /<form[^>]*aria-label="Custom range"[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/cms/insights"');
    expect(html).toMatch(new RegExp(`<input[^>]*max="${today(app)}"[^>]*name="to"`));
  });

  it.each([
    ["?range=14", "range must be one of 7, 30, 90"],
    ["?range=7&range=30", "range must be one of 7, 30, 90"],
    ["?from=2026-02-30&to=2026-03-02", "from must be a date written YYYY-MM-DD"],
    ["?from=2026-03-02", "to is required with from"],
    ["?from=2026-03-05&to=2026-03-01", "from must be on or before to"],
    ["?from=2020-01-01&to=2021-12-31", "A custom range can cover at most 366 days"],
    ["?range=7&from=2026-03-01&to=2026-03-02", "Choose either range or from and to, not both"],
  ])("refuses %s with a 400 that says why, on the page and for the CSV", async (search, reason) => {
    const page = await get(`/cms/insights${search}`, admin);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("This range is not valid");
    expect(html).toContain(reason);
    expect(html).not.toContain("Download CSV");
    const csv = await get(`/cms/insights.csv${search}`, admin);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain(reason);
  });

  it("refuses a custom range that ends after today", async () => {
    const tomorrow = new Date(app.clock().getTime() + 86_400_000).toISOString().slice(0, 10);
    const response = await get(`/cms/insights?from=${today(app)}&to=${tomorrow}`, admin);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("to must not be after today");
  });

  describe("with page views and a demo request", () => {
    beforeAll(async () => {
      landingVisit = visitId();
      const campaign = { utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" };
      for (const path of ["/product", "/blog", "/book-demo"]) {
        await pageView({ visitId: landingVisit, path, landingPath: "/product", ...campaign }, "198.51.100.1");
      }
      await demoRequestFrom(landingVisit);
      // A second visit whose campaign would be a formula in a spreadsheet, from a phone and a referrer.
      await pageView(
        { visitId: visitId(), path: "/", landingPath: "/", utmSource: FORMULA_SOURCE, referrer: "https://www.linkedin.com", device: "mobile" },
        "198.51.100.2",
      );
    });

    it("shows the totals, the daily numbers and each breakdown with its conversion rate", async () => {
      const response = await get("/cms/insights?range=7", admin);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain("No visits recorded in this range yet");
      expect(html).toMatch(/<a[^>]*href="\/cms\/insights\.csv\?range=7"[^>]*download=""[^>]*>.*Download CSV<\/a>/s);
      expect(html).toMatch(/<dt[^>]*>Page views<\/dt><dd[^>]*>4<\/dd>/);
      expect(html).toMatch(/<dt[^>]*>Visitors<\/dt><dd[^>]*>2<\/dd>/);
      expect(html).toMatch(/<dt[^>]*>Demo requests<\/dt><dd[^>]*>1<\/dd>/);
      expect(html).toMatch(/<dt[^>]*>Conversion rate<\/dt><dd[^>]*>50\.0%<\/dd>/);
      // Every chart's numbers are in a table with a caption, in a disclosure under it.
      expect(html).toMatch(/<summary[^>]*>.*Show the numbers as a table<\/summary>/s);
      expect(html).toMatch(/<caption[^>]*>Visitors and page views per day, /);
      expect(html).toMatch(/<caption[^>]*>Demo requests per day, /);
      expect(html).toMatch(new RegExp(`<time datetime="${today(app)}">`, "i"));

      expect(rowNumbers(html, "landing-pages", "/product")).toEqual(["3", "1", "1", "1", "100.0%"]);
      expect(rowNumbers(html, "campaigns", "newsletter / email / spring")).toEqual(["3", "1", "1", "1", "100.0%"]);
      expect(rowNumbers(html, "top-pages", "/book-demo")).toEqual(["1", "1", "1", "1", "100.0%"]);
      expect(rowNumbers(html, "referrers", "Direct")).toEqual(["3", "1", "1", "1", "100.0%"]);
      expect(rowNumbers(html, "devices", "Mobile")).toEqual(["1", "1", "1", "0", "0.0%"]);
    });

    it("downloads the same range as one CSV with a section column, safe to open in a spreadsheet", async () => {
      const response = await get("/cms/insights.csv?range=7", admin);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const from = new Date(app.clock().getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="zuri-insights-${from}-to-${today(app)}.csv"`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      // UTF-8 with a byte-order mark, so Excel reads accents (the decoder drops the mark).
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      expect(text.endsWith("\r\n")).toBe(true);
      const rows = parseCsv(text).map((row) => row.join("|"));
      expect(rows[0]).toBe("Section|Key|Label|Page Views|Visits|Visitors|Demo Requests|Conversion Rate (%)");
      expect(rows).toContain(`totals|visits|Visits with Analytics consent, ${from} to ${today(app)}|4|2|2|1|50`);
      expect(rows).toContain(`totals|demo-requests|Every demo request, ${from} to ${today(app)}||||1|`);
      expect(rows).toContain(`daily|${today(app)}|${today(app)}|4||2|1|`);
      expect(rows.filter((row) => row.startsWith("daily|"))).toHaveLength(7);
      expect(rows).toContain("landing-pages|/product|/product|3|1|1|1|100");
      expect(rows).toContain("campaigns|newsletter / email / spring|newsletter / email / spring|3|1|1|1|100");
      expect(rows).toContain("devices|mobile|Mobile|1|1|1|0|0");
      // The formula is shown as text: a leading apostrophe; every cell is quoted (docs/decisions/052).
      const escaped = `'${FORMULA_SOURCE} / (not set) / (not set)`;
      expect(rows).toContain(`campaigns|${escaped}|${escaped}|1|1|1|0|0`);
      expect(text).toContain(`"'${FORMULA_SOURCE.replaceAll('"', '""')} / (not set) / (not set)"`);
      // However a spreadsheet splits it (',' or ';', and at line breaks), no piece starts a formula.
      for (const piece of text.split(/\r\n|\n|;|,/)) expect(piece.replace(/^"+/, "")).not.toMatch(/^[=+\-@]/);
    });

    it("reads a custom range from the address, and one without the visits shows none", async () => {
      const day = today(app);
      const page = await (await get(`/cms/insights?from=${day}&to=${day}`, admin)).text();
      expect(rowNumbers(page, "landing-pages", "/product")).toEqual(["3", "1", "1", "1", "100.0%"]);
      expect(page).toMatch(new RegExp(`<input[^>]*name="from"[^>]*value="${day}"`));
      expect(page).toMatch(/<a[^>]*href="\/cms\/insights\.csv\?from=\d{4}-\d{2}-\d{2}&amp;to=\d{4}-\d{2}-\d{2}"/);
      const earlier = "2024-01-01";
      const before = await get(`/cms/insights?from=${earlier}&to=2024-01-31`, admin);
      expect(before.status).toBe(200);
      expect(await before.text()).toContain("No visits recorded in this range yet");
      const csv = await (await get(`/cms/insights.csv?from=${earlier}&to=2024-01-31`, admin)).text();
      expect(parseCsv(csv).filter(([section]) => section === "daily")).toHaveLength(31);
      expect(csv).not.toContain('"landing-pages"');
    });
  });
});

describe("the chart library", () => {
  const assetsDir = join(process.env.BUILD_DIR ?? "build", "client", "assets");
  const read = (file: string) => readFileSync(join(assetsDir, file), "utf8");
  /** uPlot's own class names: in the library's code, whatever the bundler calls its chunk. */
  const chartChunks = readdirSync(assetsDir).filter((file) => file.endsWith(".js") && read(file).includes("u-cursor-pt"));

  /** Every file a page's scripts can load: the modules it names and all they import, statically or lazily. */
  function reachable(html: string): Set<string> {
    const seen = new Set<string>();
    const queue = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((match) => match[1]!);
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const match of read(file).matchAll(/(?:from|import)\s*\(?\s*["'`](?:\.\/|\/assets\/)([\w.-]+\.js)["'`]/g)) queue.push(match[1]!);
    }
    return seen;
  }

  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp("sqlite");
    ({ cookie } = await createSession(app, { isAdmin: true }));
  });
  afterAll(() => app.close());

  it("is built into chunks that no public page loads, and only the Insights page does", async () => {
    expect(chartChunks.length).toBeGreaterThan(0);
    for (const path of ["/", "/blog", "/product", "/book-demo", "/privacy", "/no-such-page", "/cms/login"]) {
      const files = reachable(await (await fetch(`${app.baseUrl}${path}`)).text());
      expect(files.size, path).toBeGreaterThan(1);
      for (const chunk of chartChunks) expect(files.has(chunk), `${path} loads ${chunk}`).toBe(false);
    }
    const dashboard = reachable(await (await fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } })).text());
    for (const chunk of chartChunks) expect(dashboard.has(chunk)).toBe(false);
    const insights = reachable(await (await fetch(`${app.baseUrl}/cms/insights`, { headers: { cookie } })).text());
    for (const chunk of chartChunks) expect(insights.has(chunk)).toBe(true);
  });
});
