import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { createLogger } from "../../server/logger.ts";
import { createContentVersion } from "../../server/services/content-version.ts";
import { createLandingPageChanges } from "../../server/services/landing-page-changes.ts";
import { createLandingPageScheduler } from "../../server/services/landing-page-scheduler.ts";
import { PAGE_ALREADY_PUBLISHED } from "../../server/services/landing-pages.ts";
import { SCHEDULE_AT_INVALID, SCHEDULE_AT_PAST, SCHEDULE_AT_TOO_LATE } from "../../shared/landing-pages.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { landingPageBody } from "../support/landing-pages.ts";
import { accepted, pageActivity, refusal } from "../support/landing-page-answers.ts";
import { jobSettled, nextSweep, sweepNow } from "../support/jobs.ts";

const MINUTE = 60_000;
const PUBLISHED_LOG = "landing page published on schedule";

const ok = accepted;
const refused = refusal;

/** Scheduled landing pages (docs/decisions/037), in-process with a clock the test moves and sweeps it makes. */
describe.each(databaseKinds)("scheduling landing pages on %s", (kind) => {
  let app: TestApp;
  let editor: SessionUser;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SITE_URL: "https://zuri.example" } });
    editor = (await createSession(app, { role: "editor" })).user;
  });
  afterAll(() => app.close());

  const pages = () => app.services.landingPages;
  const inMinutes = (minutes: number) => new Date(app.clock().getTime() + minutes * MINUTE).toISOString();
  const publications = (lines: Record<string, unknown>[], id: number) => lines.filter((line) => line.msg === PUBLISHED_LOG && line.pageId === id);

  it("refuses a time that is not one, past or too far, a published page, and one with an incomplete block", async () => {
    const page = ok(await pages().create(editor, landingPageBody()));
    expect(refused(await pages().schedule(editor, page.id, "next tuesday")).fields).toEqual({ at: SCHEDULE_AT_INVALID });
    expect(refused(await pages().schedule(editor, page.id, inMinutes(-1))).fields).toEqual({ at: SCHEDULE_AT_PAST });
    expect(refused(await pages().schedule(editor, page.id, inMinutes(6 * 366 * 24 * 60))).fields).toEqual({ at: SCHEDULE_AT_TOO_LATE });

    const incomplete = ok(await pages().create(editor, landingPageBody({ blocks: [{ id: "faq", type: "faq", heading: "Questions", items: [{ question: "Why?" }] }] })));
    expect(refused(await pages().schedule(editor, incomplete.id, inMinutes(5)))).toMatchObject({
      code: "invalid",
      message: "Block 1 (FAQ): Answer is required.",
      fields: { "blocks.0.items.0.answer": "Block 1 (FAQ): Answer is required." },
    });

    ok(await pages().publish(editor, page.id));
    expect(refused(await pages().schedule(editor, page.id, inMinutes(5)))).toMatchObject({ code: "conflict", message: PAGE_ALREADY_PUBLISHED });
  });

  it("keeps a scheduled page off its address until its time, then publishes it once, dated at its time", async () => {
    const at = inMinutes(2);
    const page = ok(await pages().create(editor, landingPageBody({ title: "Launch day" })));
    const scheduled = ok(await pages().schedule(editor, page.id, at));
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: at, publishedAt: null });
    // A scheduled page's save must keep it publishable.
    const broken = refused(await pages().update(editor, page.id, { ...landingPageBody({ slug: page.slug, blocks: [] }), version: scheduled.version }));
    expect(broken.fields).toEqual({ blocks: "Add at least one block before publishing." });

    app.clock.advance(MINUTE);
    await app.services.landingPageScheduler.sweep();
    expect(await pages().findPublished(page.slug)).toBeNull();

    app.clock.advance(MINUTE + 1000);
    const before = (await app.services.contentVersion.current()).version;
    await app.services.landingPageScheduler.sweep();
    await app.services.landingPageScheduler.sweep();
    expect(await pages().findPublished(page.slug)).toMatchObject({ title: "Launch day", publishedAt: at });
    expect((await app.services.contentVersion.current()).version).toBeGreaterThan(before);
    expect(ok(await pages().get(page.id))).toMatchObject({ status: "published", publishedAt: at, scheduledAt: null, version: scheduled.version + 1 });
    expect(ok(await pages().revisions(page.id)).map((r) => [r.reason, r.author])).toEqual([
      ["publish", null],
      ["save", editor.username],
    ]);
    expect((await pageActivity(app, page.id)).map((line) => [line.action, line.actor_name])).toEqual([
      ["page.create", editor.username],
      ["page.schedule", editor.username],
      ["page.publish", null],
    ]);
    expect(publications(app.logLines, page.id)).toHaveLength(1);
  });

  it("unschedules a page back to a draft, which the scheduler then leaves alone", async () => {
    const page = ok(await pages().create(editor, landingPageBody()));
    ok(await pages().schedule(editor, page.id, inMinutes(1)));
    expect(ok(await pages().unschedule(editor, page.id))).toMatchObject({ status: "draft", scheduledAt: null });
    app.clock.advance(2 * MINUTE);
    await app.services.landingPageScheduler.sweep();
    expect(await pages().findPublished(page.slug)).toBeNull();
    expect((await pageActivity(app, page.id)).map((line) => line.action)).toEqual(["page.create", "page.schedule", "page.unschedule"]);
  });

  // Several instances share PostgreSQL only (SQLite is one instance's file: docs/architecture.md); on
  // SQLite, sweeps of the one instance overlap instead.
  it(`publishes each due page exactly once when ${kind === "postgres" ? "two instances" : "overlapping sweeps"} run at the same moment`, async () => {
    const due = await Promise.all(Array.from({ length: 12 }, (_, i) => pages().create(editor, landingPageBody({ title: `Race ${i}` }))));
    for (const page of due.map(ok)) ok(await pages().schedule(editor, page.id, inMinutes(1)));
    app.clock.advance(MINUTE + 1000);
    const mine = app.services.landingPageScheduler;
    const lines: Record<string, unknown>[] = [];
    if (kind === "postgres") {
      const other = connectDatabase(app.database.url);
      const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
      const otherScheduler = createLandingPageScheduler({
        db: other.db,
        logger,
        clock: app.clock,
        // Another instance's own content version (not started: its bumps reach the app by NOTIFY).
        changes: createLandingPageChanges({ contentVersion: createContentVersion({ db: other.db, kind, databaseUrl: app.database.url, logger }) }),
      });
      await Promise.all([mine.sweep(), otherScheduler.sweep(), mine.sweep(), otherScheduler.sweep()]).finally(() => other.close());
    } else {
      await Promise.all([mine.sweep(), mine.sweep(), mine.sweep()]);
    }
    for (const page of due.map(ok)) {
      expect(ok(await pages().revisions(page.id)).map((r) => r.reason)).toEqual(["publish", "save"]);
      expect((await pageActivity(app, page.id)).filter((line) => line.action === "page.publish")).toHaveLength(1);
      expect(publications([...app.logLines, ...lines], page.id)).toHaveLength(1);
      expect(await pages().findPublished(page.slug)).not.toBeNull();
    }
  });
});

