import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost, clearPosts, allPosts } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";
import { connectDatabase } from "../../server/db/connect.ts";
import { portableTypes } from "../../server/db/portable-types.ts";
import { AUTHOR_CHANGE_FORBIDDEN, AUTHOR_NOT_ALLOWED, AVATAR_NOT_UPLOADED } from "../../server/services/authors.ts";
import {
  AUTHOR_ID_INVALID,
  AVATAR_INVALID,
  BIO_MAX,
  BIO_TOO_LONG,
  DISPLAY_NAME_INVALID,
  DISPLAY_NAME_TOO_LONG,
} from "../../shared/author-schema.ts";
import * as initial from "../../server/db/migrations/001-initial.ts";
import * as rateLimits from "../../server/db/migrations/002-rate-limits.ts";
import * as demoIntake from "../../server/db/migrations/003-demo-intake.ts";
import * as contentVersions from "../../server/db/migrations/004-content-versions.ts";
import * as firstPublication from "../../server/db/migrations/005-spam-quarantine-and-first-publication.ts";
import * as coverImageAlt from "../../server/db/migrations/006-cover-image-alt.ts";
import * as tagsAndSearch from "../../server/db/migrations/007-tags-and-search.ts";
import * as authorProfiles from "../../server/db/migrations/008-author-profiles.ts";
import * as teamAuthorSlugs from "../../server/db/migrations/028-team-author-slugs.ts";

/** Author profiles, authorship of posts and author pages (docs/decisions/044), through the real HTTP app on each database. */

type Session = Awaited<ReturnType<typeof createSession>>;
type Listed = { id: number; title: string; author: { slug: string; name: string; avatar: string | null } | null };

