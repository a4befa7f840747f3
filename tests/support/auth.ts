import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { Role } from "../../shared/roles.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;

/**
 * One password for the users this process makes, hashed once: argon2 costs ~40 ms of CPU a run, and a
 * suite makes a hundred users. Each test still signs in with the password it is given.
 */
const password = `pw-${randomBytes(8).toString("hex")}`;
let passwordHash: Promise<string> | undefined;

/**
 * A user in the test app's database and a signed-in session for them. `cookie` is a ready Cookie
 * request header value: `fetch(url, { headers: { cookie } })`.
 */
export async function createSession(
  app: TestApp,
  options: { isAdmin: boolean; username?: string } | { role: Role | null; username?: string },
): Promise<{ cookie: string; user: SessionUser; password: string }> {
  const role = "role" in options ? options.role : options.isAdmin ? "administrator" : null;
  const name = options.username ?? `${role ?? "user"}-${process.pid}-${++counter}`;
  const now = app.clock().toISOString();
  const row = await app.services.database.db
    .insertInto("users")
    .values({
      username: name,
      username_key: name.toLowerCase(),
      password_hash: await (passwordHash ??= hash(password)),
      role,
      created_at: now,
      updated_at: now,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
  const { auth } = app.services;
  const token = await auth.createSession(Number(row.id));
  const user: SessionUser = { id: Number(row.id), username: name, role, isAdmin: role === "administrator", createdAt: now };
  return { cookie: `${auth.cookie.name}=${token}`, user, password };
}
