import type { PostInput } from "../../shared/post-schema.ts";
import type { FullPost } from "../../server/services/posts.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;

/** A valid post body for the CMS API; override any field. */
export function postBody(overrides: Partial<PostInput> & Record<string, unknown> = {}): PostInput & Record<string, unknown> {
  const n = ++counter;
  return {
    title: `Forecasting stockouts ${n}`,
    slug: `forecasting-stockouts-${n}-${process.pid}`,
    content: `<p>Post ${n}: see which stores will run out of stock next week.</p>`,
    excerpt: null,
    coverImage: null,
    metaTitle: null,
    metaDescription: null,
    keywords: null,
    canonicalUrl: null,
    published: true,
    ...overrides,
  };
}

/** JSON request to the test app, with an optional session cookie. */
export function api(app: TestApp, path: string, { method = "GET", body, cookie }: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${app.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
}

/** Creates a post through POST /api/cms/posts (the real save path: validation, sanitising, publishing rules). */
export async function createPost(
  app: TestApp,
  cookie: string,
  overrides: Partial<PostInput> & Record<string, unknown> = {},
): Promise<FullPost> {
  const response = await api(app, "/api/cms/posts", { method: "POST", body: postBody(overrides), cookie });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as FullPost;
}

/** Updates a post through PUT /api/cms/posts/{id}, based on the version given (default: the post's own). */
export async function updatePost(app: TestApp, cookie: string, post: FullPost, changes: Partial<PostInput> & { version?: number }) {
  const body = {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    coverImage: post.coverImage,
    coverImageAlt: post.coverImageAlt,
    coverImageDecorative: post.coverImageDecorative,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    keywords: post.keywords,
    canonicalUrl: post.canonicalUrl,
    published: post.published,
    version: post.version,
    ...changes,
  };
  return api(app, `/api/cms/posts/${post.id}`, { method: "PUT", body, cookie });
}

/** Every post, drafts included, as the CMS lists them (server/services/post-listing.ts). */
export async function allPosts(app: TestApp) {
  return (await app.services.postListing.listAll({ status: "all", sort: "updated-desc" })).posts;
}

/** Deletes every post through the post service, so tags, counts and the search index follow. */
export async function clearPosts(app: TestApp) {
  for (const post of await allPosts(app)) await app.services.posts.remove(post.id);
}
