import pg from "pg";
import type { Logger } from "../logger.ts";

/** How long to wait before listening again after the connection was lost or could not be made. */
const RECONNECT_MS = [250, 1000, 5000] as const;

export interface NotificationListener {
  /** Whether the LISTEN is in place now: notifications sent from now on will be heard. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN on a connection of its own (not the pool's: a pooled connection is shared and
 * may be closed when idle). A notification is delivered when the transaction that sent it commits.
 * The connection is made again whenever it is lost; `onListening` says the LISTEN is in place (again),
 * `onLost` that notifications may be missed from now until the next `onListening`.
 */
export function listenForNotifications(options: {
  databaseUrl: string;
  channel: string;
  logger: Logger;
  onNotification(payload: string): void;
  onListening?(): void;
  onLost?(): void;
}): NotificationListener {
  const { databaseUrl, channel, logger, onNotification, onListening = () => {}, onLost = () => {} } = options;
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function lost(from: pg.Client, error: Error) {
    if (client !== from) return;
    client = null;
    void from.end().catch(() => {});
    if (listening) {
      listening = false;
      onLost();
    }
    if (stopped) return;
    logger.warn({ err: { message: error.message }, channel }, "lost the database notification connection; reading instead until it is back");
    const delay = RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)];
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  }

  async function connect() {
    retry = null;
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload ?? "");
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      return lost(next, error as Error);
    }
    if (client !== next || stopped) return void next.end().catch(() => {});
    failures = 0;
    listening = true;
    onListening();
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
