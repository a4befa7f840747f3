import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { listenForNotifications, type NotificationListener } from "../db/notifications.ts";
import type { DatabaseKind } from "../db/portable-types.ts";
import type { Logger } from "../logger.ts";
import { toIso } from "../db/rows.ts";

/** The blog's content version: the validator of every public blog answer (ETag, Last-Modified). */
export interface BlogVersion {
  version: number;
  /** ISO time of the change that made this version. */
  changedAt: string;
}

/** Every bump is announced here on PostgreSQL, with "version changedAt" as its payload. */
export const CONTENT_NOTIFY_CHANNEL = "zuri_content";
/** Each instance reads the version at least this often, in case a notification was missed (docs/decisions/021). */
export const CONTENT_POLL_MS = 1000;
/** Longer than any transaction may run (the pool's query timeout is 10 s): a bump whose transaction never committed is forgotten. */
const UNCOMMITTED_BUMP_MS = 30_000;

export interface ContentVersionDeps {
  db: Db;
  kind: DatabaseKind;
  databaseUrl: string;
  logger: Logger;
  pollMs?: number;
}

/**
 * The blog's content version, held in memory (docs/decisions/021-cache-hits-before-the-app.md).
 *
 * The version row (decision 040) is bumped in the transaction of every write that changes what a blog
 * page shows. Reading it on every request cost a query per cache hit; instead each instance keeps it:
 * - its own writes forget it when they bump, and it is read again once their transaction has committed
 *   (a read that still sees the old number does not count as knowing it);
 * - other instances' writes reach it through PostgreSQL's NOTIFY, sent in the writing transaction and
 *   delivered at its commit, on a connection of its own that LISTENs; while that connection is down
 *   nothing is trusted and every request reads the row, as before;
 * - a poll reads the row every `pollMs` whatever happens (a proxy that drops notifications, another
 *   process on the same SQLite file for the moment of a restart).
 * `known()` is what the answers served before the app use: undefined means "read it" (`current()`).
 */
export function createContentVersion({ db, kind, databaseUrl, logger, pollMs = CONTENT_POLL_MS }: ContentVersionDeps) {
  const log = logger.child({ component: "content-version" });
  let known: BlogVersion | undefined;
  /** Moves whenever what is known is forgotten, so a read begun before then is not kept. */
  let generation = 0;
  /** A version this instance's own write is making: what is known must reach it (until `bumpedAt` + the bound). */
  let awaited = 0;
  let awaitedSince = 0;
  /** SQLite has no other instance to hear from; PostgreSQL's are heard while the listener is up. */
  let listening = kind === "sqlite";
  let listener: NotificationListener | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;

  async function read(): Promise<BlogVersion> {
    const row = await db
      .selectFrom("content_versions")
      .select(["version", "changed_at"])
      .where("name", "=", "blog")
      .executeTakeFirst();
    return row ? { version: Number(row.version), changedAt: toIso(row.changed_at) } : { version: 0, changedAt: new Date(0).toISOString() };
  }

  function forget() {
    known = undefined;
    generation++;
  }

  /** Keeps a version read or heard of, unless it is older than what is known or than this instance's own uncommitted bump. */
  function learn(version: BlogVersion, readAt = generation) {
    if (readAt !== generation || !listening) return;
    if (version.version < awaited && Date.now() - awaitedSince < UNCOMMITTED_BUMP_MS) return;
    if (known && known.version >= version.version) return;
    known = version;
  }

  async function refresh(): Promise<BlogVersion> {
    const readAt = generation;
    const version = await read();
    learn(version, readAt);
    return version;
  }

  return {
    /** The version when this instance knows it without asking the database; undefined: ask `current()`. */
    known(): BlogVersion | undefined {
      return listening ? known : undefined;
    },

    /** The version: from memory when known, else one primary-key read (which is then remembered). */
    async current(): Promise<BlogVersion> {
      return (listening ? known : undefined) ?? refresh();
    },

    /**
     * Moves the version on, inside the transaction of the write that changes the blog (decision 040):
     * every instance's cached answers are then stale, this one's at once, the others' at the commit.
     */
    async bump(trx: Db, now: string): Promise<void> {
      const row = await trx
        .updateTable("content_versions")
        .set((eb) => ({ version: eb("version", "+", 1), changed_at: now }))
        .where("name", "=", "blog")
        .returning(["version"])
        .executeTakeFirst();
      if (row) {
        awaited = Math.max(awaited, Number(row.version));
        awaitedSince = Date.now();
      }
      forget();
      if (kind === "postgres" && row) {
        await sql`select pg_notify(${CONTENT_NOTIFY_CHANNEL}, ${`${row.version} ${now}`})`.execute(trx);
      }
    },

    /** Listens (PostgreSQL) and polls, until `stop()`. */
    start(): void {
      if (poll) return;
      if (kind === "postgres") {
        listener = listenForNotifications({
          databaseUrl,
          channel: CONTENT_NOTIFY_CHANNEL,
          logger: log,
          onNotification(payload) {
            const [version, changedAt] = payload.split(" ");
            if (!version || !changedAt) return;
            learn({ version: Number(version), changedAt: new Date(changedAt).toISOString() });
          },
          onListening() {
            // Whatever happened while nobody listened is read again before anything is trusted.
            forget();
            listening = true;
          },
          onLost() {
            listening = false;
            forget();
          },
        });
      }
      poll = setInterval(() => {
        refresh().catch((error: Error) => log.debug({ err: { message: error.message } }, "content version poll failed"));
      }, pollMs);
      poll.unref();
    },

    async stop(): Promise<void> {
      if (poll) clearInterval(poll);
      poll = null;
      const stopping = listener;
      listener = null;
      listening = kind === "sqlite";
      await stopping?.stop();
    },
  };
}

export type ContentVersion = ReturnType<typeof createContentVersion>;
