import type { ActivityAction } from "../../shared/activity.ts";
import type { Db } from "../db/connect.ts";
import { toIsoOrNull } from "../db/rows.ts";
import { inputOfRow, type PageRow } from "./landing-page-rows.ts";
import { recordActivity, type ActivityActor } from "./activity-log.ts";
import type { ContentVersion } from "./content-version.ts";

/** Revisions kept per landing page; older ones go in the write that passes it (docs/decisions/037, 067). */
export const LANDING_REVISIONS_PER_PAGE = 50;

/** One write of a landing page, as the step after it needs to know it (like a post's: docs/decisions/025). */
export type PageChange =
  | { kind: "create"; after: PageRow; actor: ActivityActor; now: string; copyOf?: PageRow }
  /** A save, a revision restored, or a change of status (publish, unpublish, schedule, unschedule). */
  | { kind: "save" | "restore" | "status"; before: PageRow; after: PageRow; actor: ActivityActor; now: string }
  /** The scheduler published a due page (nobody acted: the line is the system's). */
  | { kind: "scheduled-publish"; after: PageRow; now: string }
  | { kind: "delete"; before: PageRow; actor: ActivityActor; now: string };

/**
 * The one step after every write of a landing page, inside its transaction (docs/decisions/037), so a
 * rolled-back write leaves none of it behind:
 * 1. **content version** moved on (docs/decisions/040, 021): `/l/{slug}` is cached per version on every
 *    instance, and a draft's save changes its review link and the CMS's pages;
 * 2. **revision**: its content at a save, a restore, or when it goes live (reason "publish"); none for an
 *    unpublish, a schedule or a delete (its revisions go with it); at most LANDING_REVISIONS_PER_PAGE;
 * 3. **activity**: a line when a page is created, published, scheduled, unscheduled, unpublished,
 *    restored or deleted; none for a plain save (docs/decisions/029).
 */
export function createLandingPageChanges({ contentVersion }: { contentVersion: ContentVersion }) {
  return {
    async afterPageWrite(trx: Db, change: PageChange): Promise<void> {
      await contentVersion.bump(trx, change.now);
      const reason = revisionReason(change);
      if (reason && change.kind !== "delete") {
        const savedBy = change.kind === "scheduled-publish" ? null : (change.actor?.id ?? null);
        await recordPageRevision(trx, change.after, { reason, savedBy, now: change.now });
      }
      const activity = activityOf(change);
      if (activity) {
        const row = change.kind === "delete" ? change.before : change.after;
        const actor = change.kind === "scheduled-publish" ? null : change.actor;
        await recordActivity(trx, { actor, ...activity, subject: { type: "page", id: Number(row.id), label: row.title } }, change.now);
      }
    },
  };
}

export type LandingPageChanges = ReturnType<typeof createLandingPageChanges>;

function revisionReason(change: PageChange): "save" | "publish" | null {
  switch (change.kind) {
    case "create":
    case "save":
    case "restore":
      return "save";
    case "scheduled-publish":
      return "publish";
    case "status":
      return change.after.status === "published" && change.before.status !== "published" ? "publish" : null;
    case "delete":
      return null;
  }
}

function activityOf(change: PageChange): { action: ActivityAction; detail?: Record<string, unknown> } | null {
  switch (change.kind) {
    case "create":
      return change.copyOf ? { action: "page.create", detail: { copyOf: change.copyOf.title } } : { action: "page.create" };
    case "delete":
      return { action: "page.delete" };
    case "restore":
      return { action: "page.restore" };
    case "save":
      return null;
    case "scheduled-publish":
      return { action: "page.publish", detail: { scheduled: true } };
    case "status": {
      const [was, now] = [change.before.status, change.after.status];
      if (now === "published" && was !== "published") return { action: "page.publish" };
      if (now === "scheduled") return { action: "page.schedule", detail: { at: toIsoOrNull(change.after.scheduled_at) } };
      if (was === "published") return { action: "page.unpublish" };
      if (was === "scheduled") return { action: "page.unschedule" };
      return null;
    }
  }
}

/** Writes the page's content as a revision, then drops the oldest past LANDING_REVISIONS_PER_PAGE (as revision-log.ts does for posts). */
async function recordPageRevision(
  trx: Db,
  row: PageRow,
  { reason, savedBy, now }: { reason: "save" | "publish"; savedBy: number | null; now: string },
): Promise<void> {
  await trx
    .insertInto("landing_page_revisions")
    .values({ page_id: row.id, title: row.title, content: JSON.stringify(inputOfRow(row)), reason, saved_by: savedBy, created_at: now })
    .execute();
  const oldestKept = await trx
    .selectFrom("landing_page_revisions")
    .select("id")
    .where("page_id", "=", row.id)
    .orderBy("id", "desc")
    .offset(LANDING_REVISIONS_PER_PAGE - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) {
    await trx.deleteFrom("landing_page_revisions").where("page_id", "=", row.id).where("id", "<", oldestKept.id).execute();
  }
}
