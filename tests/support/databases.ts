import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

import type { DatabaseKind } from "../../server/db/portable-types.ts";

export type { DatabaseKind };

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  url: string;
  kind: DatabaseKind;
  /** SQLite: the file path; PostgreSQL: the database name. */
  location: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a new SQLite file, or a new PostgreSQL database on the test server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "zuri-test-"));
    const file = join(dir, "zuri.db");
    return { url: `file:${file}`, kind, location: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error("TEST_POSTGRES_URL is not set");
  const name = `zuri_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind,
    location: name,
    drop: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
