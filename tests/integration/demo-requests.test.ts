import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { demoRequestBody } from "../support/demo-requests.ts";
import { parseCsv } from "../support/csv.ts";

const demoBody = demoRequestBody;

/** Every test posts from its own address (TRUST_PROXY=loopback), so the rate limit is per test. */
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

describe.each(databaseKinds)("book a demo on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(() => app.close());

  const postDemo = (body: unknown, ip = nextIp()) =>
    fetch(`${app.baseUrl}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    });

  const storedByEmail = async (email: string) => {
    const { requests } = await app.services.demoRequests.list({ search: email });
    return requests.filter((request) => request.email === email);
  };
  /** The requests kept under the inbox's "Suspected spam" view. */
  const suspectedByEmail = async (email: string) => {
    const { requests } = await app.services.demoRequests.list({ search: email, view: "spam" });
    return requests.filter((request) => request.email === email);
  };

  /** The signed token the page renders into the form, as a visitor's browser would get it. */
  const formTokenFromPage = async (path = "/book-demo") => {
    const html = await (await fetch(`${app.baseUrl}${path}`)).text();
    const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();
    return token as string;
  };

  it("stores a valid request with its time, page and UTM parameters, and answers 201", async () => {
    const body = demoBody({ sourcePage: "/enterprise", utmSource: "newsletter", utmCampaign: "spring" });
    const response = await postDemo(body);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Demo request received" });
    const [stored] = await storedByEmail(body.email);
    expect(stored).toMatchObject({
      name: body.name,
      email: body.email,
      phone: body.phone,
      organization: body.organization,
      message: body.message,
      status: "new",
      sourcePage: "/enterprise",
      utmSource: "newsletter",
      utmCampaign: "spring",
      utmMedium: null,
      createdAt: app.clock().toISOString(),
    });
  });

  it("stores optional fields left empty as null and ignores attribution it cannot trust", async () => {
    const body = demoBody({ phone: "", message: "   ", sourcePage: "https://evil.example/", utmSource: 42 });
    expect((await postDemo(body)).status).toBe(201);
    const [stored] = await storedByEmail(body.email);
    expect(stored).toMatchObject({ phone: null, message: null, sourcePage: null, utmSource: null });
  });

  it.each([
    ["name", { name: "A" }, "Name must be at least 2 characters."],
    ["name", { name: undefined }, "Name must be at least 2 characters."],
    ["email", { email: "not-an-email" }, "Please enter a valid email address."],
    ["email", { email: undefined }, "Please enter a valid email address."],
    ["organization", { organization: "" }, "Organization name is required."],
    ["organization", { organization: "   " }, "Organization name is required."],
  ])("refuses a bad %s with 400 and the docs/product.md §5 message (%o)", async (field, overrides, message) => {
    const body = demoBody(overrides);
    const response = await postDemo(body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.errors[field]).toBe(message);
    expect(answer.message).toBe(message);
    expect(await storedByEmail(String(body.email))).toEqual([]);
  });

  it("answers every invalid field at once", async () => {
    const response = await postDemo({});
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      name: "Name must be at least 2 characters.",
      email: "Please enter a valid email address.",
      organization: "Organization name is required.",
    });
  });

  it.each([
    ["name", "x".repeat(201)],
    ["email", `${"a".repeat(245)}@example.com`],
    ["phone", "1".repeat(51)],
    ["organization", "x".repeat(201)],
    ["message", "x".repeat(5001)],
  ])("refuses an over-long %s with 400", async (field, value) => {
    const body = demoBody({ [field]: value });
    const response = await postDemo(body);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[field]).toBeTruthy();
    expect(await storedByEmail(String(body.email))).toEqual([]);
  });

  it("accepts fields at their maximum length", async () => {
    const body = demoBody({ name: "n".repeat(200), phone: "1".repeat(50), organization: "o".repeat(200), message: "m".repeat(5000) });
    expect((await postDemo(body)).status).toBe(201);
    expect(await storedByEmail(body.email)).toHaveLength(1);
  });

  it("refuses an e-mail address carrying a header (CR/LF) with 400 and stores nothing", async () => {
    const body = demoBody({ email: "eve@example.com\r\nBcc: victim@example.net" });
    const response = await postDemo(body);
    expect(response.status).toBe(400);
    expect((await response.json()).errors.email).toBe("Please enter a valid email address.");
    expect(await app.services.demoRequests.list({ search: "victim@example.net" })).toMatchObject({ total: 0 });
  });

  it("keeps a honeypot submission as suspected spam, answered like any other", async () => {
    const body = demoBody({ website: "http://spam.example" });
    const response = await postDemo(body);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Demo request received" });
    expect(await storedByEmail(body.email)).toEqual([]);
    expect(await suspectedByEmail(body.email)).toMatchObject([{ spamReasons: ["honeypot"] }]);
    expect(app.logLines).toContainEqual(expect.objectContaining({ msg: "demo request kept as suspected spam", spamReasons: ["honeypot"] }));
  });

  it("keeps a submission sent sooner than the minimum fill time as suspected spam, never drops it", async () => {
    const formToken = await formTokenFromPage();
    app.clock.advance(500);
    const tooFast = demoBody({ formToken });
    const response = await postDemo(tooFast);
    expect(response.status).toBe(201);
    expect(await storedByEmail(tooFast.email)).toEqual([]);
    expect(await suspectedByEmail(tooFast.email)).toMatchObject([{ spamReasons: ["too-fast"], name: tooFast.name }]);

    app.clock.advance(2_000);
    const human = demoBody({ formToken });
    expect((await postDemo(human)).status).toBe(201);
    expect(await storedByEmail(human.email)).toMatchObject([{ spamReasons: [] }]);
  });

  it("keeps a submission whose form token is forged or tampered with as suspected spam", async () => {
    const formToken = await formTokenFromPage();
    app.clock.advance(10_000);
    const [version, issuedAt, signature] = formToken.split(".");
    const backdated = `${version}.${Number(issuedAt) - 3_600_000}.${signature}`;
    const tampered = `${version}.${issuedAt}.${signature?.slice(0, -2)}AA`;
    for (const token of [backdated, tampered, "v1.123.not-a-signature"]) {
      const body = demoBody({ formToken: token });
      expect((await postDemo(body)).status).toBe(201);
      expect(await storedByEmail(body.email)).toEqual([]);
      expect(await suspectedByEmail(body.email)).toMatchObject([{ spamReasons: ["invalid-token"] }]);
    }
  });

  it("rate-limits each address to 5 accepted requests per hour with 429 and Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await postDemo(demoBody(), ip)).status).toBe(201);
    const limited = demoBody();
    const response = await postDemo(limited, ip);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(response.headers.get("retry-after"))).toBe(3600);
    expect(await response.json()).toEqual({
      message: "Too many demo requests from your network. Please try again in 1 hour, or e-mail us at sales@zuri.example.",
    });
    expect(await storedByEmail(limited.email)).toEqual([]);

    expect((await postDemo(demoBody(), nextIp())).status).toBe(201);
    app.clock.advance(60 * 60 * 1000 + 1000);
    expect((await postDemo(demoBody(), ip)).status).toBe(201);
  });

  describe("without JavaScript (the page's own form post)", () => {
    const postForm = (fields: Record<string, string>, ip = nextIp()) =>
      fetch(`${app.baseUrl}/book-demo`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, origin: app.baseUrl },
        body: new URLSearchParams(fields),
      });
    const asForm = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value ?? "")]));

    it("stores the request and redirects to a confirmation page", async () => {
      const formToken = await formTokenFromPage("/book-demo?utm_source=linkedin&utm_medium=social");
      app.clock.advance(5_000);
      const body = demoBody({ formToken, website: "", utmSource: "linkedin", utmMedium: "social" });
      const response = await postForm(asForm(body));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/book-demo?submitted=1");
      expect(await storedByEmail(body.email)).toMatchObject([{ utmSource: "linkedin", utmMedium: "social" }]);

      const confirmation = await (await fetch(`${app.baseUrl}/book-demo?submitted=1`)).text();
      expect(confirmation).toContain("Demo Request Submitted!");
      expect(confirmation).toContain("Our team will contact you within 24 hours to schedule your demo.");
    });

    it("shows the field messages and keeps what was typed on a server-rendered page", async () => {
      const formToken = await formTokenFromPage();
      const body = demoBody({ formToken, email: "ada-at-example", organization: "" });
      const response = await postForm(asForm(body));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please enter a valid email address.");
      expect(html).toContain("Organization name is required.");
      expect(html).toContain(`value="${body.name}"`);
      expect(html).toContain('value="ada-at-example"');
      expect(await storedByEmail("ada-at-example")).toEqual([]);
    });

    it("keeps a post without the form's token, or with the honeypot filled, as suspected spam behind the confirmation", async () => {
      const noToken = demoBody();
      const first = await postForm(asForm(noToken));
      expect(first.status).toBe(302);
      expect(await storedByEmail(noToken.email)).toEqual([]);
      expect(await suspectedByEmail(noToken.email)).toMatchObject([{ spamReasons: ["missing-token"] }]);

      const formToken = await formTokenFromPage();
      app.clock.advance(5_000);
      const honeypot = demoBody({ formToken, website: "buy now" });
      const second = await postForm(asForm(honeypot));
      expect(second.headers.get("location")).toBe("/book-demo?submitted=1");
      expect(await storedByEmail(honeypot.email)).toEqual([]);
      expect(await suspectedByEmail(honeypot.email)).toMatchObject([{ spamReasons: ["honeypot"] }]);
    });

    it("answers 429 with a message and the typed values once the address is over its limit", async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i += 1) expect((await postDemo(demoBody(), ip)).status).toBe(201);
      const formToken = await formTokenFromPage();
      app.clock.advance(5_000);
      const body = demoBody({ formToken });
      const response = await postForm(asForm(body), ip);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      const html = await response.text();
      expect(html).toContain("Too many demo requests from your network. Please try again in 1 hour, or e-mail us at sales@zuri.example.");
      expect(html).toContain(`value="${body.email}"`);
      expect(await storedByEmail(body.email)).toEqual([]);
    });

    it("records the site page the visitor came from, in a page no shared cache keeps", async () => {
      const page = await fetch(`${app.baseUrl}/book-demo`, { headers: { referer: `${app.baseUrl}/industries` } });
      expect(page.headers.get("cache-control")).toBe("private, no-cache");
      const html = await page.text();
      expect(html).toContain('name="sourcePage" value="/industries"');
      const external = await (await fetch(`${app.baseUrl}/book-demo`, { headers: { referer: "https://elsewhere.example/x" } })).text();
      expect(external).toContain('name="sourcePage" value=""');
    });
  });

  describe("the sales inbox", () => {
    let admin: { cookie: string };
    let seeded: { id: number; email: string }[];

    beforeAll(async () => {
      admin = await createSession(app, { isAdmin: true });
      const { demoRequests } = app.services;
      seeded = [];
      for (const [index, fields] of [
        { name: "Grace Hopper", email: "grace@navy.example", organization: "Compiler Works" },
        { name: "=HYPERLINK(\"http://evil.example\",\"Click\")", email: "formula@example.com", organization: "+Plus Corp" },
        { name: "Quote \"Maker\", Jr.", email: "quotes@example.com", organization: "@Mention Ltd", message: "Line one\nLine two, with comma\n=2+3 x;=1+1;y" },
      ].entries()) {
        app.clock.advance(1000 * (index + 1));
        const stored = await demoRequests.create({ phone: "-12", message: null, ...fields });
        seeded.push({ id: stored.id, email: stored.email });
      }
    });

    it("lists requests newest first for an admin, with all fields", async () => {
      const response = await fetch(`${app.baseUrl}/cms/demo-requests`, { headers: { cookie: admin.cookie } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Demo Requests");
      const positions = ["quotes@example.com", "formula@example.com", "grace@navy.example"].map((email) => html.indexOf(email));
      expect(positions.every((position) => position > 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(html).toContain("Compiler Works");
      expect(html).toContain("Line one\nLine two, with comma\n=2+3 x;=1+1;y");
    });

    it("searches by name, e-mail or organisation, case-insensitively, with LIKE wildcards taken literally", async () => {
      const { demoRequests } = app.services;
      expect((await demoRequests.list({ search: "GRACE" })).requests.map((r) => r.email)).toEqual(["grace@navy.example"]);
      expect((await demoRequests.list({ search: "compiler works" })).requests.map((r) => r.email)).toEqual(["grace@navy.example"]);
      expect((await demoRequests.list({ search: "navy.EXAMPLE" })).requests.map((r) => r.email)).toEqual(["grace@navy.example"]);
      expect((await demoRequests.list({ search: "%" })).total).toBe(0);
      const html = await (
        await fetch(`${app.baseUrl}/cms/demo-requests?q=mention`, { headers: { cookie: admin.cookie } })
      ).text();
      expect(html).toContain("quotes@example.com");
      expect(html).not.toContain("grace@navy.example");
    });

    it("lets an admin change the status with a plain form post", async () => {
      const target = seeded[0]!;
      const response = await fetch(`${app.baseUrl}/cms/demo-requests?q=grace`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
        body: new URLSearchParams({ id: String(target.id), status: "contacted" }),
      });
      expect(response.status).toBe(302);
      // Back to the same list with the lead still open and in view (docs/decisions/053).
      expect(response.headers.get("location")).toBe(`/cms/demo-requests?q=grace&open=${target.id}#lead-${target.id}`);
      expect(await app.services.demoRequests.findById(target.id)).toMatchObject({ status: "contacted" });

      const bad = await fetch(`${app.baseUrl}/cms/demo-requests`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
        body: new URLSearchParams({ id: String(target.id), status: "closed" }),
      });
      expect(bad.status).toBe(400);
      expect(await app.services.demoRequests.findById(target.id)).toMatchObject({ status: "contacted" });
    });

    it("exports CSV with correct quoting and spreadsheet formulas neutralised", async () => {
      const response = await fetch(`${app.baseUrl}/cms/demo-requests.csv`, { headers: { cookie: admin.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="zuri-demo-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
      const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
      expect(csv.startsWith('\uFEFF"ID","Received","Status","Name","Email","Phone","Organization","Additional Information",')).toBe(true);
      expect(csv.endsWith("\r\n")).toBe(true);
      const rows = parseCsv(csv.slice(1));
      const byEmail = (email: string) => rows.find((row) => row[4] === email);
      expect(byEmail("formula@example.com")?.[3]).toBe("'=HYPERLINK(\"http://evil.example\",\"Click\")");
      expect(byEmail("formula@example.com")?.[6]).toBe("'+Plus Corp");
      expect(byEmail("quotes@example.com")).toMatchObject({
        3: 'Quote "Maker", Jr.',
        // A phone number is left as typed (docs/decisions/053): digits and + - ( ) . cannot run anything.
        5: "-12",
        6: "'@Mention Ltd",
        7: "Line one\nLine two, with comma\n'=2+3 x;'=1+1;y",
      });
      // The raw text: every cell quoted, quotes doubled inside it.
      expect(csv).toContain('"Quote ""Maker"", Jr."');
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      // Every data row has as many cells as the header.
      expect(new Set(rows.map((row) => row.length)).size).toBe(1);
      // Read as a ';' locale's spreadsheet does (split on ';' and ',' and at every line, quotes dropped):
      // no piece starts with a formula character, phone numbers aside.
      const pieces = csv.slice(1).split(/\r\n|\n|;|,/).map((piece) => piece.replace(/^"+|"+$/g, ""));
      expect(pieces.filter((piece) => /^[=+\-@]/.test(piece) && !/^[\d +\-().]+$/.test(piece))).toEqual([]);
    });

    it("exports only what matches the search", async () => {
      const csv = await (await fetch(`${app.baseUrl}/cms/demo-requests.csv?q=grace`, { headers: { cookie: admin.cookie } })).text();
      const rows = parseCsv(csv.replace(/^\uFEFF/, ""));
      expect(rows.slice(1).map((row) => row[4])).toEqual(["grace@navy.example"]);
    });

    it("keeps the inbox and the export from anyone who is not an admin", async () => {
      const user = await createSession(app, { isAdmin: false });
      for (const path of ["/cms/demo-requests", "/cms/demo-requests.csv"]) {
        const anonymous = await fetch(`${app.baseUrl}${path}`, { redirect: "manual" });
        expect(anonymous.status).toBe(302);
        expect(anonymous.headers.get("location")).toMatch(/^\/cms\/login\?redirectTo=/);
        const nonAdmin = await fetch(`${app.baseUrl}${path}`, { redirect: "manual", headers: { cookie: user.cookie } });
        expect(nonAdmin.status).toBe(302);
        expect(nonAdmin.headers.get("location")).toBe("/cms/unauthorized");
      }
      const post = await fetch(`${app.baseUrl}/cms/demo-requests`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
        body: new URLSearchParams({ id: String(seeded[1]!.id), status: "closed" }),
      });
      expect(post.status).toBe(302);
      expect(await app.services.demoRequests.findById(seeded[1]!.id)).toMatchObject({ status: "new" });
    });
  });
});
