import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isRefusal } from "../../shared/refusal.ts";
import { postInputSchema } from "../../shared/post-schema.ts";
import { databaseKinds } from "../support/databases.ts";
import { postBody } from "../support/posts.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The landing page's 'From the Zuri Intelligence Blog' section (docs/product.md §2), server-rendered from the database. */
describe.each(databaseKinds)("home page latest posts on %s", (kind) => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startTestApp(kind);
  });
  afterEach(async () => {
    await app.close();
  });

  const createPost = async (overrides: Parameters<typeof postBody>[0]) => {
    const result = await app.services.posts.create(postInputSchema.parse(postBody(overrides)), null);
    if (isRefusal(result)) throw new Error(`post not saved: ${result.message}`);
    app.clock.advance(60_000);
    return result;
  };
  const home = async () => {
    const response = await fetch(`${app.baseUrl}/`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("leaves the section out while nothing is published", async () => {
    await createPost({ title: "A draft about forecasting", published: false });
    const html = await home();
    expect(html).toContain("Instantly get actionable smart business decisions");
    expect(html).not.toContain("From the Zuri Intelligence Blog");
    expect(html).not.toContain("A draft about forecasting");
  });

  it("shows the three newest published posts with their date and summary", async () => {
    app.clock.set(new Date("2025-03-05T09:00:00Z"));
    await createPost({ title: "The oldest published post" });
    await createPost({ title: "Second post", excerpt: "A hand-written excerpt for the second post." });
    const longText = "Demand forecasting starts with the data you already have. ".repeat(5);
    await createPost({ title: "Third post", content: `<p>${longText}</p>`, excerpt: null });
    await createPost({ title: "A draft that must not show", published: false });
    await createPost({ title: "Newest post" });

    const html = await home();
    expect(html).toContain("From the Zuri Intelligence Blog");
    for (const title of ["Newest post", "Third post", "Second post"]) expect(html).toContain(`>${title}</a>`);
    expect(html).not.toContain("The oldest published post");
    expect(html).not.toContain("A draft that must not show");
    expect(html).toContain("A hand-written excerpt for the second post.");
    expect(html).toContain(`${longText.slice(0, 150)}...`);
    expect(html).toContain(">March 05, 2025</time>");
    expect(html).toMatch(/href="\/blog\/forecasting-stockouts-\d+-\d+"/);
  });
});
