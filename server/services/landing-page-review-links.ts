import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { landingPageNotFound, REVIEW_LINK_NOT_FOUND } from "../../shared/not-found.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { DEFAULT_REVIEW_LINK_DAYS, REVIEW_TOKEN_PATTERN, type CreatedReviewLink, type ReviewLink } from "../../shared/review-links.ts";
import { landingReviewPath, type PublicLandingPage } from "../../shared/landing-pages.ts";
import { parseId } from "../../shared/ids.ts";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import { actorForPages } from "./landing-page-access.ts";
import { newReviewToken, REVIEW_LINK_DAY_MS, revokeLink, reviewTokenHash, toReviewLink } from "./review-links.ts";
import { publicColumns, toPublicLandingPage } from "./landing-page-rows.ts";

export interface LandingPageReviewLinkDeps {
  db: Db;
  kind: DatabaseKind;
  clock: () => Date;
  /** SITE_URL: the absolute address a new link is shared as. */
  siteUrl: string;
}

/**
 * Review links of landing pages (docs/decisions/037, as posts' in docs/decisions/065): a link shows the
 * page as it is now, draft or not, to whoever has it, for DEFAULT_REVIEW_LINK_DAYS or until revoked.
 * The token (256 random bits) appears once, in the answer that makes it; only its SHA-256 is stored.
 * Every visit reads the database, so a revoke or an expiry holds at once on every instance.
 */
export function createLandingPageReviewLinks({ db, kind, clock, siteUrl }: LandingPageReviewLinkDeps) {
  const pageExists = async (id: number) => parseId(id) !== null && (await db.selectFrom("landing_pages").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

  /** A page's links that still open it (neither revoked nor expired), newest first, or only `linkId`. */
  const activeLinks = (pageId: number, now: string, linkId?: number) =>
    db
      .selectFrom("landing_page_review_links")
      .leftJoin("users", "users.id", "landing_page_review_links.created_by")
      .select([
        "landing_page_review_links.id",
        "landing_page_review_links.created_at",
        "landing_page_review_links.expires_at",
        "users.username",
        "users.display_name",
      ])
      .where("landing_page_review_links.page_id", "=", pageId)
      .where("landing_page_review_links.revoked_at", "is", null)
      .where("landing_page_review_links.expires_at", ">", now)
      .$if(linkId !== undefined, (query) => query.where("landing_page_review_links.id", "=", linkId!))
      .orderBy("landing_page_review_links.id", "desc")
      .execute();


  return {
    /** A new link to the page; the answer is the only place its token appears. */
    async createReviewLink(actor: SessionUser | null, id: number): Promise<CreatedReviewLink | Refusal> {
      if (parseId(id) === null) return landingPageNotFound();
      const token = newReviewToken();
      const now = clock();
      const created = await db.transaction().execute(async (trx) => {
        const who = await actorForPages(trx, kind, actor);
        if (isRefusal(who)) return who;
        const page = await trx.selectFrom("landing_pages").select("id").where("id", "=", id).executeTakeFirst();
        if (!page) return landingPageNotFound();
        return trx
          .insertInto("landing_page_review_links")
          .values({
            page_id: id,
            token_hash: reviewTokenHash(token),
            created_by: who.id,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + DEFAULT_REVIEW_LINK_DAYS * REVIEW_LINK_DAY_MS).toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
      });
      if (isRefusal(created)) return created;
      const [link] = await activeLinks(id, now.toISOString(), Number(created.id));
      const path = landingReviewPath(token);
      return { ...toReviewLink(link!), token, path, url: `${siteUrl}${path}` };
    },

    /** A page's links that still open it, newest first. */
    async reviewLinks(id: number): Promise<ReviewLink[] | Refusal> {
      if (!(await pageExists(id))) return landingPageNotFound();
      return (await activeLinks(id, clock().toISOString())).map(toReviewLink);
    },

    /** Ends a link of this page now; an unknown link, another page's, or one already ended: not found. */
    async revokeReviewLink(actor: SessionUser | null, id: number, linkId: number): Promise<ReviewLink | Refusal> {
      const who = await actorForPages(db, kind, actor);
      if (isRefusal(who)) return who;
      if (!(await pageExists(id))) return landingPageNotFound();
      if (parseId(linkId) === null) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      const now = clock().toISOString();
      const [link] = await activeLinks(id, now, linkId);
      if (!link) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      if (!(await revokeLink(db, "landing_page_review_links", link.id, now))) return refuse("not-found", REVIEW_LINK_NOT_FOUND);
      return toReviewLink(link);
    },

    /** The page a link's token opens, as it is now; null for anything else (unknown, revoked, expired, page gone). */
    async findByReviewToken(token: string): Promise<PublicLandingPage | null> {
      // Anything that is not a token of ours never reaches the database.
      if (!REVIEW_TOKEN_PATTERN.test(token)) return null;
      const row = await db
        .selectFrom("landing_page_review_links")
        .innerJoin("landing_pages", "landing_pages.id", "landing_page_review_links.page_id")
        .select(publicColumns)
        .where("landing_page_review_links.token_hash", "=", reviewTokenHash(token))
        .where("landing_page_review_links.revoked_at", "is", null)
        .where("landing_page_review_links.expires_at", ">", clock().toISOString())
        .executeTakeFirst();
      return row ? toPublicLandingPage(row) : null;
    },
  };
}
