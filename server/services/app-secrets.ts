import { randomBytes } from "node:crypto";
import type { Db } from "../db/connect.ts";

/**
 * Random keys kept in the database, so that every instance behind a proxy uses the same one
 * without anybody configuring a secret. The first instance to ask creates it; the others read it.
 */
export function createAppSecrets({ db, clock }: { db: Db; clock: () => Date }) {
  const cache = new Map<string, Promise<Buffer>>();

  async function load(name: string): Promise<Buffer> {
    await db
      .insertInto("app_secrets")
      .values({ name, value: randomBytes(32).toString("base64"), created_at: clock().toISOString() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
    return Buffer.from(row.value, "base64");
  }

  return {
    get(name: string): Promise<Buffer> {
      let secret = cache.get(name);
      if (!secret) {
        secret = load(name);
        // A failed load (database down) is retried by the next caller, not cached.
        secret.catch(() => cache.delete(name));
        cache.set(name, secret);
      }
      return secret;
    },
  };
}

export type AppSecrets = ReturnType<typeof createAppSecrets>;
