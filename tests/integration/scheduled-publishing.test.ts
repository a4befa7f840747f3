import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { createLogger } from "../../server/logger.ts";
import { createScheduledPublisher } from "../../server/services/scheduled-publishing.ts";
import { createContentVersion } from "../../server/services/content-version.ts";
import { createTagService } from "../../server/services/tags.ts";
import { createSearchService } from "../../server/services/search.ts";
import { createPostChanges } from "../../server/services/post-changes.ts";
import { createWebhookOutbox } from "../../server/services/webhook-outbox.ts";
import type { FullPost } from "../../server/services/posts.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost } from "../support/posts.ts";
import { jobSettled, nextSweep, sweepNow } from "../support/jobs.ts";

const MINUTE = 60_000;

/** Scheduled publishing (docs/decisions/049), in-process with a clock the test moves. */
describe.each(databaseKinds)("scheduled publishing on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    // The test moves time and sweeps itself: no background job runs (startTestApp without `jobs`).
    ({ cookie } = await createSession(app, { isAdmin: true }));
  });
  afterAll(() => app.close());

  const inMinutes = (minutes: number) => new Date(app.clock().getTime() + minutes * MINUTE).toISOString();
  const text = async (path: string) => (await fetch(`${app.baseUrl}${path}`)).text();
  /** Where visitors could find a post: the API list and post, the blog, the sitemap, the feed, search, its tag. */
  const publicTraces = async (post: { slug: string; title: string }) => ({
    apiList: (await text("/api/blog")).includes(post.slug),
    apiPost: (await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).status,
    blog: (await text("/blog")).includes(post.slug),
    sitemap: (await text("/sitemap.xml")).includes(post.slug),
    feed: (await text("/blog/rss.xml")).includes(post.slug),
    search: (await text(`/api/blog?q=${encodeURIComponent(post.title.split(" ")[0]!)}`)).includes(post.slug),
    tag: (await text("/api/tags")).includes("schedules"),
  });
  const hidden = { apiList: false, apiPost: 404, blog: false, sitemap: false, feed: false, search: false, tag: false };
  const shown = { apiList: true, apiPost: 200, blog: true, sitemap: true, feed: true, search: true, tag: true };
  const revisionsOf = async (id: number) =>
    (await (await api(app, `/api/cms/posts/${id}/revisions`, { cookie })).json()) as { event: string; status: string }[];

  it("keeps a post with published: true and a future publishedAt out of every public place until its time, then publishes it once", async () => {
    const at = inMinutes(2);
    const post = await createPost(app, cookie, { title: "Quarterly planning primer", published: true, publishedAt: at, tags: ["Schedules"] });
    expect(post).toMatchObject({ status: "scheduled", published: true, publishedAt: at, firstPublishedAt: null });
    expect(await publicTraces(post)).toEqual(hidden);

    // Not yet due: a sweep leaves it.
    app.clock.advance(MINUTE);
    await app.services.scheduledPublisher.sweep();
    expect(await publicTraces(post)).toEqual(hidden);

    app.clock.advance(MINUTE + 1000);
    await app.services.scheduledPublisher.sweep();
    await app.services.scheduledPublisher.sweep();
    expect(await publicTraces(post)).toEqual(shown);

    const published = (await (await api(app, `/api/cms/posts/${post.id}`, { cookie })).json()) as FullPost;
    // It is dated at its scheduled time, not at the sweep's.
    expect(published).toMatchObject({ status: "published", published: true, publishedAt: at, firstPublishedAt: at, version: post.version + 1 });
    expect((await revisionsOf(post.id)).map((r) => r.event)).toEqual(["scheduled-publish", "save"]);
    const logged = app.logLines.filter((line) => line.msg === "post published on schedule" && line.postId === post.id);
    expect(logged).toHaveLength(1);
  });

  it("returns a scheduled post to Draft when it is saved unpublished, and lists it under its own status", async () => {
    const post = await createPost(app, cookie, { published: true, publishedAt: inMinutes(5) });
    const scheduledList = await (await api(app, "/api/cms/posts?status=scheduled", { cookie })).json();
    expect(scheduledList).toEqual([expect.objectContaining({ id: post.id, status: "scheduled", scheduledAt: post.publishedAt })]);
    expect(await (await api(app, "/api/cms/posts?status=draft", { cookie })).json()).not.toContainEqual(
      expect.objectContaining({ id: post.id }),
    );

    const response = await updatePost(app, cookie, post, { published: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "draft", published: false, publishedAt: null });
    app.clock.advance(6 * MINUTE);
    await app.services.scheduledPublisher.sweep();
    expect((await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).status).toBe(404);
    expect(await (await api(app, "/api/cms/posts?status=draft", { cookie })).json()).toContainEqual(
      expect.objectContaining({ id: post.id, status: "draft", scheduledAt: null }),
    );
  });

  it("reschedules, and publishes at once when the time given has passed or is absent", async () => {
    const post = await createPost(app, cookie, { published: true, publishedAt: inMinutes(1) });
    const later = inMinutes(3);
    const moved = await updatePost(app, cookie, post, { published: true, publishedAt: later });
    expect(await moved.json()).toMatchObject({ status: "scheduled", publishedAt: later });

    const now = (await (await api(app, `/api/cms/posts/${post.id}`, { cookie })).json()) as FullPost;
    const publishNow = await updatePost(app, cookie, now, { published: true, publishedAt: inMinutes(-1) });
    const live = (await publishNow.json()) as FullPost;
    expect(live).toMatchObject({ status: "published", publishedAt: app.clock().toISOString() });
    expect((await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).status).toBe(200);
  });

  it("never schedules a live post: it keeps its date whatever publishedAt says", async () => {
    const post = await createPost(app, cookie, { published: true });
    const response = await updatePost(app, cookie, post, { published: true, publishedAt: inMinutes(10), title: "Still live" });
    expect(await response.json()).toMatchObject({ status: "published", publishedAt: post.publishedAt, title: "Still live" });
    expect((await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).status).toBe(200);
  });

  it("refuses a publishedAt that is not a time with a zone, or too far ahead, with a field message", async () => {
    for (const publishedAt of ["next monday", "2026-12-01T09:00", 12345, inMinutes(60 * 24 * 366 * 6)]) {
      const response = await api(app, "/api/cms/posts", { method: "POST", cookie, body: { ...minimal(), published: true, publishedAt } });
      expect(response.status, String(publishedAt)).toBe(400);
      expect((await response.json()).errors.publishedAt).toMatch(/Publish time|scheduled at most/);
    }
  });

  // Several instances share PostgreSQL only (SQLite is one instance's file: docs/architecture.md); on
  // SQLite, sweeps of the one instance overlap instead.
  it(`publishes each due post exactly once when ${kind === "postgres" ? "two instances" : "overlapping sweeps"} run at the same moment`, async () => {
    const due = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createPost(app, cookie, { published: true, publishedAt: inMinutes(1), title: `Race ${i}` })),
    );
    app.clock.advance(MINUTE + 1000);
    const mine = app.services.scheduledPublisher;
    const lines: Record<string, unknown>[] = [];
    if (kind === "postgres") {
      const other = connectDatabase(app.database.url);
      const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
      const otherPublisher = createScheduledPublisher({
        db: other.db,
        logger,
        clock: app.clock,
        changes: createPostChanges({
          tags: createTagService({ db: other.db }),
          search: createSearchService({ db: other.db, kind }),
          // Another instance's own (not started: its bumps reach the app by NOTIFY).
          contentVersion: createContentVersion({ db: other.db, kind, databaseUrl: app.database.url, logger }),
          webhooks: createWebhookOutbox({ kind, clock: app.clock, siteUrl: app.services.env.SITE_URL, onQueued: () => {} }),
        }),
      });
      await Promise.all([mine.sweep(), otherPublisher.sweep(), mine.sweep()]).finally(() => other.close());
    } else {
      await Promise.all([mine.sweep(), mine.sweep(), mine.sweep()]);
    }
    for (const post of due) {
      const events = (await revisionsOf(post.id)).map((r) => r.event);
      expect(events).toEqual(["scheduled-publish", "save"]);
      const logs = [...app.logLines, ...lines].filter((line) => line.msg === "post published on schedule" && line.postId === post.id);
      expect(logs).toHaveLength(1);
    }
  });
});

