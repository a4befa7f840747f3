import { refuse, type Refusal } from "../../shared/refusal.ts";
import { can, isRole } from "../../shared/roles.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { ActivityActor } from "./activity-log.ts";

export const CANNOT_EDIT_PAGES = "Your role doesn't include landing pages.";

/** Who writes a landing page: their id (null: tooling) and the activity log's actor. */
export interface PagesActor {
  id: number | null;
  activity: ActivityActor;
}

/**
 * The actor's role as it is now, read in the write's transaction (docs/decisions/027, "a role change
 * racing a save", as posts do in post-access.ts): a deleted, disabled or demoted account writes no
 * landing page (403), whatever the session it came with said. Null is tooling (tests, scripts).
 */
export async function actorForPages(trx: Db, kind: DatabaseKind, actor: Pick<SessionUser, "id"> | null): Promise<PagesActor | Refusal> {
  if (actor === null) return { id: null, activity: null };
  const row = await trx
    .selectFrom("users")
    .select(["id", "username", "role", "disabled_at"])
    .where("id", "=", actor.id)
    .$if(kind === "postgres", (query) => query.forShare())
    .executeTakeFirst();
  const role = row && row.disabled_at === null && isRole(row.role) ? row.role : null;
  if (!row || !can(role, "pages")) return refuse("forbidden", CANNOT_EDIT_PAGES);
  return { id: Number(row.id), activity: { id: Number(row.id), username: row.username } };
}
