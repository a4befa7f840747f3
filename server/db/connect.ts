import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, sql, type LogEvent } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { createSqliteDialect, openSqliteFile } from "./sqlite-dialect.ts";
import type { DatabaseKind } from "./portable-types.ts";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// int8 (counts) as numbers and timestamptz as ISO strings, so both databases return the same shapes.
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * Opens the database named by `url` (`file:…` for SQLite, `postgres://…` for PostgreSQL).
 * `onConnectionLost` hears about PostgreSQL connections that dropped; the queries on them fail
 * (and are answered as an outage), the process carries on and the pool reconnects.
 */
export function connectDatabase(
  url: string,
  onConnectionLost: (error: Error) => void = () => {},
  /** Hears every query run (its SQL): the tests that prove an answer needed none. */
  onQuery?: (sql: string) => void,
): DatabaseHandle {
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql) : undefined;
  if (url.startsWith("file:")) {
    const path = resolve(url.slice("file:".length));
    mkdirSync(dirname(path), { recursive: true });
    const sqlite = openSqliteFile(path);
    const db = new Kysely<Database>({ dialect: createSqliteDialect(sqlite), log });
    return {
      db,
      kind: "sqlite",
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }

  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes,
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // Without a query timeout a request would hang while the database is unreachable.
    query_timeout: 10_000,
  });
  // A connection that drops must not crash the process, whether it was idle in the pool (the pool's
  // "error") or checked out by a query at that moment (the client's own "error", which pg emits
  // even while it fails the query). The query fails on its own; the pool opens a new connection.
  // Every client gets the listener when it connects, so the pool's own event (idle clients only)
  // needs no second report.
  pool.on("connect", (client) => client.on("error", onConnectionLost));
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    kind: "postgres",
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
