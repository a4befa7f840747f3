import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { clearPosts, createPost } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";
import type { Role } from "../../shared/roles.ts";
import { CANNOT_DELETE, CANNOT_PUBLISH } from "../../shared/post-access.ts";
import { ALREADY_PUBLISHED, ALREADY_TAGGED, TAG_NEEDED } from "../../shared/post-bulk.ts";

/**
 * The dashboard's bulk actions and row (docs/decisions/036-dashboard-bulk-actions.md), as a browser
 * without JavaScript sends them: each checked post judged as a single action would be
 * (docs/decisions/032), each done one with its own activity line and webhook.
 */
describe.each(databaseKinds)("the dashboard's bulk actions on %s", (kind) => {
  let app: TestApp;
  const cookies = {} as Record<Role, string>;
  const ids = {} as Record<Role, number>;
  const db = () => app.services.database.db;

  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const role of ["contributor", "author", "editor", "administrator"] as const) {
      const { cookie, user } = await createSession(app, { role, username: `bulk-${role}-${kind}` });
      cookies[role] = cookie;
      ids[role] = user.id;
    }
    await db().updateTable("users").set({ display_name: "Ada Editor" }).where("id", "=", ids.editor).execute();
    await db()
      .insertInto("webhooks")
      .values({
        url: "http://127.0.0.1:9/hook",
        events: "post.published,post.unpublished,post.deleted",
        secret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0",
        created_at: app.clock().toISOString(),
      })
      .execute();
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await clearPosts(app);
    await db().deleteFrom("activity_log").execute();
    await db().deleteFrom("webhook_deliveries").execute();
  });

  let serial = 0;
  const post = (role: Role, fields: { published?: boolean; coverImage?: string } = {}): Promise<FullPost> =>
    createPost(app, cookies[role], {
      title: `${role} post ${++serial}`,
      slug: `bulk-${kind}-${serial}`,
      published: fields.published ?? false,
      ...(fields.coverImage ? { coverImage: fields.coverImage, coverImageDecorative: true } : {}),
    });

  /** The bulk form as a plain browser posts it: the intent and every checked id. */
  const bulk = (role: Role, intent: string, postIds: number[], extra: Record<string, string> = {}) => {
    const body = new URLSearchParams({ intent: `bulk-${intent}`, ...extra });
    for (const id of postIds) body.append("ids", String(id));
    return fetch(`${app.baseUrl}/cms/control`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies[role] },
      body: body.toString(),
    });
  };
  const statusOf = async (id: number) => {
    const row = await db().selectFrom("posts").select(["published"]).where("id", "=", id).executeTakeFirst();
    return row === undefined ? "gone" : row.published ? "published" : "draft";
  };
  const activity = async (action: string) =>
    (await db().selectFrom("activity_log").select("subject_id").where("action", "=", action).orderBy("id").execute()).map((row) => Number(row.subject_id));
  const deliveries = async (type: string) =>
    Number((await db().selectFrom("webhook_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("event_type", "=", type).executeTakeFirstOrThrow()).n);
  /** The page's text without tags and entities, for the result's words. */
  const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&quot;|&#x27;|&#39;/g, '"');

  it("an editor publishes drafts, their own and others', each with its activity line and webhook; a live one is left as it was", async () => {
    const mine = await post("editor");
    const theirs = await post("contributor");
    const live = await post("administrator", { published: true });
    await db().deleteFrom("activity_log").execute();
    await db().deleteFrom("webhook_deliveries").execute();
    const response = await bulk("editor", "publish", [mine.id, theirs.id, live.id]);
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("2 posts published, 1 not");
    expect(text).toContain(`${live.title}: ${ALREADY_PUBLISHED}`);
    expect([await statusOf(mine.id), await statusOf(theirs.id)]).toEqual(["published", "published"]);
    expect(await activity("post.publish")).toEqual([mine.id, theirs.id]);
    expect(await deliveries("post.published")).toBe(2);
  });

  it("a contributor cannot publish: each refused with the single action's reason, someone else's not found", async () => {
    const mine = await post("contributor");
    const other = await post("editor");
    const text = textOf(await (await bulk("contributor", "publish", [mine.id, other.id])).text());
    expect(text).toContain("0 posts published, 2 not");
    expect(text).toContain(`${mine.title}: ${CANNOT_PUBLISH}`);
    expect(text).toContain(`Post ${other.id}: Post not found`);
    expect(text).not.toContain(other.title);
    expect([await statusOf(mine.id), await statusOf(other.id)]).toEqual(["draft", "draft"]);
    expect(await activity("post.publish")).toEqual([]);
  });

  it("an author unpublishes their own posts; someone else's is not found", async () => {
    const mine = await post("author", { published: true });
    const other = await post("administrator", { published: true });
    await db().deleteFrom("webhook_deliveries").execute();
    const text = textOf(await (await bulk("author", "unpublish", [mine.id, other.id], { confirmed: "1" })).text());
    expect(text).toContain("1 post unpublished, 1 not");
    expect(text).toContain(`Post ${other.id}: Post not found`);
    expect([await statusOf(mine.id), await statusOf(other.id)]).toEqual(["draft", "published"]);
    expect(await activity("post.unpublish")).toEqual([mine.id]);
    expect(await deliveries("post.unpublished")).toBe(1);
  });

  it("unpublishing 20 live posts asks once, then unpublishes all 20, each with its revision, activity line and webhook", async () => {
    const live = [];
    for (let i = 0; i < 20; i++) live.push(await post("editor", { published: true }));
    const ids = live.map((p) => p.id);
    const revisions = async () =>
      Number((await db().selectFrom("post_revisions").select((eb) => eb.fn.countAll<number>().as("n")).where("post_id", "in", ids).executeTakeFirstOrThrow()).n);
    await db().deleteFrom("activity_log").execute();
    await db().deleteFrom("webhook_deliveries").execute();
    const before = await revisions();

    const asked = textOf(await (await bulk("editor", "unpublish", ids)).text());
    expect(asked).toContain("Unpublish 20 Blog Posts");
    expect(asked).toContain("Take these 20 blog posts off the blog? They become drafts and keep their first publication date.");
    expect(new Set(await Promise.all(ids.map(statusOf)))).toEqual(new Set(["published"]));
    expect(await revisions()).toBe(before);

    const text = textOf(await (await bulk("editor", "unpublish", ids, { confirmed: "1" })).text());
    expect(text).toContain("20 posts unpublished");
    expect(new Set(await Promise.all(ids.map(statusOf)))).toEqual(new Set(["draft"]));
    expect(await activity("post.unpublish")).toEqual(ids);
    expect(await revisions()).toBe(before + 20);
    expect(await deliveries("post.unpublished")).toBe(20);
  });

  it("delete asks first, naming the count; confirmed, a contributor deletes only their drafts", async () => {
    const draft = await post("contributor");
    const live = await post("author", { published: true });
    await db().updateTable("posts").set({ author_id: ids.contributor }).where("id", "=", live.id).execute();
    const other = await post("editor");

    const asked = textOf(await (await bulk("contributor", "delete", [draft.id, live.id, other.id])).text());
    expect(asked).toContain("Delete 3 Blog Posts");
    expect(asked).toContain("Are you sure you want to delete these 3 blog posts? This action cannot be undone.");
    expect(await statusOf(draft.id)).toBe("draft");

    const text = textOf(await (await bulk("contributor", "delete", [draft.id, live.id, other.id], { confirmed: "1" })).text());
    expect(text).toContain("1 post deleted, 2 not");
    expect(text).toContain(`${live.title}: ${CANNOT_DELETE}`);
    expect(text).toContain(`Post ${other.id}: Post not found`);
    expect([await statusOf(draft.id), await statusOf(live.id), await statusOf(other.id)]).toEqual(["gone", "published", "draft"]);
    expect(await activity("post.delete")).toEqual([draft.id]);
  });

  it("an administrator deletes live posts, each with its webhook", async () => {
    const first = await post("author", { published: true });
    const second = await post("editor", { published: true });
    const text = textOf(await (await bulk("administrator", "delete", [first.id, second.id], { confirmed: "1" })).text());
    expect(text).toContain("2 posts deleted");
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(["gone", "gone"]);
    expect(await activity("post.delete")).toEqual([first.id, second.id]);
    expect(await deliveries("post.deleted")).toBe(2);
  });

  it("adds and removes a tag on many posts, keeping each one's status, each with its revision; no tag named is refused", async () => {
    const draft = await post("editor");
    const live = await post("contributor");
    await bulk("administrator", "publish", [live.id]);
    const tagsOf = async (id: number) =>
      (
        await db()
          .selectFrom("post_tags")
          .innerJoin("tags", "tags.id", "post_tags.tag_id")
          .select("tags.name")
          .where("post_tags.post_id", "=", id)
          .orderBy("tags.name")
          .execute()
      ).map((row) => row.name);
    const revisions = async (id: number) =>
      Number((await db().selectFrom("post_revisions").select((eb) => eb.fn.countAll<number>().as("n")).where("post_id", "=", id).executeTakeFirstOrThrow()).n);
    const before = [await revisions(draft.id), await revisions(live.id)];

    const added = textOf(await (await bulk("editor", "add-tag", [draft.id, live.id], { tag: "Supply chain" })).text());
    expect(added).toContain("2 posts tagged");
    expect([await tagsOf(draft.id), await tagsOf(live.id)]).toEqual([["Supply chain"], ["Supply chain"]]);
    expect([await statusOf(draft.id), await statusOf(live.id)]).toEqual(["draft", "published"]);
    expect([await revisions(draft.id), await revisions(live.id)]).toEqual([before[0]! + 1, before[1]! + 1]);

    // Named another way (case, accents), it is the same tag: already there, then removed.
    const again = textOf(await (await bulk("editor", "add-tag", [draft.id], { tag: "supply CHAIN" })).text());
    expect(again).toContain(`0 posts tagged, 1 not`);
    expect(again).toContain(`${draft.title}: ${ALREADY_TAGGED}`);
    const removed = textOf(await (await bulk("editor", "remove-tag", [draft.id, live.id], { tag: "supply chain" })).text());
    expect(removed).toContain("2 posts untagged");
    expect([await tagsOf(draft.id), await tagsOf(live.id)]).toEqual([[], []]);
    expect(await statusOf(live.id)).toBe("published");

    const noTag = await bulk("editor", "add-tag", [draft.id], { tag: "  " });
    expect(noTag.status).toBe(400);
    expect(textOf(await noTag.text())).toContain(TAG_NEEDED);
  });

  it("refuses no selection, an unknown action and a bad id with 400, changing nothing", async () => {
    const draft = await post("editor");
    expect(textOf(await (await bulk("editor", "publish", [])).text())).toContain("Select at least one post.");
    expect((await bulk("editor", "archive", [draft.id])).status).toBe(400);
    const bad = await fetch(`${app.baseUrl}/cms/control`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.editor },
      body: `intent=bulk-publish&ids=${draft.id}&ids=abc`,
    });
    expect(bad.status).toBe(400);
    expect(await statusOf(draft.id)).toBe("draft");
  });

  it("shows each row's author, a decorative lazy thumbnail from the cover's variants, a checkbox, and the date it names", async () => {
    const cover = "/media/AAAAAAAAAAAAAAAAAAAAAA.webp";
    await post("editor", { coverImage: cover, published: true });
    const html = await (await fetch(`${app.baseUrl}/cms/control`, { headers: { cookie: cookies.administrator } })).text();
    expect(html).toMatch(/<th[^>]*>Author<\/th>/);
    expect(html).toMatch(/<td[^>]*>Ada Editor<\/td>/);
    const img = html.match(/<img [^>]*src="\/media\/AAAAAAAAAAAAAAAAAAAAAA\.webp"[^>]*>/)?.[0];
    expect(img).toBeDefined();
    expect(img).toContain('alt=""');
    expect(img).toContain('loading="lazy"');
    expect(img).toMatch(/width="64"/);
    expect(img).toMatch(/height="34"/);
    expect(img).toContain("/media/AAAAAAAAAAAAAAAAAAAAAA.w160.webp 160w");
    const checkbox = html.match(/<input type="checkbox"[^>]*name="ids"[^>]*>/)?.[0];
    expect(checkbox).toMatch(/aria-label="Select editor post \d+"/);
    expect(textOf(html)).toContain("Date (edited)");
    const published = textOf(await (await fetch(`${app.baseUrl}/cms/control?sort=published-desc`, { headers: { cookie: cookies.administrator } })).text());
    expect(published).toContain("Date (published)");
  });

  it("searches from the address's q, the search box keeping it", async () => {
    await post("editor");
    const wanted = await createPost(app, cookies.editor, { title: "Quarterly shrinkage review", slug: `shrinkage-${kind}` });
    const html = await (await fetch(`${app.baseUrl}/cms/control?q=shrink`, { headers: { cookie: cookies.administrator } })).text();
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="shrink"/);
    expect(html).toContain(wanted.title);
    expect(html).not.toContain("editor post");
    expect(textOf(html)).toContain("Showing 1–1 of 1 post");
  });
});
