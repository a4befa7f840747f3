import { isRefusal, refuse, type Refusal } from "../../shared/refusal.ts";
import { landingPageNotFound } from "../../shared/not-found.ts";
import { parseId } from "../../shared/ids.ts";
import { slugPattern } from "../../shared/slugify.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import {
  LANDING_EDIT_CONFLICT,
  LANDING_SCHEDULE_MAX_YEARS,
  LANDING_SLUG_TAKEN,
  LANDING_VERSION_INVALID,
  PAGE_SLUG_MAX,
  PAGE_TITLE_MAX,
  RICH_TEXT_MAX,
  SCHEDULE_AT_INVALID,
  SCHEDULE_AT_PAST,
  SCHEDULE_AT_TOO_LATE,
  blockFieldKey,
  blockMessage,
  landingPageFieldErrors,
  landingPageInputSchema,
  landingPagePath,
  landingScheduleSchema,
  publishProblems,
  type LandingBlock,
  type LandingPage,
  type LandingPageInput,
  type LandingPageSummary,
  type PublicLandingPage,
} from "../../shared/landing-pages.ts";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { LandingPagesTable } from "../db/schema.ts";
import { isUniqueViolation, nowIso, toBoolean, toIso, toIsoOrNull } from "../db/rows.ts";
import { sanitizePostHtml, toPlainText } from "./sanitize-html.ts";
import type { LandingPageChanges } from "./landing-page-changes.ts";
import { inputOfRow, publicColumns, toPublicLandingPage, type PageRow } from "./landing-page-rows.ts";
import { createLandingPageRevisions } from "./landing-page-revisions.ts";
import { createLandingPageReviewLinks } from "./landing-page-review-links.ts";
import { actorForPages, type PagesActor } from "./landing-page-access.ts";
import { nameOf } from "./authors.ts";

/**
 * Landing pages (docs/decisions/037-landing-pages.md): composed in the CMS from the blocks of
 * shared/landing-pages.ts, served at `/l/{slug}`. The row is the page: saving a published page changes
 * the live page at once, so a save of a published or scheduled page must pass the publish check too
 * (a live page is never broken). Every write goes through one transaction with its after-write step
 * (landing-page-changes.ts: content version, revision, activity line). Who may write is the actor's
 * role as it is now, read in that transaction (`pages`, docs/decisions/027).
 */

export interface LandingPageServiceDeps {
  db: Db;
  kind: DatabaseKind;
  clock: () => Date;
  /** SITE_URL: rich-text links to it are the site's own (server/services/sanitize-html.ts). */
  siteUrl: string;
  changes: LandingPageChanges;
  /** Asks the scheduler to look now (a page was scheduled on this instance). */
  wakeScheduler?: () => void;
}

/** What a write answers: the page as it is now, or a refusal. */
export type LandingPageResult = LandingPage | Refusal;

/** The whole page: what visitors see, and the CMS's own columns. */
const pageColumns = [
  ...publicColumns,
  "landing_pages.status",
  "landing_pages.scheduled_at",
  "landing_pages.created_at",
  "landing_pages.version",
  "landing_pages.created_by",
  "landing_pages.updated_by",
] as const;

type NamedRow = PageRow & { username: string | null; display_name: string | null };

const updatedByOf = (row: { username: string | null; display_name: string | null }) =>
  row.username === null ? null : nameOf({ username: row.username, display_name: row.display_name });

function toLandingPage(row: NamedRow): LandingPage {
  return {
    ...inputOfRow(row),
    id: Number(row.id),
    status: row.status,
    publishedAt: toIsoOrNull(row.published_at),
    scheduledAt: toIsoOrNull(row.scheduled_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    version: Number(row.version),
    updatedBy: updatedByOf(row),
  };
}

/** A refusal naming every field of a failed check, led by its first message. */
const invalid = (fields: Record<string, string>) => refuse("invalid", Object.values(fields)[0] ?? "Invalid landing page", { fields });

const slugTaken = () => refuse("invalid", LANDING_SLUG_TAKEN, { fields: { slug: LANDING_SLUG_TAKEN } });

/** Plain text as typed, minus control characters (as a post's: docs/decisions/041); rich text sanitised. */
function cleanBlock(block: LandingBlock, siteUrl: string): LandingBlock {
  const clean = (value: unknown): unknown => {
    if (typeof value === "string") return toPlainText(value);
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clean(inner)]));
    return value;
  };
  const cleaned = clean(block) as LandingBlock;
  return cleaned.type === "richText" ? { ...cleaned, html: sanitizePostHtml(cleaned.html, siteUrl) } : cleaned;
}

