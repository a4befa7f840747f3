import { refuse, type Refusal } from "../../shared/refusal.ts";
import { can } from "../../shared/roles.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { ActivityActor } from "./activity-log.ts";
import { roleNow } from "./actor-role.ts";

export const CANNOT_EDIT_PAGES = "Your role doesn't include landing pages.";

/** Who writes a landing page: their id (null: tooling) and the activity log's actor. */
export interface PagesActor {
  id: number | null;
  activity: ActivityActor;
}

/**
 * Who writes a landing page, judged by their role as it is now in the write's transaction (actor-role.ts):
 * a deleted, disabled or demoted account writes no landing page (403), whatever the session it came with
 * said. Null is tooling (tests, scripts).
 */
export async function actorForPages(trx: Db, kind: DatabaseKind, actor: Pick<SessionUser, "id"> | null): Promise<PagesActor | Refusal> {
  if (actor === null) return { id: null, activity: null };
  const now = await roleNow(trx, kind, actor.id);
  if (!now || !can(now.role, "pages")) return refuse("forbidden", CANNOT_EDIT_PAGES);
  return { id: actor.id, activity: { id: actor.id, username: now.username } };
}
