import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { createSession } from "../support/auth.ts";
import { api, createPost, updatePost } from "../support/posts.ts";
import type { FullPost } from "../../server/services/posts.ts";
import type { CmsListPost } from "../../server/services/post-listing.ts";
import { LOCKED_IN_REVIEW } from "../../shared/post-access.ts";
import { REVIEW_NOTE_REQUIRED } from "../../shared/post-review.ts";
import { ALREADY_IN_REVIEW, NOT_A_DRAFT, NOT_IN_REVIEW } from "../../server/services/post-review.ts";

/**
 * The review workflow (docs/decisions/032-post-permissions-and-review.md): a contributor submits a
 * draft, it waits in the review queue, an editor sends it back with a note or approves it (publishes
 * or schedules it), and every step leaves its line in the activity log, in the step's transaction.
 */
describe.each(databaseKinds)("the review workflow on %s", (kind) => {
  let app: TestApp;
  let writer: Awaited<ReturnType<typeof createSession>>;
  let editor: Awaited<ReturnType<typeof createSession>>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    writer = await createSession(app, { role: "contributor", username: `writer-${kind}` });
    editor = await createSession(app, { role: "editor", username: `editor-${kind}` });
  });
  afterAll(() => app.close());

  const submit = (post: { id: number }, cookie = writer.cookie, body?: unknown) =>
    api(app, `/api/cms/posts/${post.id}/submit`, { method: "POST", cookie, body });
  const sendBack = (post: { id: number }, note: unknown, cookie = editor.cookie) =>
    api(app, `/api/cms/posts/${post.id}/send-back`, { method: "POST", cookie, body: { note } });
  const get = async (post: { id: number }, cookie = writer.cookie) => (await (await api(app, `/api/cms/posts/${post.id}`, { cookie })).json()) as FullPost;
  const queue = async (cookie = editor.cookie) => {
    const response = await api(app, "/api/cms/posts?status=review&perPage=100", { cookie });
    expect(response.status).toBe(200);
    return { posts: (await response.json()) as CmsListPost[], total: Number(response.headers.get("x-total-count")) };
  };
  const activity = async (postId: number) =>
    (
      await app.services.database.db
        .selectFrom("activity_log")
        .select(["action", "actor_name", "subject_type", "subject_label", "detail"])
        .where("subject_id", "=", String(postId))
        .orderBy("id")
        .execute()
    ).map((row) => ({ ...row, detail: row.detail === null ? null : JSON.parse(row.detail) }));

  async function expectRefused(response: Response, status: number, message: string) {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    expect(JSON.parse(text).message).toBe(message);
  }

  it("submits, sends back with a note, resubmits and approves by scheduling", async () => {
    const before = (await queue()).total;
    const draft = await createPost(app, writer.cookie, { published: false, title: "Supplier lead times" });

    // Submitted: in the queue, with who and when; locked for the writer.
    const submitted = await submit(draft, writer.cookie, { version: draft.version });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const inReview = (await submitted.json()) as FullPost;
    expect(inReview.review).toEqual({ submittedAt: expect.any(String), submittedBy: { id: writer.user.id, name: writer.user.username }, note: null });
    const waiting = await queue();
    expect(waiting.total).toBe(before + 1);
    expect(waiting.posts.find((post) => post.id === draft.id)).toMatchObject({ submittedBy: writer.user.username, submittedAt: inReview.review.submittedAt });
    expect(await app.services.postListing.reviewCount()).toBe(before + 1);
    expect(await app.services.postListing.reviewCount(writer.user.id)).toBe(1);
    await expectRefused(await updatePost(app, writer.cookie, inReview, { title: "Changed meanwhile", published: false }), 403, LOCKED_IN_REVIEW);
    await expectRefused(await submit(draft), 409, ALREADY_IN_REVIEW);

    // Sent back: out of the queue, the note visible to the writer, who may edit again.
    await expectRefused(await sendBack(draft, "   "), 400, REVIEW_NOTE_REQUIRED);
    await expectRefused(await sendBack(draft, "Looks good", writer.cookie), 403, "Forbidden");
    const back = await sendBack(draft, "Add a source for the 40% figure.");
    expect(back.status, await back.clone().text()).toBe(200);
    const note = (await get(draft)).review;
    expect(note).toEqual({
      submittedAt: null,
      submittedBy: null,
      note: { text: "Add a source for the 40% figure.", by: { id: editor.user.id, name: editor.user.username }, at: expect.any(String) },
    });
    expect((await queue()).total).toBe(before);
    await expectRefused(await sendBack(draft, "Again"), 409, NOT_IN_REVIEW);
    const edited = await updatePost(app, writer.cookie, await get(draft), { title: "Supplier lead times, sourced", published: false });
    expect(edited.status).toBe(200);

    // Resubmitted: the note goes.
    const again = (await (await submit(draft)).json()) as FullPost;
    expect(again.review.note).toBeNull();
    expect(again.review.submittedAt).not.toBeNull();

    // Approved by scheduling: out of the queue, scheduled.
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const approved = await updatePost(app, editor.cookie, again, { published: true, publishedAt: at });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const scheduled = (await approved.json()) as FullPost;
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.review).toEqual({ submittedAt: null, submittedBy: null, note: null });
    expect((await queue()).total).toBe(before);
    await expectRefused(await submit(draft), 409, NOT_A_DRAFT);

    expect(await activity(draft.id)).toEqual([
      { action: "post.submit", actor_name: writer.user.username, subject_type: "post", subject_label: "Supplier lead times", detail: null },
      {
        action: "post.send-back",
        actor_name: editor.user.username,
        subject_type: "post",
        subject_label: "Supplier lead times",
        detail: { note: "Add a source for the 40% figure." },
      },
      { action: "post.submit", actor_name: writer.user.username, subject_type: "post", subject_label: "Supplier lead times, sourced", detail: null },
      {
        action: "post.schedule",
        actor_name: editor.user.username,
        subject_type: "post",
        subject_label: "Supplier lead times, sourced",
        detail: { at: scheduled.publishedAt },
      },
    ]);
  });

  it("hides someone else's draft from a contributor's submit, and lets an editor edit a draft in review", async () => {
    const theirs = await createPost(app, editor.cookie, { published: false });
    await expectRefused(await submit(theirs), 404, "Post not found");
    const mine = await createPost(app, writer.cookie, { published: false });
    const inReview = (await (await submit(mine)).json()) as FullPost;
    const fixed = await updatePost(app, editor.cookie, inReview, { title: "Tightened by the editor", published: false });
    expect(fixed.status).toBe(200);
    // A plain save keeps it in the queue.
    expect(((await fixed.json()) as FullPost).review.submittedAt).toBe(inReview.review.submittedAt);
  });

  it("logs publish, unpublish, restore and delete with the post's title, and nothing for the scheduler", async () => {
    const post = await createPost(app, editor.cookie, { published: true, title: "Logged post" });
    const unpublished = (await (await updatePost(app, editor.cookie, post, { published: false })).json()) as FullPost;
    const [oldest] = (await (await api(app, `/api/cms/posts/${post.id}/revisions`, { cookie: editor.cookie })).json()).reverse() as { id: number }[];
    const restored = await api(app, `/api/cms/posts/${post.id}/revisions/${oldest!.id}/restore`, { method: "POST", cookie: editor.cookie, body: { version: unpublished.version } });
    expect(restored.status).toBe(200);
    expect((await api(app, `/api/cms/posts/${post.id}`, { method: "DELETE", cookie: editor.cookie })).status).toBe(200);
    expect((await activity(post.id)).map((line) => [line.action, line.actor_name, line.subject_label])).toEqual([
      ["post.publish", editor.user.username, "Logged post"],
      ["post.unpublish", editor.user.username, "Logged post"],
      ["post.restore", editor.user.username, "Logged post"],
      ["post.delete", editor.user.username, "Logged post"],
    ]);

    // A scheduled post going live: the "post.schedule" line of whoever scheduled it, no other.
    const soon = new Date(app.clock().getTime() + 60_000).toISOString();
    const scheduled = await createPost(app, editor.cookie, { published: true, publishedAt: soon, title: "Goes live later" });
    app.clock.advance(120_000);
    await app.services.scheduledPublisher.sweep();
    expect((await get(scheduled, editor.cookie)).status).toBe("published");
    expect((await activity(scheduled.id)).map((line) => line.action)).toEqual(["post.schedule"]);
  });
});