let n = 0;
const minimal = () => ({ title: `Minimal ${++n}`, slug: `minimal-${n}-${process.pid}`, content: "<p>Body</p>" });

/** The job as server/main.ts runs it (docs/decisions/025), woken by the save: no poll, no sleep. */
describe.each(databaseKinds)("the scheduled-publishing job on %s", (kind) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: { SITE_URL: "https://zuri.example" },
      jobs: ["scheduled-publishing"],
      // An hour's poll: only a wake can make it look within the test.
      jobIntervals: { "scheduled-publishing": 60 * MINUTE },
    });
    ({ cookie } = await createSession(app, { isAdmin: true }));
    await jobSettled(app.jobs, "scheduled-publishing");
  });
  afterAll(() => app.close());

  it("looks at once when a post is scheduled on this instance, and publishes it once its time has come", async () => {
    const looked = nextSweep(app.jobs, "scheduled-publishing");
    const at = new Date(app.clock().getTime() + MINUTE).toISOString();
    const post = await createPost(app, cookie, { title: "Woken by its save", published: true, publishedAt: at });
    await looked;
    expect((await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).status).toBe(404);

    app.clock.advance(MINUTE + 1000);
    await sweepNow(app.jobs, "scheduled-publishing");
    expect((await fetch(`${app.baseUrl}/api/blog/${post.slug}`)).status).toBe(200);
    const logged = app.logLines.filter((line) => line.msg === "post published on schedule" && line.postId === post.id);
    expect(logged).toHaveLength(1);
  });
});
