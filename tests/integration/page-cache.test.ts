import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe.each(databaseKinds)("the render cache for public pages on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ cookie } = await createSession(app, { isAdmin: true }));
  });
  afterAll(() => app.close());

  it("renders a page once, then serves copies that each carry their own fresh nonce", async () => {
    const first = await fetch(`${app.baseUrl}/product`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    const second = await fetch(`${app.baseUrl}/product`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const secondHtml = await second.text();
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1).toBeTruthy();
    expect(n2).not.toBe(n1);
    expect(secondHtml).toContain(`nonce="${n2}"`);
    expect(secondHtml).not.toContain(n1);
    expect(secondHtml.replaceAll(n2!, "N")).toBe(firstHtml.replaceAll(n1!, "N"));
  });

  it("shows a publish on the next request (the content version changes)", async () => {
    await (await fetch(`${app.baseUrl}/`)).text();
    expect((await fetch(`${app.baseUrl}/`)).headers.get("x-page-cache")).toBe("hit");
    const created = await fetch(`${app.baseUrl}/api/cms/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ title: "Fresh off the press", slug: "fresh-off-the-press", content: "<p>New</p>", published: true }),
    });
    expect(created.status).toBe(201);
    const after = await fetch(`${app.baseUrl}/`);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Fresh off the press");
  });

  it("never caches the CMS, the API, the demo form, previews or errors", async () => {
    for (const path of ["/book-demo", "/cms/login", "/no-such-page", "/blog/fresh-off-the-press?preview=true"]) {
      await (await fetch(`${app.baseUrl}${path}`, { headers: { cookie } })).text();
      const again = await fetch(`${app.baseUrl}${path}`, { headers: { cookie } });
      expect(again.headers.get("x-page-cache"), path).not.toBe("hit");
    }
  });
});
