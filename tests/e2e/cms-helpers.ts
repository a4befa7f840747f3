import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, type Page } from "@playwright/test";

/** Shared by the cms-editor and cms-dashboard journeys. */
export const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/**
 * A toast on screen. Radix announces a toast through a short-lived status element, so the check
 * looks at the toast itself in the notifications region (which stays while it is shown).
 */
export const toastWith = (page: Page, title: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByRole("listitem").filter({ hasText: title });

/**
 * How far the page, or any table in it, scrolls sideways (px; 0 or less: nothing does). The CMS lists must fit
 * their card at 390, 768 and 1440 px (docs/decisions/069), not only avoid a page-wide scroll.
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ...[...document.querySelectorAll("[data-slot=table-container]")].map((box) => box.scrollWidth - box.clientWidth),
    ),
  );

export const contentEditor = (page: Page) => page.getByRole("textbox", { name: "Content" });

/** A real PNG, made fresh, for the image upload. */
export const pngFile = async (name = "forecast-chart.png") => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 40, g: 80, b: 200 } } })
    .png()
    .toBuffer(),
});

export interface SeedPost {
  title: string;
  slug?: string;
  content?: string;
  published?: boolean;
  excerpt?: string | null;
  /** Tag names; none when left out. */
  tags?: string[];
}

/** Creates a post through the CMS API with the page's admin session; answers the saved post. */
export async function seedPost(page: Page, post: SeedPost) {
  const slug = post.slug ?? post.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  const response = await page.request.post("/api/cms/posts", {
    data: {
      title: post.title,
      slug,
      content: post.content ?? "<p>Seeded body text.</p>",
      excerpt: post.excerpt ?? null,
      coverImage: null,
      metaTitle: null,
      metaDescription: null,
      keywords: null,
      canonicalUrl: null,
      authorId: 1,
      published: post.published ?? false,
      publishedAt: null,
      tags: post.tags ?? [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as {
    id: number;
    slug: string;
    title: string;
    version: number;
    published: boolean;
    author: { slug: string };
    tags: { slug: string; name: string }[];
  };
}

/**
 * Waits until the rich-text editor has mounted (it renders on the client only, after its ~0.5 MB chunk has
 * loaded and run): up to 20 s, which two browsers and the server sharing two busy cores have needed.
 */
export async function waitForEditor(page: Page) {
  await expect(contentEditor(page)).toBeVisible({ timeout: 20_000 });
  await expect(contentEditor(page)).toHaveAttribute("contenteditable", "true");
}
