import { refuse, type Refusal } from "../../shared/refusal.ts";
import { landingPageNotFound, REVISION_NOT_FOUND } from "../../shared/not-found.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { LandingPage, LandingPageInput, LandingPageRevision } from "../../shared/landing-pages.ts";
import { parseId } from "../../shared/ids.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/rows.ts";
import { nameOf } from "./authors.ts";
import type { PageRow } from "./landing-page-rows.ts";

type LandingPageResult = LandingPage | Refusal;

export interface LandingPageRevisionDeps {
  db: Db;
  /** Checks stored content as a save would (shared schema, sanitiser): a revision may predate today's rules. */
  parse: (input: unknown) => LandingPageInput | Refusal;
  /** Writes content as the page's, a new version, in the page's own write (landing-pages.ts). */
  restoreContent: (actor: SessionUser | null, id: number, content: (trx: Db, current: PageRow) => Promise<LandingPageInput | Refusal>) => Promise<LandingPageResult>;
}

/**
 * A landing page's history (docs/decisions/037; the ideas of posts' docs/decisions/067): a revision is
 * written by every save and publication (landing-page-changes.ts), at most LANDING_REVISIONS_PER_PAGE;
 * restoring one is another save of its content, checked as any save (the slug still free, the publish
 * check if the page is live or scheduled), which makes a revision of its own, so nothing is lost. A
 * restore leaves the page's status as it is.
 */
export function createLandingPageRevisions({ db, parse, restoreContent }: LandingPageRevisionDeps) {
  const exists = async (id: number) => parseId(id) !== null && (await db.selectFrom("landing_pages").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  return {
    /** A page's revisions, newest first. */
    async revisions(id: number): Promise<LandingPageRevision[] | Refusal> {
      if (!(await exists(id))) return landingPageNotFound();
      const rows = await db
        .selectFrom("landing_page_revisions")
        .leftJoin("users", "users.id", "landing_page_revisions.saved_by")
        .select([
          "landing_page_revisions.id",
          "landing_page_revisions.created_at",
          "landing_page_revisions.title",
          "landing_page_revisions.reason",
          "users.username",
          "users.display_name",
        ])
        .where("landing_page_revisions.page_id", "=", id)
        .orderBy("landing_page_revisions.id", "desc")
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        createdAt: toIso(row.created_at),
        author: row.username === null ? null : nameOf({ username: row.username, display_name: row.display_name }),
        title: row.title,
        reason: row.reason,
      }));
    },

    /** Makes a revision's content the page's current content (a new version); its status stays. */
    restoreRevision(actor: SessionUser | null, id: number, revisionId: number): Promise<LandingPageResult> {
      return restoreContent(actor, id, async (trx, current) => {
        if (parseId(revisionId) === null) return refuse("not-found", REVISION_NOT_FOUND);
        const revision = await trx
          .selectFrom("landing_page_revisions")
          .select("content")
          .where("page_id", "=", current.id)
          .where("id", "=", revisionId)
          .executeTakeFirst();
        if (!revision) return refuse("not-found", REVISION_NOT_FOUND);
        return parse(JSON.parse(revision.content));
      });
    },
  };
}
