import { isRole, type Role } from "../../shared/roles.ts";
import type { Db } from "../db/connect.ts";
import type { DatabaseKind } from "../db/portable-types.ts";

/**
 * The acting user's role as it is now, read in the write's transaction (docs/decisions/027, "a role
 * change racing a save"): on PostgreSQL the user row is locked for share until the write commits, so a
 * demotion either commits first (and the write is judged by the new role) or waits for it. Null for a
 * deleted or disabled account, or one without a role. Posts (post-access.ts) and landing pages
 * (landing-page-access.ts) judge their writers by it.
 */
export async function roleNow(trx: Db, kind: DatabaseKind, userId: number): Promise<{ username: string; role: Role } | null> {
  const row = await trx
    .selectFrom("users")
    .select(["username", "role", "disabled_at"])
    .where("id", "=", userId)
    .$if(kind === "postgres", (query) => query.forShare())
    .executeTakeFirst();
  return row && row.disabled_at === null && isRole(row.role) ? { username: row.username, role: row.role } : null;
}
