import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";

/** The dashboard's empty and load-error states (docs/product.md §2 CMS dashboard), server-rendered. */
describe.each(databaseKinds)("the CMS dashboard on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ cookie } = await createSession(app, { isAdmin: true }));
  });
  afterAll(() => app.close());

  it("shows 'No blog posts yet' with 'Create Your First Post' when there are none", async () => {
    const response = await fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Blog Posts");
    expect(html).toContain("No blog posts yet");
    expect(html).toMatch(/<a[^>]*href="\/cms\/editor"[^>]*>(?:(?!<\/a>).)*Create Your First Post<\/a>/s);
  });

  it("shows 'Failed to load blog posts' with 'Try Again' when the list cannot be read", async () => {
    // The dashboard reads its page through the listing service (docs/decisions/045).
    const { postListing } = app.services;
    const original = postListing.listPage;
    postListing.listPage = async () => {
      throw new Error("list failed");
    };
    try {
      const html = await (await fetch(`${app.baseUrl}/cms/control`, { headers: { cookie } })).text();
      expect(html).toContain("Failed to load blog posts");
      expect(html).toMatch(/<a[^>]*href="\/cms\/control"[^>]*>Try Again<\/a>/);
      expect(html).not.toContain("list failed");
    } finally {
      postListing.listPage = original;
    }
  });
});
