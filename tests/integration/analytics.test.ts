import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { createLogger } from "../../server/logger.ts";
import { ANALYTICS_CLIENT_LIMITS, ANALYTICS_VISIT_LIMIT } from "../../server/services/analytics-ingestion.ts";
import { createAnalyticsRollups } from "../../server/services/analytics-rollups.ts";
import { databaseKinds } from "../support/databases.ts";
import { createTestClock, startTestApp, type TestApp } from "../support/test-app.ts";
import { demoRequestBody } from "../support/demo-requests.ts";

const DAY = 86_400_000;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

let visits = 0;
/** A new visit id, as the beacon makes them (22 characters of base64url). */
const newVisit = () => `visit${String(++visits).padStart(4, "0")}-${Math.random().toString(36).slice(2, 12)}xx`;

/**
 * First-party analytics (docs/decisions/070-first-party-analytics.md) on both databases, through real
 * HTTP: what POST /api/events keeps and drops, what is stored (never an IP address or a user agent), the
 * daily salt, the rollup and retention with a moved clock, rollups exactly once, and the report's attribution.
 */
describe.each(databaseKinds)("analytics on %s", (kind) => {
  let app: TestApp;
  /** Every test sends from its own address (TRUST_PROXY=loopback), as visitors do. */
  let address = 0;
  let ip = "";

  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: { SITE_URL: "https://zuri.example", TRUST_PROXY: "loopback" },
      clock: createTestClock(new Date("2026-11-24T10:00:00.000Z")),
    });
    // The tests move time and sweep themselves: no background job runs (startTestApp without `jobs`).
  });
  afterAll(() => app.close());
  beforeEach(() => {
    ip = `203.0.113.${++address}`;
  });

  const view = (overrides: Record<string, unknown> = {}) => ({
    visitId: newVisit(),
    path: "/",
    landingPath: "/",
    referrer: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    device: "desktop",
    ...overrides,
  });

  /** One page view as the beacon sends it: a text/plain string (navigator.sendBeacon). */
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/api/events`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME, "x-forwarded-for": ip, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const storedEvents = async () => {
    await app.services.analytics.flush();
    return app.services.database.db.selectFrom("analytics_events").selectAll().orderBy("id").execute();
  };
  const eventsOf = async (visitId: string) => (await storedEvents()).filter((row) => row.visit_id === visitId);
  const today = () => app.clock().toISOString().slice(0, 10);

  it("answers 202 and stores a page view with its visit's attributes, never the IP address or the user agent", async () => {
    const visitId = newVisit();
    const response = await send(
      view({ visitId, path: "/product", landingPath: "/blog/hello", referrer: "https://news.example", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring", device: "mobile" }),
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
    const rows = await eventsOf(visitId);
    expect(rows).toEqual([
      expect.objectContaining({
        day: today(),
        path: "/product",
        landing_path: "/blog/hello",
        referrer: "https://news.example",
        campaign: "newsletter / email / spring",
        device: "mobile",
      }),
    ]);
    expect(rows[0]!.visitor_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // Read every analytics table, and the one column demo requests gained: no address, no browser string.
    const { db } = app.services.database;
    const everything = JSON.stringify(
      await Promise.all([
        db.selectFrom("analytics_events").selectAll().execute(),
        db.selectFrom("analytics_salts").selectAll().execute(),
        db.selectFrom("analytics_daily").selectAll().execute(),
        db.selectFrom("analytics_rollups").selectAll().execute(),
        db.selectFrom("rate_limits").selectAll().where("key", "like", "analytics%").execute(),
      ]),
    );
    for (const secret of [ip, "127.0.0.1", CHROME, "Chrome/131", "Mozilla"]) expect(everything).not.toContain(secret);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ["id", "day", "created_at", "visit_id", "visitor_hash", "path", "landing_path", "referrer", "campaign", "device"].sort(),
    );
  });

  it("answers 400 with field messages for malformed or oversized events, 413 for a huge body, and stores none", async () => {
    const before = (await storedEvents()).length;
    const cases: [unknown, string | null][] = [
      ["{not json", null],
      ["[]", null],
      [[view()], null],
      ["", null],
      [view({ visitId: "short" }), "visitId"],
      [view({ visitId: undefined }), "visitId"],
      [view({ path: `/${"a".repeat(300)}` }), "path"],
      [view({ path: "product" }), "path"],
      [view({ landingPath: 42 }), "landingPath"],
      [view({ referrer: "https://news.example/some/article" }), "referrer"],
      [view({ referrer: "javascript:alert(1)" }), "referrer"],
      [view({ utmCampaign: "x".repeat(201) }), "utmCampaign"],
      [view({ utmSource: "a\u0000b" }), "utmSource"],
      [view({ device: "watch" }), "device"],
    ];
    for (const [body, field] of cases) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await response.json()) as { message: string; errors?: Record<string, string> };
      expect(answer.message).toBeTruthy();
      if (field) expect(answer.errors?.[field], field).toBeTruthy();
    }
    const huge = await send(view({ utmTerm: "x".repeat(8000) }));
    expect(huge.status).toBe(413);
    expect((await storedEvents()).length).toBe(before);
  });

  it("drops without storing: pages that are not the site's, Global Privacy Control, bots, prefetches", async () => {
    const before = (await storedEvents()).length;
    const dropped: [Record<string, unknown>, Record<string, string>][] = [
      [view({ path: "/cms/login" }), {}],
      [view({ path: "/cms/insights", landingPath: "/cms/insights" }), {}],
      [view({ path: "/preview/abcdef" }), {}],
      [view({ path: "/api/blog" }), {}],
      [view({ path: "/no/such/page" }), {}],
      [view({ path: "/blog/rss.xml" }), {}],
      [view({ landingPath: "/wp-admin" }), {}],
      [view(), { "sec-gpc": "1" }],
      [view(), { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      [view(), { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }],
      [view(), { "user-agent": "curl/8.5.0" }],
      [view(), { "user-agent": "Mozilla/5.0" }],
      [view(), { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36" }],
      [view(), { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Puppeteer" }],
      [view(), { "user-agent": "" }],
      [view(), { "user-agent": "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse" }],
      [view(), { "sec-purpose": "prefetch" }],
      [view(), { "sec-purpose": "prefetch;prerender" }],
      [view(), { purpose: "prefetch" }],
    ];
    for (const [body, headers] of dropped) {
      const response = await send(body, headers);
      expect(response.status, `${JSON.stringify(body.path)} ${JSON.stringify(headers)}`).toBe(202);
    }
    expect((await storedEvents()).length).toBe(before);
    // The same page view without those is kept.
    expect((await send(view({ path: "/blog/tag/forecasting" }))).status).toBe(202);
    expect((await storedEvents()).length).toBe(before + 1);
  });

  it("keeps a referrer from this site as direct, and the page views of a cross-origin page never", async () => {
    const visitId = newVisit();
    await send(view({ visitId, referrer: "https://zuri.example" }));
    expect((await eventsOf(visitId)).map((row) => row.referrer)).toEqual([null]);
    const crossSite = await send(view(), { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
  });

  it(`keeps at most ${ANALYTICS_VISIT_LIMIT.points} page views per visit per window, in one batch or across batches`, async () => {
    const [a, b] = [newVisit(), newVisit()];
    // From many networks (a phone moving between them), so that no client network's own limit applies.
    for (let i = 0; i < 40; i++) await send(view({ visitId: a, path: "/blog" }), { "x-forwarded-for": `192.0.2.${i + 1}` });
    await app.services.analytics.flush();
    for (let i = 0; i < 30; i++) await send(view({ visitId: a, path: "/features" }), { "x-forwarded-for": `192.0.2.${i + 101}` });
    for (let i = 0; i < 3; i++) await send(view({ visitId: b }));
    expect(await eventsOf(a)).toHaveLength(ANALYTICS_VISIT_LIMIT.points);
    expect(await eventsOf(b)).toHaveLength(3);
    // A new window: the visit counts again.
    app.clock.advance(ANALYTICS_VISIT_LIMIT.durationSeconds * 1000);
    await send(view({ visitId: a }));
    expect(await eventsOf(a)).toHaveLength(ANALYTICS_VISIT_LIMIT.points + 1);
  });

  it("bounds what one client network adds: 2,000 page views with fresh visit ids in a burst store at most its minute's share, and never top the report", async () => {
    const spam = "https://spam-referrer.example";
    const burst = Array.from({ length: 2000 }, () => view({ referrer: spam, path: "/blog" }));
    const started = Date.now();
    for (let start = 0; start < burst.length; start += 100) {
      const answers = await Promise.all(burst.slice(start, start + 100).map((body) => send(body, { "x-forwarded-for": "198.51.100.66" })));
      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([202]));
    }
    const seconds = (Date.now() - started) / 1000;
    // Three real visitors from a newsletter, each on a network of their own.
    for (const address of ["192.0.2.201", "192.0.2.202", "192.0.2.203"]) {
      await send(view({ referrer: "https://newsletter.example" }), { "x-forwarded-for": address });
    }
    const stored = (await storedEvents()).filter((row) => row.referrer === spam);
    expect(stored.length).toBe(ANALYTICS_CLIENT_LIMITS[0].points);
    console.log(`flood: 2,000 page views from one address in ${seconds.toFixed(2)} s; ${stored.length} stored`);

    const report = await app.services.insights.report({ from: today(), to: today() });
    const labels = report.referrers.map((row) => row.label);
    expect(labels.indexOf("newsletter.example")).toBeGreaterThanOrEqual(0);
    expect(labels.indexOf("newsletter.example")).toBeLessThan(labels.indexOf("spam-referrer.example"));

    // The next minute the client may add its share again, up to the day's bound.
    app.clock.advance(60_000);
    await send(view({ referrer: spam }), { "x-forwarded-for": "198.51.100.66" });
    expect((await storedEvents()).filter((row) => row.referrer === spam)).toHaveLength(ANALYTICS_CLIENT_LIMITS[0].points + 1);
  });

  it("counts an IPv6 client by its /64: every address in it shares one budget, the next /64 has its own", async () => {
    const referrer = "https://ipv6-flood.example";
    for (let i = 0; i < 60; i++) await send(view({ referrer }), { "x-forwarded-for": `2001:db8:77:1::${(i + 1).toString(16)}` });
    await send(view({ referrer }), { "x-forwarded-for": "2001:db8:77:2::1" });
    const stored = (await storedEvents()).filter((row) => row.referrer === referrer);
    expect(stored).toHaveLength(ANALYTICS_CLIENT_LIMITS[0].points + 1);
  });

  it("bounds one client network per day too", async () => {
    const referrer = "https://slow-flood.example";
    const [minute, day] = ANALYTICS_CLIENT_LIMITS;
    // A client at the minute's limit, minute after minute, until the day's bound is reached.
    for (let round = 0; round * minute.points < day.points + minute.points; round++) {
      await Promise.all(Array.from({ length: minute.points }, () => send(view({ referrer }), { "x-forwarded-for": "198.51.100.77" })));
      await app.services.analytics.flush();
      app.clock.advance(60_000);
    }
    expect((await storedEvents()).filter((row) => row.referrer === referrer)).toHaveLength(day.points);
  });

  it("stores no e-mail address: one in a path segment or a campaign value, encoded or not, is redacted", async () => {
    const visitId = newVisit();
    await send(
      view({ visitId, path: "/blog/someone%40example.com", landingPath: "/blog/tag/a%40b.example", utmSource: "list-jane.doe@example.com", utmCampaign: "x%40y.example" }),
    );
    const [row] = await eventsOf(visitId);
    expect(row).toMatchObject({ path: "/blog/[redacted]", landing_path: "/blog/tag/[redacted]", campaign: "[redacted] / (not set) / [redacted]" });
    expect(JSON.stringify(await storedEvents())).not.toMatch(/example\.com|a%40b|someone/);
  });

  it("tells visitors apart by a hash with the day's salt, which is deleted once the day is over", async () => {
    const [first, second, third] = [newVisit(), newVisit(), newVisit()];
    await send(view({ visitId: first }));
    await send(view({ visitId: second }));
    await send(view({ visitId: third }), { "user-agent": FIREFOX });
    const hash = async (visitId: string) => (await eventsOf(visitId))[0]!.visitor_hash;
    expect(await hash(first)).toBe(await hash(second));
    expect(await hash(third)).not.toBe(await hash(first));

    const { db } = app.services.database;
    const day = today();
    expect(await db.selectFrom("analytics_salts").select("day").execute()).toEqual([{ day }]);
    app.clock.advance(DAY);
    await app.services.analyticsRollups.sweep();
    expect((await db.selectFrom("analytics_salts").select("day").execute()).map((row) => row.day)).not.toContain(day);
    // The same browser on the same address the next day: another hash, and the old one cannot be made again.
    const nextDay = newVisit();
    await send(view({ visitId: nextDay }));
    expect(await hash(nextDay)).not.toBe(await hash(first));
  });

  describe("the report", () => {
    // A day of its own, far from the other tests' days.
    const day = "2027-03-10";
    let landingVisit = "";
    let reportBefore: Awaited<ReturnType<TestApp["services"]["insights"]["report"]>>;

    it("attributes a demo request to the visit's landing page, post, referrer and campaign", async () => {
      app.clock.set(new Date(`${day}T09:00:00.000Z`));
      landingVisit = newVisit();
      const visit = { visitId: landingVisit, landingPath: "/blog/x", referrer: "https://news.example", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" };
      await send(view({ ...visit, path: "/blog/x", device: "mobile" }));
      app.clock.advance(60_000);
      await send(view({ ...visit, path: "/product", device: "mobile" }));
      await send(view({ ...visit, path: "/book-demo", device: "mobile" }));
      // Another visitor, direct, no conversion; reads the same post.
      const other = newVisit();
      ip = "198.51.100.7";
      await send(view({ visitId: other, path: "/", landingPath: "/" }));
      await send(view({ visitId: other, path: "/blog/x", landingPath: "/" }));
      await app.services.analytics.flush();

      app.clock.advance(60_000);
      const demo = (visitId: string | undefined, from: string) =>
        fetch(`${app.baseUrl}/api/book-demo`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": from },
          body: JSON.stringify(demoRequestBody(visitId ? { visitId } : {})),
        });
      expect((await demo(landingVisit, "198.51.100.20")).status).toBe(201);
      // A request without consent: stored as today, counted, attributed to nothing.
      expect((await demo(undefined, "198.51.100.21")).status).toBe(201);
      // A forged visit id is no visit id.
      expect((await demo("<script>", "198.51.100.22")).status).toBe(201);
      const stored = await app.services.database.db.selectFrom("demo_requests").select("visit_id").orderBy("id", "desc").limit(3).execute();
      expect(stored.map((row) => row.visit_id)).toEqual([null, null, landingVisit]);

      const report = await app.services.insights.report({ from: day, to: day });
      expect(report.range).toEqual({ from: day, to: day });
      expect(report.totals).toEqual({ visitors: 2, visits: 2, pageViews: 5, demoRequests: 3, attributedDemoRequests: 1, conversionRate: 0.5 });
      expect(report.daily).toEqual([{ day, visitors: 2, pageViews: 5, demoRequests: 3 }]);
      const row = (rows: typeof report.topPages, key: string) => rows.find((r) => r.key === key);
      expect(row(report.landingPages, "/blog/x")).toEqual({ key: "/blog/x", label: "/blog/x", pageViews: 3, visits: 1, visitors: 1, demoRequests: 1, conversionRate: 1 });
      expect(row(report.landingPages, "/")).toMatchObject({ visits: 1, demoRequests: 0, conversionRate: 0 });
      expect(report.campaigns).toEqual([
        { key: "newsletter / email / spring", label: "newsletter / email / spring", pageViews: 3, visits: 1, visitors: 1, demoRequests: 1, conversionRate: 1 },
      ]);
      expect(row(report.referrers, "https://news.example")).toMatchObject({ label: "news.example", visits: 1, demoRequests: 1 });
      expect(row(report.referrers, "(direct)")).toMatchObject({ label: "Direct", visits: 1, demoRequests: 0 });
      expect(report.topPosts).toEqual([{ key: "x", label: "x", pageViews: 2, visits: 2, visitors: 2, demoRequests: 1, conversionRate: 0.5 }]);
      expect(row(report.topPages, "/product")).toMatchObject({ pageViews: 1, demoRequests: 1 });
      expect(report.devices.map((r) => [r.label, r.visits, r.demoRequests])).toEqual([["Mobile", 1, 1], ["Desktop", 1, 0]]);
      reportBefore = report;
    });

    it("reads the same once the day is rolled up, and rolls it up once however many sweeps overlap", async () => {
      // Not before the day is over (and its last batches written).
      app.clock.set(new Date(`${day}T23:59:00.000Z`));
      await app.services.analyticsRollups.sweep();
      const { db } = app.services.database;
      expect(await db.selectFrom("analytics_rollups").select("day").where("day", "=", day).execute()).toEqual([]);

      app.clock.set(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY + 5 * 60_000));
      const lines: Record<string, unknown>[] = [];
      const mine = app.services.analyticsRollups;
      if (kind === "postgres") {
        // Two instances on one PostgreSQL, at the same moment.
        const other = connectDatabase(app.database.url);
        const otherRollups = createAnalyticsRollups({
          db: other.db,
          kind,
          logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }),
          clock: app.clock,
        });
        await Promise.all([mine.sweep(), otherRollups.sweep(), mine.sweep(), otherRollups.sweep()]).finally(() => other.close());
      } else {
        await Promise.all([mine.sweep(), mine.sweep(), mine.sweep()]);
      }
      const logged = [...app.logLines, ...lines].filter((line) => line.msg === "analytics day rolled up" && line.day === day);
      expect(logged).toHaveLength(1);
      expect(await db.selectFrom("analytics_rollups").select("day").where("day", "=", day).execute()).toEqual([{ day }]);
      expect(await db.selectFrom("analytics_daily").select(["key", "demo_requests"]).where("day", "=", day).where("dimension", "=", "campaign").execute()).toEqual([
        { key: "newsletter / email / spring", demo_requests: 1 },
      ]);

      expect(await app.services.insights.report({ from: day, to: day })).toEqual(reportBefore);
    });

    it(`deletes the raw page views after 90 days and the aggregates after 25 months; the report reads the aggregates meanwhile`, async () => {
      const { db } = app.services.database;
      const rawOf = async () => (await db.selectFrom("analytics_events").select("id").where("day", "=", day).execute()).length;
      expect(await rawOf()).toBe(5);

      app.clock.set(new Date(Date.parse(`${day}T12:00:00.000Z`) + 90 * DAY));
      await app.services.analyticsRollups.sweep();
      expect(await rawOf()).toBe(5);
      app.clock.advance(DAY);
      await app.services.analyticsRollups.sweep();
      expect(await rawOf()).toBe(0);
      expect(await app.services.insights.report({ from: day, to: day })).toEqual(reportBefore);

      app.clock.set(new Date(Date.parse(`${day}T12:00:00.000Z`) + 763 * DAY));
      await app.services.analyticsRollups.sweep();
      expect(await db.selectFrom("analytics_daily").select("day").where("day", "=", day).execute()).toEqual([]);
      const gone = await app.services.insights.report({ from: day, to: day });
      expect(gone.totals).toMatchObject({ visitors: 0, pageViews: 0, attributedDemoRequests: 0, demoRequests: 3 });
    });
  });

  it("has every day of the range, with zeros, and refuses a range that is not one", async () => {
    const report = await app.services.insights.report({ from: "2026-02-27", to: "2026-03-02" });
    expect(report.daily.map((d) => d.day)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(report.topPages).toEqual([]);
    expect(report.totals.conversionRate).toBeNull();
    for (const range of [{ from: "2026-03-02", to: "2026-03-01" }, { from: "2026-02-30", to: "2026-03-01" }, { from: "2025-01-01", to: "2026-03-01" }, { from: "x", to: "y" }]) {
      await expect(app.services.insights.report(range)).rejects.toThrow(RangeError);
    }
  });
});