/** The page a save sends, checked by the shared schema and cleaned for storage: the value, or the field refusal. */
export function parsePageInput(input: unknown, siteUrl: string): LandingPageInput | Refusal {
  const result = landingPageInputSchema.safeParse(input ?? {});
  if (!result.success) return invalid(landingPageFieldErrors(input, result.error.issues));
  const page = result.data;
  const blocks = page.blocks.map((block) => cleanBlock(block, siteUrl));
  // Sanitising adds a rel to outside links: the stored text must still pass the next save's check.
  const tooLong = blocks.findIndex((block) => block.type === "richText" && block.html.length > RICH_TEXT_MAX);
  if (tooLong >= 0) {
    return invalid({ [blockFieldKey(tooLong, "html")]: blockMessage(tooLong, blocks[tooLong]!, `Text must be at most ${RICH_TEXT_MAX} characters.`) });
  }
  return {
    ...page,
    title: toPlainText(page.title),
    metaTitle: toPlainText(page.metaTitle),
    metaDescription: toPlainText(page.metaDescription),
    blocks,
  };
}

/** The publish check (shared/landing-pages.ts `publishProblems`) as a refusal, or null when the page may go live. */
export function publishRefusal(page: LandingPageInput): Refusal | null {
  const problems = publishProblems(page);
  return Object.keys(problems).length > 0 ? invalid(problems) : null;
}

const toColumns = (page: LandingPageInput) => ({
  title: page.title,
  slug: page.slug,
  blocks: JSON.stringify(page.blocks),
  meta_title: page.metaTitle,
  meta_description: page.metaDescription,
  og_image: page.ogImage,
  noindex: page.noindex,
});

/** The version a save names (docs/decisions/041): a positive whole number, else a field refusal. */
function versionOf(input: unknown): number | Refusal {
  const version = (input as { version?: unknown } | null)?.version;
  return typeof version === "number" && Number.isInteger(version) && version >= 1 ? version : invalid({ version: LANDING_VERSION_INVALID });
}

/** `base` cut so that `base + suffix` fits `max`, without a trailing hyphen or space. */
const fit = (base: string, suffix: string, max: number) => `${base.slice(0, max - suffix.length).replace(/[-\s]+$/, "")}${suffix}`;

