import type { Db } from "../db/connect.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { SiteSettings } from "../../shared/team.ts";
import { recordActivity } from "./activity-log.ts";

/** The row of site_settings that says whether anyone may register (docs/decisions/028); none: open. */
const REGISTRATION_OPEN = "registration_open";

/** Whether POST /api/register and the Register tab make accounts (docs/decisions/028): open unless an administrator closed it. */
export async function registrationOpen(db: Db): Promise<boolean> {
  const row = await db.selectFrom("site_settings").select("value").where("name", "=", REGISTRATION_OPEN).executeTakeFirst();
  return row?.value !== "false";
}

/**
 * The settings administrators change on /cms/settings (docs/decisions/028): for now whether
 * registration is open. A change is logged (`settings.change`) in its own transaction.
 */
export function createSiteSettings({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    async read(): Promise<SiteSettings> {
      return { registrationOpen: await registrationOpen(db) };
    },

    async update(actor: SessionUser, settings: SiteSettings): Promise<SiteSettings> {
      return db.transaction().execute(async (trx) => {
        const before = await registrationOpen(trx);
        if (before === settings.registrationOpen) return settings;
        const now = clock().toISOString();
        const values = { value: String(settings.registrationOpen), updated_by: actor.id, updated_at: now };
        await trx
          .insertInto("site_settings")
          .values({ name: REGISTRATION_OPEN, ...values })
          .onConflict((oc) => oc.column("name").doUpdateSet(values))
          .execute();
        await recordActivity(
          trx,
          { actor, action: "settings.change", subject: { type: "setting", id: REGISTRATION_OPEN, label: "Registration" }, detail: { from: before, to: settings.registrationOpen } },
          now,
        );
        return settings;
      });
    },
  };
}