/** Every post removed through the service (so caches see the change): each test starts from an empty blog. */
const page = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.baseUrl}${path}`, { headers, redirect: "manual" });

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => JSON.parse(text!) as Record<string, unknown>,
  );

describe("migration 008", () => {
  it.each(databaseKinds)("gives existing users their username as display name, on %s", async (kind) => {
    const database = await createTestDatabase(kind);
    const handle = connectDatabase(database.url);
    try {
      const types = portableTypes(kind);
      const db = handle.db as never;
      for (const migration of [initial, rateLimits, demoIntake, contentVersions, firstPublication, coverImageAlt, tagsAndSearch]) {
        await migration.up(db, types);
      }
      const now = new Date().toISOString();
      // The users table as migration 001 made it (is_admin, before migration 022's role).
      await sql`insert into users (username, username_key, password_hash, is_admin, created_at, updated_at)
        values ('Ada.Lovelace', 'ada.lovelace', 'x', ${true}, ${now}, ${now})`.execute(handle.db);
      await authorProfiles.up(db);
      const row = await handle.db.selectFrom("users").select(["display_name", "bio", "avatar"]).executeTakeFirstOrThrow();
      expect(row).toEqual({ display_name: "Ada.Lovelace", bio: null, avatar: null });
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});

describe.each(databaseKinds)("authors on %s", (kind) => {
  let app: TestApp;
  let ada: Session;
  let grace: Session;
  let member: Session;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    ada = await createSession(app, { isAdmin: true, username: `Ada-${kind}` });
    grace = await createSession(app, { isAdmin: true, username: `grace-${kind}` });
    member = await createSession(app, { isAdmin: false, username: `member-${kind}` });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await clearPosts(app);
    for (const who of [ada, grace]) {
      await app.services.authors.updateProfile(who.user.id, { displayName: who.user.username, bio: null, avatar: null });
    }
  });

  /** The author slug a user has now (docs/decisions/068). */
  const slugOf = async (session: Session) => {
    const own = await app.services.authors.ownProfile(session.user.id);
    if (!("authorSlug" in own) || own.authorSlug === null) throw new Error("no author slug");
    return own.authorSlug;
  };
  /** A slug made from the team's name, as everyone without a real display name has (docs/decisions/068, 2026-11-27). */
  const TEAM_SLUG = /^zuri-team(-\d+)?$/;
  const putProfile = (session: Session, body: unknown) => api(app, "/api/cms/profile", { method: "PUT", body, cookie: session.cookie });
  const storedUser = (id: number) =>
    app.services.database.db.selectFrom("users").select(["display_name", "bio", "avatar", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const uploadAvatar = async (session: Session) => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 30, g: 60, b: 200 } } }).png().toBuffer();
    const response = await fetch(`${app.baseUrl}/api/cms/media`, {
      method: "POST",
      headers: { cookie: session.cookie, "content-type": "image/png" },
      body: png,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  };
  const save = async (session: Session, post: FullPost, changes: Record<string, unknown>) => {
    const response = await updatePost(app, session.cookie, post, changes);
    return { status: response.status, body: (await response.json()) as FullPost & { errors?: Record<string, string> } };
  };

  describe("profile API", () => {
    it("answers the signed-in user's own profile; the display name starts as the username", async () => {
      const response = await api(app, "/api/cms/profile", { cookie: member.cookie });
      expect(response.status).toBe(403);
      expect((await api(app, "/api/cms/profile")).status).toBe(401);

      await app.services.database.db.updateTable("users").set({ display_name: null }).where("id", "=", ada.user.id).execute();
      const own = await api(app, "/api/cms/profile", { cookie: ada.cookie });
      expect(own.status).toBe(200);
      const body = (await own.json()) as { authorSlug: string };
      expect(body).toEqual({ username: ada.user.username, authorSlug: expect.stringMatching(TEAM_SLUG), displayName: ada.user.username, bio: null, avatar: null });
      expect(body.authorSlug).not.toBe(ada.user.username.toLowerCase());
    });

    it("saves a display name, bio and uploaded avatar, cleaned as plain text", async () => {
      const avatar = await uploadAvatar(ada);
      const response = await putProfile(ada, { displayName: "  Ada \t Lovelace ", bio: "Writes about forecasting.\r\n\r\n\r\nAnd\u0007 stock.", avatar });
      expect(response.status).toBe(200);
      const expected = {
        username: ada.user.username,
        authorSlug: "ada-lovelace",
        displayName: "Ada Lovelace",
        bio: "Writes about forecasting.\n\nAnd stock.",
        avatar,
      };
      expect(await response.json()).toEqual(expected);
      expect(await (await api(app, "/api/cms/profile", { cookie: ada.cookie })).json()).toEqual(expected);
      // Another user's profile is untouched.
      expect((await storedUser(grace.user.id)).display_name).toBe(grace.user.username);
    });

    it("refuses bad input with 400 and a message per field, and writes nothing", async () => {
      await putProfile(ada, { displayName: "Ada Lovelace", bio: "Before", avatar: null });
      const before = await storedUser(ada.user.id);
      const cases: [unknown, Record<string, string>][] = [
        [{ displayName: "Ada", bio: "x".repeat(BIO_MAX + 1), avatar: "javascript:alert(1)" }, { bio: BIO_TOO_LONG, avatar: AVATAR_INVALID }],
        [{ displayName: "x".repeat(61) }, { displayName: DISPLAY_NAME_TOO_LONG }],
        [{ displayName: 42, bio: ["no"] }, { displayName: DISPLAY_NAME_INVALID, bio: "Bio must be text." }],
        [{ displayName: "Ada", avatar: "/media/../../etc/passwd" }, { avatar: AVATAR_INVALID }],
        // Well formed, but no such upload: only this site's images are avatars.
        [{ displayName: "Ada", avatar: "/media/AAAAAAAAAAAAAAAAAAAAAA.png" }, { avatar: AVATAR_NOT_UPLOADED }],
      ];
      for (const [body, errors] of cases) {
        const response = await putProfile(ada, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors);
      }
      // Exactly 280 characters is a bio.
      expect((await putProfile(ada, { displayName: "Ada", bio: "é".repeat(BIO_MAX) })).status).toBe(200);
      await putProfile(ada, { displayName: "Ada Lovelace", bio: "Before", avatar: null });
      const after = await storedUser(ada.user.id);
      expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    });

    it("saves an empty display name as none: the posts are signed with the team's name again", async () => {
      await putProfile(ada, { displayName: "Ada Lovelace", bio: null, avatar: null });
      for (const displayName of ["", "   ", null]) {
        const response = await putProfile(ada, { displayName, bio: "Still here.", avatar: null });
        expect(response.status, JSON.stringify(displayName)).toBe(200);
        // The CMS shows staff the username for a user without a display name (docs/decisions/068).
        expect(await response.json()).toMatchObject({ displayName: ada.user.username, authorSlug: expect.stringMatching(TEAM_SLUG), bio: "Still here." });
        expect((await storedUser(ada.user.id)).display_name).toBeNull();
      }
    });

    it("never accepts a role or another user's id in the body", async () => {
      const response = await putProfile(member, { displayName: "Sneaky", isAdmin: true });
      expect(response.status).toBe(403);
      const own = await putProfile(ada, { displayName: "Ada", isAdmin: false, id: grace.user.id, username: "grace" });
      expect(own.status).toBe(200);
      const users = app.services.database.db.selectFrom("users").select(["username", "role", "display_name"]);
      expect(await users.where("id", "=", ada.user.id).executeTakeFirstOrThrow()).toMatchObject({ username: ada.user.username, display_name: "Ada" });
      expect((await users.where("id", "=", ada.user.id).executeTakeFirstOrThrow()).role).toBe("administrator");
      expect((await users.where("id", "=", grace.user.id).executeTakeFirstOrThrow()).display_name).toBe(grace.user.username);
    });
  });

  describe("who a post is by", () => {
    it("keeps the creator as author when another administrator edits", async () => {
      const post = await createPost(app, ada.cookie, { title: "By Ada" });
      expect(post.authorId).toBe(ada.user.id);
      const edited = await save(grace, post, { title: "Edited by Grace" });
      expect(edited.status).toBe(200);
      expect(edited.body.authorId).toBe(ada.user.id);
      // Ada's display name is her username (beforeEach): she is signed as the team (docs/decisions/068).
      expect(edited.body.author).toEqual({ slug: await slugOf(ada), name: "Zuri Team", avatar: null });
      // The editor sends the author it loaded: still the creator.
      const again = await save(grace, edited.body, { title: "Edited again", authorId: ada.user.id });
      expect(again.body.authorId).toBe(ada.user.id);
    });

    it("lets an administrator name another administrator, or the organisation", async () => {
      const post = await createPost(app, ada.cookie, { authorId: grace.user.id });
      expect(post.authorId).toBe(grace.user.id);
      const toAda = await save(grace, post, { authorId: ada.user.id });
      expect(toAda.status).toBe(200);
      expect(toAda.body.author?.slug).toBe(await slugOf(ada));
      const toOrganisation = await save(grace, toAda.body, { authorId: null });
      expect(toOrganisation.body).toMatchObject({ authorId: null, author: null });
      const publicPost = await (await api(app, `/api/blog/${post.slug}`)).json();
      expect(publicPost.author).toBeNull();
    });

    it("refuses an authorId that is not an administrator, not a user, or not an id, and writes nothing", async () => {
      const post = await createPost(app, ada.cookie, { title: "Stays Ada's" });
      const cases: [unknown, string][] = [
        [member.user.id, AUTHOR_NOT_ALLOWED],
        [999_999, AUTHOR_NOT_ALLOWED],
        ["1", AUTHOR_ID_INVALID],
        [0, AUTHOR_ID_INVALID],
        [1.5, AUTHOR_ID_INVALID],
      ];
      for (const [authorId, message] of cases) {
        const edit = await save(grace, post, { title: "Changed", authorId });
        expect(edit.status, String(authorId)).toBe(400);
        expect(edit.body.errors).toEqual({ authorId: message });
        const create = await api(app, "/api/cms/posts", { method: "POST", cookie: grace.cookie, body: { ...post, slug: `new-${post.slug}`, authorId } });
        expect(create.status).toBe(400);
      }
      const stored = await app.services.posts.getById(post.id);
      expect(stored).toMatchObject({ title: "Stays Ada's", version: post.version, authorId: ada.user.id });
      expect((await allPosts(app)).length).toBe(1);
    });

    it("keeps a demoted author when the post is saved with them, but never lets a save name them anew", async () => {
      const writer = await createSession(app, { isAdmin: true });
      const post = await createPost(app, writer.cookie, { title: "By a former admin" });
      await app.services.database.db.updateTable("users").set({ role: null }).where("id", "=", writer.user.id).execute();
      const kept = await save(ada, post, { title: "Still theirs", authorId: writer.user.id });
      expect(kept.status).toBe(200);
      expect(kept.body.authorId).toBe(writer.user.id);
      const moved = await save(ada, kept.body, { authorId: ada.user.id });
      const back = await save(ada, moved.body, { authorId: writer.user.id });
      expect(back.status).toBe(400);
      expect(back.body.errors).toEqual({ authorId: AUTHOR_NOT_ALLOWED });
    });

    it("refuses a change of author by anyone but an editor or administrator (the service's own rule)", async () => {
      // An author's own post (the service judges by the role stored, docs/decisions/032).
      const writer = await createSession(app, { role: "author" });
      const post = await createPost(app, writer.cookie);
      const fields = { ...post, tags: undefined, publishAsNew: false, authorId: grace.user.id };
      const result = await app.services.posts.update(post.id, fields, { id: writer.user.id, role: "author" });
      expect(result).toMatchObject({ refused: true, code: "invalid", fields: { authorId: AUTHOR_CHANGE_FORBIDDEN } });
    });
  });

  describe("author in answers", () => {
    it("carries { slug, name, avatar } in public and CMS answers, and nothing private: not the login name", async () => {
      const avatar = await uploadAvatar(ada);
      await putProfile(ada, { displayName: "Ada Lovelace", bio: "Private? No, public.", avatar });
      const post = await createPost(app, ada.cookie, { title: "Public author" });
      const author = { slug: "ada-lovelace", name: "Ada Lovelace", avatar };

      const cms = await (await api(app, `/api/cms/posts/${post.id}`, { cookie: grace.cookie })).json();
      expect(cms.author).toEqual(author);
      const one = await (await api(app, `/api/blog/${post.slug}`)).json();
      expect(one.author).toEqual(author);
      const listText = await (await api(app, "/api/blog")).text();
      expect((JSON.parse(listText) as Listed[])[0]!.author).toEqual(author);
      for (const text of [listText, JSON.stringify(one)]) {
        expect(text).not.toMatch(/password|isAdmin|is_admin|email|"bio"|"username"/i);
        expect(text.toLowerCase()).not.toContain(ada.user.username.toLowerCase());
      }
    });

    it("shows the organisation for a post whose author was deleted, on the next request (the blog's version moves)", async () => {
      const writer = await createSession(app, { isAdmin: true });
      const post = await createPost(app, writer.cookie, { title: "Orphaned" });
      const before = await page(app, `/blog/${post.slug}`);
      const etag = before.headers.get("etag")!;
      const beforeHtml = await before.text();
      expect(beforeHtml).toContain(`/blog/author/${await slugOf(writer)}`);
      expect(beforeHtml.toLowerCase()).not.toContain(writer.user.username.toLowerCase());

      const deleted = await api(app, `/api/cms/users/${writer.user.id}`, { method: "DELETE", cookie: ada.cookie });
      expect(deleted.status).toBe(200);
      const after = await page(app, `/blog/${post.slug}`, { "if-none-match": etag });
      expect(after.status).toBe(200);
      const html = await after.text();
      expect(html).not.toContain("/blog/author/");
      const [posting] = jsonLdOf(html).filter((node) => node["@type"] === "BlogPosting");
      expect(posting!.author).toEqual({ "@type": "Organization", name: "Zuri", url: "https://zuri.example/" });
      expect((await (await api(app, `/api/blog/${post.slug}`)).json()).author).toBeNull();
    });
  });

  describe("post page", () => {
    it("shows a byline linking to the author page, names a Person in JSON-LD, and follows profile changes", async () => {
      const post = await createPost(app, ada.cookie, { title: "With a byline" });
      const first = await page(app, `/blog/${post.slug}`);
      const etag = first.headers.get("etag")!;
      await putProfile(ada, { displayName: "Ada Lovelace", bio: null, avatar: null });

      const response = await page(app, `/blog/${post.slug}`, { "if-none-match": etag });
      expect(response.status).toBe(200);
      const html = await response.text();
      const path = "/blog/author/ada-lovelace";
      expect(html).not.toContain(ada.user.username);
      expect(html).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*>Ada Lovelace</a>`));
      const [posting] = jsonLdOf(html).filter((node) => node["@type"] === "BlogPosting");
      expect(posting!.author).toEqual({ "@type": "Person", name: "Ada Lovelace", url: `https://zuri.example${path}` });
    });
  });

  describe("author page", () => {
    const authorPage = (username: string, query = "") => page(app, `/blog/author/${username.toLowerCase()}${query}`);

    it("shows the name, bio and published posts only; 404 for unknown users and drafts-only authors", async () => {
      await putProfile(ada, { displayName: "Ada Lovelace", bio: "Forecasting and stock.", avatar: null });
      await createPost(app, ada.cookie, { title: "Published by Ada" });
      await createPost(app, ada.cookie, { title: "Secret draft by Ada", published: false });
      // Grace's only post was published once, then taken back to draft.
      const graces = await createPost(app, grace.cookie, { title: "Published by Grace" });
      expect((await save(grace, graces, { published: false })).status).toBe(200);

      const response = await authorPage("ada-lovelace");
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).toMatch(/^W\/"blog-\d+-/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      expect(html).toContain("<title>Ada Lovelace | Zuri Intelligence Blog</title>");
      expect(html).toContain('<link rel="canonical" href="https://zuri.example/blog/author/ada-lovelace"/>');
      // The login name is in no address and nowhere on the page (docs/decisions/068).
      expect(html.toLowerCase()).not.toContain(ada.user.username.toLowerCase());
      expect(html).toContain('<meta name="description" content="Forecasting and stock."/>');
      expect(html).toContain("Published by Ada");
      expect(html).not.toContain("Secret draft by Ada");
      expect(html).not.toContain("Published by Grace");
      const [profile] = jsonLdOf(html).filter((node) => node["@type"] === "ProfilePage");
      expect(profile!.mainEntity).toMatchObject({ "@type": "Person", name: "Ada Lovelace", description: "Forecasting and stock." });

      // A revalidation of the same version is a 304 before rendering.
      const path = "/blog/author/ada-lovelace";
      expect((await page(app, path, { "if-none-match": response.headers.get("etag")! })).status).toBe(304);

      expect((await authorPage("nobody-here")).status).toBe(404);
      expect((await authorPage(grace.user.username)).status).toBe(404);
      expect((await authorPage(member.user.username)).status).toBe(404);
      // Any other letter case is the same page's other spelling.
      const upper = await page(app, "/blog/author/ADA-LOVELACE");
      expect(upper.status).toBe(301);
      expect(upper.headers.get("location")).toBe("/blog/author/ada-lovelace");
    });

    it("answers 301 from the login-name address and from a slug left by a change of name; slugs stay unique", async () => {
      await putProfile(ada, { displayName: "Ada Lovelace", bio: null, avatar: null });
      await createPost(app, ada.cookie, { title: "Ada writes" });
      const byUsername = await authorPage(ada.user.username, "?page=1");
      expect(byUsername.status).toBe(301);
      expect(byUsername.headers.get("location")).toBe("/blog/author/ada-lovelace?page=1");

      await putProfile(ada, { displayName: "Ada King", bio: null, avatar: null });
      const old = await authorPage("ada-lovelace");
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe("/blog/author/ada-king");
      expect((await authorPage("ada-king")).status).toBe(200);
      expect((await authorPage(ada.user.username)).headers.get("location")).toBe("/blog/author/ada-king");

      // Grace takes the same display name: her page gets the next free slug, and Ada's old one stays Ada's redirect.
      await putProfile(grace, { displayName: "Ada King", bio: null, avatar: null });
      await createPost(app, grace.cookie, { title: "Grace writes" });
      const graceHtml = await (await authorPage("ada-king-2")).text();
      expect(graceHtml).toContain("Grace writes");
      expect(graceHtml).not.toContain("Ada writes");
      await putProfile(grace, { displayName: "Ada Lovelace", bio: null, avatar: null });
      expect(await app.services.authors.ownProfile(grace.user.id)).toMatchObject({ authorSlug: "ada-lovelace-2" });
      // Ada takes her first name back, and with it her old slug.
      await putProfile(ada, { displayName: "Ada Lovelace", bio: null, avatar: null });
      expect((await authorPage("ada-lovelace")).status).toBe(200);
      expect((await authorPage("ada-king")).headers.get("location")).toBe("/blog/author/ada-lovelace");
      // Nobody with no published post has a redirect either.
      expect((await authorPage(member.user.username)).status).toBe(404);
    });

    it("pages twelve posts at a time like /blog; a page past the end is a 404", async () => {
      for (let n = 1; n <= 13; n++) {
        app.clock.set(new Date(Date.UTC(2025, 0, n, 9)));
        await createPost(app, ada.cookie, { title: `Ada post ${n}` });
      }
      const slug = await slugOf(ada);
      const first = await (await authorPage(slug)).text();
      expect(first).toContain("Ada post 13");
      expect(first).not.toContain("Ada post 1<");
      expect(first).toContain(`href="/blog/author/${slug}?page=2"`);
      const second = await authorPage(slug, "?page=2");
      expect(second.status).toBe(200);
      const secondHtml = await second.text();
      expect(secondHtml).toContain("Ada post 1<");
      expect(secondHtml).not.toContain("Ada post 2<");
      expect((await authorPage(slug, "?page=3")).status).toBe(404);
      expect((await authorPage(slug, "?page=zero")).status).toBe(404);
    });
  });

  describe("GET /api/blog?author=", () => {
    it("lists only that author's published posts, by author slug whatever its case", async () => {
      await createPost(app, ada.cookie, { title: "Ada one" });
      await createPost(app, ada.cookie, { title: "Ada draft", published: false });
      await createPost(app, grace.cookie, { title: "Grace one" });
      const titles = async (query: string) => {
        const response = await api(app, `/api/blog?${query}`);
        expect(response.status, query).toBe(200);
        return { titles: ((await response.json()) as Listed[]).map((post) => post.title), total: response.headers.get("x-total-count") };
      };
      // Display names equal to the usernames (beforeEach): the team's slugs, never the login names.
      const [adaSlug, graceSlug] = [await slugOf(ada), await slugOf(grace)];
      expect(await titles(`author=${adaSlug}`)).toEqual({ titles: ["Ada one"], total: "1" });
      expect(await titles(`author=${adaSlug.toUpperCase()}`)).toEqual({ titles: ["Ada one"], total: "1" });
      expect(await titles(`author=${graceSlug}`)).toEqual({ titles: ["Grace one"], total: "1" });
      expect(await titles(`author=${ada.user.username}`)).toEqual({ titles: [], total: "0" });
      expect(await titles("author=nobody")).toEqual({ titles: [], total: "0" });
      const combined = await api(app, `/api/blog?author=${adaSlug}&q=ada`);
      expect(combined.status).toBe(400);
      expect(Object.keys(((await combined.json()) as { errors: object }).errors)).toEqual(["author"]);
    });
  });

  describe("an author without a real display name (docs/decisions/068, 2026-11-27)", () => {
    const authorPage = (slug: string) => page(app, `/blog/author/${slug.toLowerCase()}`);

    it("is signed as the team, with a slug of the team's name: never the login name, in pages or JSON", async () => {
      // The display name unset, the username itself (beforeEach), and the username in another case and spacing.
      await app.services.database.db.updateTable("users").set({ display_name: null }).where("id", "=", grace.user.id).execute();
      await createPost(app, grace.cookie, { title: "Grace unnamed" });
      await putProfile(ada, { displayName: ada.user.username.toUpperCase().replace("-", " "), bio: null, avatar: null });
      const post = await createPost(app, ada.cookie, { title: "Ada unnamed" });
      const [adaSlug, graceSlug] = [await slugOf(ada), await slugOf(grace)];
      expect(adaSlug).toMatch(TEAM_SLUG);
      expect(graceSlug).toMatch(TEAM_SLUG);
      expect(adaSlug).not.toBe(graceSlug);

      const listText = await (await api(app, "/api/blog")).text();
      const listed = JSON.parse(listText) as Listed[];
      const authorOf = (title: string) => listed.find((item) => item.title === title)?.author;
      expect(authorOf("Ada unnamed")).toEqual({ slug: adaSlug, name: "Zuri Team", avatar: null });
      expect(authorOf("Grace unnamed")).toEqual({ slug: graceSlug, name: "Zuri Team", avatar: null });
      const one = await (await api(app, `/api/blog/${post.slug}`)).text();
      const html = await (await page(app, `/blog/${post.slug}`)).text();
      const list = await (await page(app, "/blog")).text();
      const authorHtml = await (await authorPage(adaSlug)).text();
      for (const text of [listText, one, html, list, authorHtml]) {
        for (const who of [ada, grace]) expect(text.toLowerCase()).not.toContain(who.user.username.toLowerCase());
      }
      expect(html).toMatch(new RegExp(`<a[^>]*href="/blog/author/${adaSlug}"[^>]*>Zuri Team</a>`));
      expect(authorHtml).toContain("Ada unnamed");
      expect(authorHtml).not.toContain("Grace unnamed");

      // The login-name address still answers 301 for an author with a published post, as decision 068 accepts.
      const byUsername = await authorPage(ada.user.username);
      expect(byUsername.status).toBe(301);
      expect(byUsername.headers.get("location")).toBe(`/blog/author/${adaSlug}`);

      // A real name gives the usual slug; the team slug left answers 301 to it.
      await putProfile(ada, { displayName: "Ada Lovelace", bio: null, avatar: null });
      expect(await slugOf(ada)).toBe("ada-lovelace");
      expect((await authorPage(adaSlug)).headers.get("location")).toBe("/blog/author/ada-lovelace");
    });

    it("migration 028 moves a slug that is a login name to the team's, with no redirect row of its own", async () => {
      const db = app.services.database.db;
      await createPost(app, ada.cookie, { title: "Before 028" });
      // As migration 026 left it: the slug of a display name equal to the username.
      await db.updateTable("users").set({ author_slug: ada.user.username.toLowerCase() }).where("id", "=", ada.user.id).execute();
      const { version } = await db.selectFrom("content_versions").select("version").where("name", "=", "blog").executeTakeFirstOrThrow();
      await teamAuthorSlugs.up(db as never, portableTypes(kind));
      const slug = await slugOf(ada);
      expect(slug).toMatch(TEAM_SLUG);
      const redirects = await db.selectFrom("author_slug_redirects").select("old_slug").where("user_id", "=", ada.user.id).execute();
      expect(redirects.map((row) => row.old_slug)).not.toContain(ada.user.username.toLowerCase());
      const after = await db.selectFrom("content_versions").select("version").where("name", "=", "blog").executeTakeFirstOrThrow();
      expect(Number(after.version)).toBeGreaterThan(Number(version));
      expect((await authorPage(slug)).status).toBe(200);
      expect((await authorPage(ada.user.username)).headers.get("location")).toBe(`/blog/author/${slug}`);
    });
  });

  describe("sitemap", () => {
    it("lists the pages of authors with published posts only", async () => {
      await createPost(app, ada.cookie, { title: "Listed" });
      await createPost(app, grace.cookie, { title: "Draft only", published: false });
      const xml = await (await page(app, "/sitemap.xml")).text();
      expect(xml).toContain(`<loc>https://zuri.example/blog/author/${await slugOf(ada)}</loc>`);
      expect(xml.toLowerCase()).not.toContain(ada.user.username.toLowerCase());
      expect(xml).not.toContain(`/blog/author/${grace.user.username.toLowerCase()}<`);
      expect(xml).not.toContain(`/blog/author/${member.user.username.toLowerCase()}<`);
    });
  });
});