export function createLandingPageService({ db, kind, clock, siteUrl, changes, wakeScheduler = () => {} }: LandingPageServiceDeps) {
  const named = (executor: Db) =>
    executor.selectFrom("landing_pages").leftJoin("users", "users.id", "landing_pages.updated_by").select([...pageColumns, "users.username", "users.display_name"]);

  const read = async (executor: Db, id: number): Promise<LandingPage | null> => {
    const row = await named(executor).where("landing_pages.id", "=", id).executeTakeFirst();
    return row ? toLandingPage(row as NamedRow) : null;
  };

  /** The row of a page, locked for the write on PostgreSQL (two writes of one page queue rather than interleave). */
  const lockRow = (trx: Db, id: number) =>
    trx
      .selectFrom("landing_pages")
      .selectAll()
      .where("id", "=", id)
      .$if(kind === "postgres", (query) => query.forUpdate())
      .executeTakeFirst();

  const slugTakenByAnother = async (trx: Db, slug: string, id: number | null) => {
    let query = trx.selectFrom("landing_pages").select("id").where("slug", "=", slug);
    if (id !== null) query = query.where("id", "!=", id);
    return (await query.executeTakeFirst()) !== undefined;
  };

  /**
   * Runs one write of an existing page in a transaction: the actor judged by their role now, the row
   * read and locked, then `write`, whose answer is the page re-read (or a refusal, which rolls nothing
   * back because nothing was written). A unique-slug race is the slug refusal.
   */
  async function writePage(
    actor: SessionUser | null,
    id: number,
    write: (trx: Db, who: PagesActor, current: PageRow, now: string) => Promise<PageRow | Refusal>,
  ): Promise<LandingPageResult> {
    // An id no row can have (a form's NaN, past the integer column) is not found, never a database error.
    if (parseId(id) === null) return landingPageNotFound();
    const now = nowIso(clock);
    try {
      return await db.transaction().execute(async (trx) => {
        const who = await actorForPages(trx, kind, actor);
        if (isRefusal(who)) return who;
        const current = await lockRow(trx, id);
        if (!current) return landingPageNotFound();
        const row = await write(trx, who, current, now);
        if (isRefusal(row)) return row;
        return (await read(trx, Number(row.id)))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return slugTaken();
      throw error;
    }
  }

  /**
   * Writes new columns of the page as its next version (the version is checked again in the UPDATE, so
   * two racing writes cannot both win), then the change step: revision, activity, content version.
   */
  const updateRow = async (
    trx: Db,
    who: PagesActor,
    current: PageRow,
    now: string,
    kind: "save" | "restore" | "status",
    columns: Partial<Pick<LandingPagesTable, "title" | "slug" | "blocks" | "meta_title" | "meta_description" | "og_image" | "status">> & {
      noindex?: boolean;
      published_at?: string | null;
      scheduled_at?: string | null;
    },
  ): Promise<PageRow> => {
    const version = Number(current.version);
    const after = await trx
      .updateTable("landing_pages")
      .set({ ...columns, updated_at: now, updated_by: who.id, version: version + 1 })
      .where("id", "=", current.id)
      .where("version", "=", version)
      .returningAll()
      .executeTakeFirstOrThrow();
    await changes.afterPageWrite(trx, { kind, before: current, after, actor: who.activity, now });
    return after;
  };

  /** A status change of a page (publish, unpublish, schedule, unschedule). */
  const setStatus = (
    trx: Db,
    who: PagesActor,
    current: PageRow,
    now: string,
    columns: Pick<LandingPagesTable, "status"> & { published_at: string | null; scheduled_at: string | null },
  ) => updateRow(trx, who, current, now, "status", columns);

  /**
   * Writes `page` as the page's content, a new version (a save, or a revision restored): refused when
   * the version moved (`expected`), when the slug is another page's, or when the page is live or
   * scheduled and the content would not pass the publish check.
   */
  const saveContent = async (
    trx: Db,
    who: PagesActor,
    current: PageRow,
    now: string,
    page: LandingPageInput,
    { expected, kind: changeKind }: { expected: number; kind: "save" | "restore" },
  ): Promise<PageRow | Refusal> => {
    if (Number(current.version) !== expected) {
      return refuse("conflict", LANDING_EDIT_CONFLICT, { details: { conflict: true, current: (await read(trx, Number(current.id)))! } });
    }
    if (current.status !== "draft") {
      const problems = publishRefusal(page);
      if (problems) return problems;
    }
    if (await slugTakenByAnother(trx, page.slug, Number(current.id))) return slugTaken();
    return updateRow(trx, who, current, now, changeKind, toColumns(page));
  };

  /** Inserts a new draft page and runs the change step; the caller has checked the slug. */
  const insertDraft = async (trx: Db, who: PagesActor, page: LandingPageInput, now: string, copyOf?: PageRow) => {
    const after = await trx
      .insertInto("landing_pages")
      .values({
        ...toColumns(page),
        status: "draft",
        published_at: null,
        scheduled_at: null,
        created_at: now,
        updated_at: now,
        version: 1,
        created_by: who.id,
        updated_by: who.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await changes.afterPageWrite(trx, { kind: "create", after, actor: who.activity, now, copyOf });
    return after;
  };

  const service = {
    /** Every page, newest updated first (the CMS list). */
    async list(): Promise<LandingPageSummary[]> {
      const rows = await db
        .selectFrom("landing_pages")
        .leftJoin("users", "users.id", "landing_pages.updated_by")
        .select([
          "landing_pages.id",
          "landing_pages.title",
          "landing_pages.slug",
          "landing_pages.status",
          "landing_pages.noindex",
          "landing_pages.published_at",
          "landing_pages.scheduled_at",
          "landing_pages.updated_at",
          "users.username",
          "users.display_name",
        ])
        .orderBy("landing_pages.updated_at", "desc")
        .orderBy("landing_pages.id", "desc")
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        title: row.title,
        slug: row.slug,
        status: row.status,
        noindex: toBoolean(row.noindex),
        publishedAt: toIsoOrNull(row.published_at),
        scheduledAt: toIsoOrNull(row.scheduled_at),
        updatedAt: toIso(row.updated_at),
        updatedBy: updatedByOf(row),
      }));
    },

    async get(id: number): Promise<LandingPageResult> {
      return (parseId(id) !== null && (await read(db, id))) || landingPageNotFound();
    },

    /** A new draft. */
    async create(actor: SessionUser | null, input: unknown): Promise<LandingPageResult> {
      const page = parsePageInput(input, siteUrl);
      if (isRefusal(page)) return page;
      const now = nowIso(clock);
      try {
        return await db.transaction().execute(async (trx) => {
          const who = await actorForPages(trx, kind, actor);
          if (isRefusal(who)) return who;
          if (await slugTakenByAnother(trx, page.slug, null)) return slugTaken();
          const row = await insertDraft(trx, who, page, now);
          return (await read(trx, Number(row.id)))!;
        });
      } catch (error) {
        // Two simultaneous creates with one slug: the unique index decides.
        if (isUniqueViolation(error)) return slugTaken();
        throw error;
      }
    },

    /**
     * Saves the page's content as edited from `input.version` (docs/decisions/041): a newer version is an
     * edit conflict with `details.current`. A published page changes at once (the content version moves);
     * a published or scheduled page must still pass the publish check.
     */
    async update(actor: SessionUser | null, id: number, input: unknown): Promise<LandingPageResult> {
      const page = parsePageInput(input, siteUrl);
      const version = versionOf(input);
      if (isRefusal(page)) return isRefusal(version) ? invalid({ ...page.fields, ...version.fields }) : page;
      if (isRefusal(version)) return version;
      return writePage(actor, id, (trx, who, current, now) => saveContent(trx, who, current, now, page, { expected: version, kind: "save" }));
    },

    /** Puts the page live now, if its blocks pass the publish check; a published page stays as it is. */
    async publish(actor: SessionUser | null, id: number): Promise<LandingPageResult> {
      return writePage(actor, id, async (trx, who, current, now) => {
        if (current.status === "published") return current;
        const problems = publishRefusal(inputOfRow(current));
        if (problems) return problems;
        return setStatus(trx, who, current, now, { status: "published", published_at: now, scheduled_at: null });
      });
    },

    /** Takes the page off its address (a draft again); a scheduled page loses its time. A draft stays as it is. */
    async unpublish(actor: SessionUser | null, id: number): Promise<LandingPageResult> {
      return writePage(actor, id, (trx, who, current, now) =>
        current.status === "draft" ? Promise.resolve(current) : setStatus(trx, who, current, now, { status: "draft", published_at: null, scheduled_at: null }),
      );
    },

    /**
     * Schedules a page that is not live for `at` (ISO, in the future, at most 5 years ahead), if its blocks
     * pass the publish check; the scheduler publishes it then (landing-page-scheduler.ts).
     */
    async schedule(actor: SessionUser | null, id: number, at: string): Promise<LandingPageResult> {
      const parsed = landingScheduleSchema.safeParse({ at });
      if (!parsed.success) return invalid({ at: SCHEDULE_AT_INVALID });
      const when = parsed.data.at;
      const now = clock().getTime();
      if (Date.parse(when) <= now) return invalid({ at: SCHEDULE_AT_PAST });
      if (Date.parse(when) > now + LANDING_SCHEDULE_MAX_YEARS * 366 * 24 * 3_600_000) return invalid({ at: SCHEDULE_AT_TOO_LATE });
      const result = await writePage(actor, id, async (trx, who, current, stamp) => {
        if (current.status === "published") return refuse("conflict", PAGE_ALREADY_PUBLISHED);
        const problems = publishRefusal(inputOfRow(current));
        if (problems) return problems;
        return setStatus(trx, who, current, stamp, { status: "scheduled", published_at: null, scheduled_at: when });
      });
      if (!isRefusal(result)) wakeScheduler();
      return result;
    },

    /** A scheduled page back to a draft; a draft stays as it is; a published page is unpublished instead. */
    async unschedule(actor: SessionUser | null, id: number): Promise<LandingPageResult> {
      return writePage(actor, id, async (trx, who, current, now) => {
        if (current.status === "published") return refuse("conflict", PAGE_PUBLISHED_NOT_SCHEDULED);
        if (current.status === "draft") return current;
        return setStatus(trx, who, current, now, { status: "draft", published_at: null, scheduled_at: null });
      });
    },

    /** A new draft with the page's content, titled "<title> (copy)", at the first free "<slug>-copy", "<slug>-copy-2"… */
    async duplicate(actor: SessionUser | null, id: number): Promise<LandingPageResult> {
      if (parseId(id) === null) return landingPageNotFound();
      const now = nowIso(clock);
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction().execute(async (trx): Promise<LandingPageResult> => {
            const who = await actorForPages(trx, kind, actor);
            if (isRefusal(who)) return who;
            const source = await trx.selectFrom("landing_pages").selectAll().where("id", "=", id).executeTakeFirst();
            if (!source) return landingPageNotFound();
            const content = inputOfRow(source);
            const slug = await freeCopySlug(trx, source.slug);
            const row = await insertDraft(trx, who, { ...content, title: fit(content.title, " (copy)", PAGE_TITLE_MAX), slug }, now, source);
            return (await read(trx, Number(row.id)))!;
          });
        } catch (error) {
          // Another copy took the same free slug at the same moment: look again.
          if (isUniqueViolation(error) && attempt < 3) continue;
          throw error;
        }
      }
    },

    /** Deletes a page with its revisions and review links (cascade); its address answers 404 at once. */
    async remove(actor: SessionUser | null, id: number): Promise<true | Refusal> {
      if (parseId(id) === null) return landingPageNotFound();
      const now = nowIso(clock);
      return db.transaction().execute(async (trx) => {
        const who = await actorForPages(trx, kind, actor);
        if (isRefusal(who)) return who;
        const before = await trx.deleteFrom("landing_pages").where("id", "=", id).returningAll().executeTakeFirst();
        if (!before) return landingPageNotFound();
        await changes.afterPageWrite(trx, { kind: "delete", before, actor: who.activity, now });
        return true;
      });
    },

    /**
     * The published page at `/l/{slug}`, or null (none, a draft or scheduled): one read by the unique
     * slug index, on every cache miss of the public page.
     */
    async findPublished(slug: string): Promise<PublicLandingPage | null> {
      // Anything that is not a slug (a NUL, an encoded slash) never reaches the database.
      if (slug.length > PAGE_SLUG_MAX || !slugPattern.test(slug)) return null;
      const row = await db
        .selectFrom("landing_pages")
        .select(publicColumns)
        .where("landing_pages.slug", "=", slug)
        .where("landing_pages.status", "=", "published")
        .executeTakeFirst();
      return row ? toPublicLandingPage(row) : null;
    },

    /** The sitemap's landing pages: published and not noindex, newest updated first. */
    async sitemapEntries(): Promise<{ path: string; updatedAt: string }[]> {
      const rows = await db
        .selectFrom("landing_pages")
        .select(["slug", "updated_at"])
        .where("status", "=", "published")
        .where("noindex", "=", false)
        .orderBy("updated_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => ({ path: landingPagePath(row.slug), updatedAt: toIso(row.updated_at) }));
    },

  };

  /** A revision's content saved as the page's (landing-page-revisions.ts), in the page's own write. */
  const restoreContent = (actor: SessionUser | null, id: number, content: (trx: Db, current: PageRow) => Promise<LandingPageInput | Refusal>) =>
    writePage(actor, id, async (trx, who, current, now) => {
      const page = await content(trx, current);
      if (isRefusal(page)) return page;
      return saveContent(trx, who, current, now, page, { expected: Number(current.version), kind: "restore" });
    });

  return Object.assign(
    service,
    createLandingPageRevisions({ db, parse: (input) => parsePageInput(input, siteUrl), restoreContent }),
    createLandingPageReviewLinks({ db, kind, clock, siteUrl }),
  );

  /** The first of `<slug>-copy`, `<slug>-copy-2`, … that no page uses (one read of the slugs that start so). */
  async function freeCopySlug(trx: Db, slug: string): Promise<string> {
    const base = fit(slug, "-copy", PAGE_SLUG_MAX).slice(0, -"-copy".length);
    const taken = new Set(
      (await trx.selectFrom("landing_pages").select("slug").where("slug", "like", `${base.slice(0, PAGE_SLUG_MAX - 12)}%`).execute()).map((row) => row.slug),
    );
    for (let n = 1; ; n++) {
      const candidate = fit(base, n === 1 ? "-copy" : `-copy-${n}`, PAGE_SLUG_MAX);
      if (!taken.has(candidate)) return candidate;
    }
  }
}

export const PAGE_ALREADY_PUBLISHED = "This landing page is already published.";
export const PAGE_PUBLISHED_NOT_SCHEDULED = "This landing page is published, not scheduled: unpublish it to take it down.";
