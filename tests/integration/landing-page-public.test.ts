import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusal } from "../../shared/refusal.ts";
import type { LandingPageInput } from "../../shared/landing-pages.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { accepted } from "../support/landing-page-answers.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { csvRecords, parseCsv } from "../support/csv.ts";
import { getPage, postForm } from "../support/http.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/**
 * Landing pages as visitors get them (docs/decisions/038) on real databases: `/l/{slug}` live without a restart,
 * its meta, its demo form crediting the page in the inbox, the CSV and the API, review links, and the insights of
 * each page and each campaign that reached it.
 */
describe.each(databaseKinds)("landing pages in public on %s", (kind) => {
  let app: TestApp;
  let editor: SessionUser;
  let admin: string;
  let ip = 0;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example", TRUST_PROXY: "loopback" } });
    editor = (await createSession(app, { role: "editor" })).user;
    admin = (await createSession(app, { isAdmin: true })).cookie;
  });
  afterAll(() => app.close());

  const published = async (input: LandingPageInput) => {
    const draft = accepted(await app.services.landingPages.create(editor, input));
    return accepted(await app.services.landingPages.publish(editor, draft.id));
  };
  const fromNextAddress = () => ({ "x-forwarded-for": `198.51.100.${++ip}` });
  const html = async (path: string) => {
    const response = await getPage(app, path);
    return { response, text: await response.text() };
  };

  it("serves a published page at /l/{slug} at once, with its meta, canonical URL and FAQPage data, and 404s it once unpublished", async () => {
    const { text: before, response: missing } = await html("/l/spring-retail");
    expect(missing.status).toBe(404);
    expect(before).toContain("Page Not Found");

    const page = await published(allBlocksPage("spring-retail"));
    const { response, text } = await html("/l/spring-retail");
    expect(response.status).toBe(200);
    expect(text).toContain("<title>Retail demand forecasting | Zuri</title>");
    expect(text).toContain('<link rel="canonical" href="https://zuri.example/l/spring-retail"/>');
    expect(text).toContain('content="See which stores will run out of stock next week');
    expect(text).not.toMatch(/<meta name="robots"/);
    expect(text).toMatch(/<h1[^>]*>Know which shelves will be empty before your customers do<\/h1>/);
    expect(text.match(/<h1[\s>]/g)).toHaveLength(1);
    const faq = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(text)?.[1];
    expect(JSON.parse(faq!)).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Do we need a data-science team?", acceptedAnswer: { "@type": "Answer" } }, { name: "Which data can we bring?" }],
    });
    // The demo form's token is signed when it is rendered (docs/decisions/050): this page is rendered per request.
    expect(response.headers.get("cache-control")).toMatch(/\bprivate\b/);
    expect(response.headers.get("etag")).toBeNull();
    const again = await getPage(app, "/l/spring-retail");
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(/name="formToken" value="([^"]+)"/.exec(await again.text())?.[1]).toBeTruthy();
    expect(text).toContain('name="formPage" value="/l/spring-retail"');
    expect(text).toContain('action="/book-demo"');
    // The call to action's button to /book-demo leads to the form on the page instead (docs/decisions/038).
    expect(text).toMatch(/<a[^>]*href="#demo"[^>]*>Get Started/);
    expect(text).toMatch(/<div id="demo"/);

    accepted(await app.services.landingPages.unpublish(editor, page.id));
    expect((await getPage(app, "/l/spring-retail")).status).toBe(404);
    accepted(await app.services.landingPages.publish(editor, page.id));
    expect((await getPage(app, "/l/spring-retail")).status).toBe(200);
  });

  it("keeps a page without the form once per content version, and falls back to the title, the site description and image; noindex when asked", async () => {
    const blocks = allBlocksPage("x").blocks.filter((block) => block.type !== "demoForm");
    await published(allBlocksPage("quiet", { blocks, metaTitle: "", metaDescription: "", noindex: true }));
    const first = await getPage(app, "/l/quiet");
    const text = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect((await getPage(app, "/l/quiet")).headers.get("x-page-cache")).toBe("hit");
    expect(text).toContain("<title>Retail forecasting with Zuri | Zuri</title>");
    expect(text).toContain('<meta property="og:image" content="https://zuri.example/og-image.png"/>');
    expect(text).toContain('<meta name="robots" content="noindex"/>');
    expect(text).not.toContain('name="formPage"');
    // Without the form on the page, the call to action goes where the editor said.
    expect(text).toMatch(/<a[^>]*href="\/book-demo"[^>]*>Get Started/);
  });

  it("credits the page a demo request was sent from, by the form without JavaScript and by the page's script, in the inbox, the CSV and the API", async () => {
    await published(allBlocksPage("credit-page", { title: "Credit page" }));
    const page = await (await getPage(app, "/l/credit-page")).text();
    const formToken = /name="formToken" value="([^"]+)"/.exec(page)?.[1];
    expect(formToken).toBeTruthy();
    app.clock.advance(5_000);

    // Without JavaScript: the form posts to /book-demo with its hidden fields, and lands on the confirmation.
    const noScript = demoRequestBody();
    const posted = await postForm(
      app,
      "/book-demo",
      { ...(noScript as Record<string, string>), formToken: formToken!, website: "", formPage: "/l/credit-page", sourcePage: "/l/credit-page" },
      { headers: { origin: app.baseUrl, ...fromNextAddress() } },
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/book-demo?submitted=1");

    // The page's script: the form's fields as JSON to /api/book-demo (app/site/demo-form.ts).
    const withScript = demoRequestBody({ formToken, website: "", formPage: "/l/credit-page", sourcePage: "/l/credit-page" });
    const sent = await fetch(`${app.baseUrl}/api/book-demo`, { method: "POST", headers: { "content-type": "application/json", ...fromNextAddress() }, body: JSON.stringify(withScript) });
    expect(sent.status).toBe(201);

    for (const body of [noScript, withScript]) {
      const { requests } = await app.services.demoRequests.list({ search: body.email });
      expect(requests[0]).toMatchObject({ formPage: "/l/credit-page", sourcePage: "/l/credit-page", spamReasons: [] });
      const inbox = await (await getPage(app, `/cms/demo-requests?q=${encodeURIComponent(body.email)}`, admin)).text();
      expect(inbox).toMatch(/Sent from<\/dt><dd[^>]*><a href="\/l\/credit-page"[^>]*>Credit page<\/a>/);
      const [record] = await csvRecords(await getPage(app, `/cms/demo-requests.csv?q=${encodeURIComponent(body.email)}`, admin));
      expect(record).toMatchObject({ "Sent From": "/l/credit-page" });
    }
    const listed = (await (await fetch(`${app.baseUrl}/api/cms/demo-requests?perPage=100`, { headers: { cookie: admin } })).json()) as { email: string; formPage: string | null }[];
    expect(listed.find((lead) => lead.email === withScript.email)?.formPage).toBe("/l/credit-page");
  });

  it("credits nothing, and never refuses the lead, for a page that is not live, does not exist or is not a landing page", async () => {
    const draft = accepted(await app.services.landingPages.create(editor, allBlocksPage("still-a-draft")));
    for (const formPage of [`/l/${draft.slug}`, "/l/no-such-page", "/book-demo", "//evil.example/l/x", "/l/UPPER", 42, ["/l/credit-page"], "x".repeat(500)]) {
      const body = demoRequestBody({ formPage });
      const response = await fetch(`${app.baseUrl}/api/book-demo`, { method: "POST", headers: { "content-type": "application/json", ...fromNextAddress() }, body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(formPage)).toBe(201);
      const { requests } = await app.services.demoRequests.list({ search: body.email });
      expect(requests).toHaveLength(1);
      expect(requests[0]!.formPage, JSON.stringify(formPage)).toBeNull();
    }
  });

  it("opens a page not yet live by its review link, noindex and never stored, and 404s any other token", async () => {
    const draft = accepted(await app.services.landingPages.create(editor, allBlocksPage("review-me", { title: "Review me" })));
    const link = await app.services.landingPages.createReviewLink(editor, draft.id);
    if (isRefusal(link)) throw new Error(link.message);
    const { response, text } = await html(link.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(text).toContain('data-testid="review-notice"');
    expect(text).toMatch(/<h1[^>]*>Know which shelves will be empty before your customers do<\/h1>/);
    expect(text).not.toContain('rel="canonical"');
    expect(text).not.toContain("FAQPage");
    for (const token of ["0".repeat(64), "not-a-token", link.token.toUpperCase()]) {
      const other = await getPage(app, `/preview/page/${token}`);
      expect(other.status, token).not.toBe(200);
    }
  });

  it("counts visits, demo requests and conversion for each landing page and each campaign that reached it, on the page and in the CSV", async () => {
    await published(allBlocksPage("insights-page", { title: "Insights page" }));
    const visit = randomBytes(16).toString("base64url");
    const view = async (path: string, visitId: string, campaign: Record<string, string | null>) => {
      const response = await fetch(`${app.baseUrl}/api/events`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER, "x-forwarded-for": "198.51.100.200", origin: app.baseUrl },
        body: JSON.stringify({ visitId, path, landingPath: path, referrer: null, device: "desktop", utmSource: null, utmMedium: null, utmCampaign: null, ...campaign }),
      });
      expect(response.status).toBe(202);
    };
    const spring = { utmSource: "google", utmMedium: "cpc", utmCampaign: "spring" };
    await view("/l/insights-page", visit, spring);
    await view("/l/insights-page", randomBytes(16).toString("base64url"), { utmSource: null, utmMedium: null, utmCampaign: null });
    // Both views come from one address: one visitor, two visits. One request from the consenting visit (its campaign comes with it), one without consent.
    for (const attribution of [{ visitId: visit, ...spring }, {}]) {
      const body = demoRequestBody({ formPage: "/l/insights-page", ...attribution });
      const response = await fetch(`${app.baseUrl}/api/book-demo`, { method: "POST", headers: { "content-type": "application/json", ...fromNextAddress() }, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
    }

    const report = await app.services.insights.report({ from: app.clock().toISOString().slice(0, 10), to: app.clock().toISOString().slice(0, 10) });
    expect(report.builtLandingPages.find((row) => row.key === "/l/insights-page")).toMatchObject({
      label: "Insights page",
      pageViews: 2,
      visits: 2,
      demoRequests: 2,
      conversionRate: 0.5,
    });
    expect(report.builtLandingPageCampaigns).toContainEqual(
      expect.objectContaining({ key: "/l/insights-page google / cpc / spring", label: "Insights page · google / cpc / spring", visits: 1, demoRequests: 1, conversionRate: 1 }),
    );

    const page = await (await getPage(app, "/cms/insights?range=7", admin)).text();
    expect(page).toContain("Your landing pages");
    expect(page).toContain("Insights page · google / cpc / spring");
    const rows = parseCsv(await (await getPage(app, "/cms/insights.csv?range=7", admin)).text()).map((row) => row.join("|"));
    expect(rows).toContain("page-performance|/l/insights-page|Insights page|2|2|1|2|50");
    expect(rows).toContain("page-campaigns|/l/insights-page google / cpc / spring|Insights page · google / cpc / spring|1|1|1|1|100");
  });
});
