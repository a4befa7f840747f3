import type { Db } from "../db/connect.ts";
import { toIso, toIsoOrNull } from "../db/rows.ts";
import { isRole } from "../../shared/roles.ts";
import type { TeamMember } from "../../shared/team.ts";

/** Every account as the users page lists it (docs/decisions/028): role, address, status and last sign-in; oldest first. */
export const createTeamMembers = ({ db }: { db: Db }) => ({ list: () => listMembers(db) });

async function listMembers(db: Db): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "username", "role", "email", "disabled_at", "last_sign_in_at", "created_at"])
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    role: isRole(row.role) ? row.role : null,
    email: row.email,
    status: row.disabled_at === null ? "active" : "disabled",
    lastSignInAt: toIsoOrNull(row.last_sign_in_at),
    createdAt: toIso(row.created_at),
  }));
}
