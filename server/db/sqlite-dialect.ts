import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase } from "kysely";

/**
 * Kysely's SqliteDialect expects a better-sqlite3-shaped database; this adapts Node's built-in
 * `node:sqlite` (no native addon to build). Booleans are bound as 0/1 and Dates as ISO strings,
 * because node:sqlite accepts only numbers, strings, bigints, buffers and null.
 */
export function createSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Kysely prepares every query it runs; the app runs the same few hundred SQL texts over and over,
  // so each is compiled once (Kysely runs one query at a time on this connection, so reuse is safe).
  type Prepared = ReturnType<SqliteDatabase["prepare"]>;
  const prepared = new Map<string, Prepared>();
  const adapted: SqliteDatabase = {
    close: () => database.close(),
    prepare(sql) {
      let cached = prepared.get(sql);
      if (!cached) {
        const statement = database.prepare(sql);
        cached = {
          reader: statement.columns().length > 0,
          all: (parameters) => statement.all(...bind(parameters)),
          run: (parameters) => statement.run(...bind(parameters)),
          iterate: (parameters) => statement.iterate(...bind(parameters)),
        };
        if (prepared.size >= 500) prepared.clear();
        prepared.set(sql, cached);
      }
      return cached;
    },
  };
  return new SqliteDialect({ database: adapted });
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}

export function openSqliteFile(path: string): DatabaseSync {
  const database = new DatabaseSync(path, { timeout: 5000 });
  // WAL lets readers proceed during a write; synchronous=FULL makes every acknowledged commit durable
  // across power loss and kill -9; busy_timeout (set by `timeout`) waits instead of failing on a lock.
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec("PRAGMA foreign_keys = ON");
  return database;
}