/** The job as server/main.ts runs it (docs/decisions/025), woken by the schedule: no poll, no sleep. */
describe.each(databaseKinds)("the landing-page-publishing job on %s", (kind) => {
  let app: TestApp;
  let editor: SessionUser;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      jobs: ["landing-page-publishing"],
      // An hour's poll: only a wake can make it look within the test.
      jobIntervals: { "landing-page-publishing": 60 * MINUTE },
    });
    editor = (await createSession(app, { role: "editor" })).user;
    await jobSettled(app.jobs, "landing-page-publishing");
  });
  afterAll(() => app.close());

  it("looks at once when a page is scheduled on this instance, and publishes it once its time has come", async () => {
    const pages = app.services.landingPages;
    const page = ok(await pages.create(editor, landingPageBody()));
    const looked = nextSweep(app.jobs, "landing-page-publishing");
    ok(await pages.schedule(editor, page.id, new Date(app.clock().getTime() + MINUTE).toISOString()));
    await looked;
    expect(await pages.findPublished(page.slug)).toBeNull();

    app.clock.advance(MINUTE + 1000);
    await sweepNow(app.jobs, "landing-page-publishing");
    expect(await pages.findPublished(page.slug)).not.toBeNull();
    expect(app.logLines.filter((line) => line.msg === PUBLISHED_LOG && line.pageId === page.id)).toHaveLength(1);
  });
});
