import type { Db } from "../db/connect.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { SiteSettings } from "../../shared/team.ts";
import { placeholderDetails, siteDetailLabels, siteDetailsSchema, storedDetails, type SiteDetails } from "../../shared/site-details.ts";
import type { Logger } from "../logger.ts";
import { validate, isRefusal, type Refusal } from "../../shared/refusal.ts";
import type { ContentVersion } from "./content-version.ts";
import { recordActivity } from "./activity-log.ts";

/** The row of site_settings that says whether anyone may register (docs/decisions/028); none: open. */
const REGISTRATION_OPEN = "registration_open";
/** The row that holds the site's details as JSON (docs/decisions/054); none: the placeholders. */
const SITE_DETAILS = "site_details";

/** Whether POST /api/register and the Register tab make accounts (docs/decisions/028): open unless an administrator closed it. */
export async function registrationOpen(db: Db): Promise<boolean> {
  const row = await db.selectFrom("site_settings").select("value").where("name", "=", REGISTRATION_OPEN).executeTakeFirst();
  return row?.value !== "false";
}

async function readDetails(db: Db): Promise<SiteDetails> {
  const row = await db.selectFrom("site_settings").select("value").where("name", "=", SITE_DETAILS).executeTakeFirst();
  let stored: unknown = null;
  try {
    stored = row ? JSON.parse(row.value) : null;
  } catch {
    // A row no one can read is the placeholders again, field by field (shared/site-details.ts).
  }
  return storedDetails(stored);
}

/**
 * The settings administrators change on /cms/settings: whether registration is open
 * (docs/decisions/028) and the site's details (docs/decisions/054). Each change is logged
 * (`settings.change`) in its own transaction.
 *
 * The details are read on every page render, so each instance keeps them with the content version
 * they were read at (docs/decisions/021): a change bumps that version in its transaction, so every
 * instance, and every stored page, moves to the new details on its next request.
 */
export function createSiteSettings({ db, clock, contentVersion }: { db: Db; clock: () => Date; contentVersion: ContentVersion }) {
  let kept: { version: number; details: SiteDetails } | null = null;

  async function upsert(trx: Db, name: string, value: string, actor: SessionUser, now: string) {
    const values = { value, updated_by: actor.id, updated_at: now };
    await trx
      .insertInto("site_settings")
      .values({ name, ...values })
      .onConflict((oc) => oc.column("name").doUpdateSet(values))
      .execute();
  }

  return {
    async read(): Promise<SiteSettings> {
      return { registrationOpen: await registrationOpen(db) };
    },

    async update(actor: SessionUser, settings: SiteSettings): Promise<SiteSettings> {
      return db.transaction().execute(async (trx) => {
        const before = await registrationOpen(trx);
        if (before === settings.registrationOpen) return settings;
        const now = clock().toISOString();
        await upsert(trx, REGISTRATION_OPEN, String(settings.registrationOpen), actor, now);
        await recordActivity(
          trx,
          { actor, action: "settings.change", subject: { type: "setting", id: REGISTRATION_OPEN, label: "Registration" }, detail: { from: before, to: settings.registrationOpen } },
          now,
        );
        return settings;
      });
    },

    /** The site's details as of the current content version: from memory while it has not moved. */
    async details(): Promise<SiteDetails> {
      const { version } = await contentVersion.current();
      if (kept?.version === version) return kept.details;
      // Read after the version: a version is bumped in the transaction that writes the row, so the row is at least as new.
      const details = await readDetails(db);
      if (!kept || kept.version <= version) kept = { version, details };
      return details;
    },

    /**
     * Saves the site's details (all of them, validated with field messages): the content version moves in
     * the same transaction, and the activity log names the settings that changed, with their old and new values.
     */
    async updateDetails(actor: SessionUser, input: unknown): Promise<SiteDetails | Refusal> {
      const details = validate(siteDetailsSchema, input);
      if (isRefusal(details)) return details;
      return db.transaction().execute(async (trx) => {
        const before = await readDetails(trx);
        const changed = (Object.keys(details) as (keyof SiteDetails)[]).filter((key) => before[key] !== details[key]);
        if (changed.length === 0) return details;
        const now = clock().toISOString();
        await upsert(trx, SITE_DETAILS, JSON.stringify(details), actor, now);
        await contentVersion.bump(trx, now);
        await recordActivity(
          trx,
          {
            actor,
            action: "settings.change",
            subject: { type: "setting", id: SITE_DETAILS, label: changed.map((key) => siteDetailLabels[key]).join(", ") },
            detail: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: details[key] }])),
          },
          now,
        );
        return details;
      });
    },
  };
}

/**
 * A production start (an https:// SITE_URL) logs one warning per site detail still on a placeholder
 * (docs/decisions/054): the same list the CMS shows administrators until they are set.
 */
export async function warnAboutPlaceholders(settings: Pick<SiteSettingsService, "details">, siteUrl: string, logger: Logger): Promise<number> {
  if (!siteUrl.startsWith("https://")) return 0;
  const placeholders = placeholderDetails(await settings.details());
  for (const { key, label, value } of placeholders) {
    logger.warn({ setting: key }, `site setting "${label}" is still the placeholder ${value}: set it on /cms/settings before launch`);
  }
  return placeholders.length;
}

export type SiteSettingsService = ReturnType<typeof createSiteSettings>;
