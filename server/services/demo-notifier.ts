import { createSmtpTransport, mailFrom } from "./smtp.ts";
import type { Selectable } from "kysely";
import type { Db } from "../db/connect.ts";
import type { DemoRequestsTable } from "../db/schema.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";

import { DEMO_NOTIFY_MAX_AGE_MS, DEMO_NOTIFY_MAX_ATTEMPTS } from "../../shared/demo-inbox.ts";

/** After this many failed attempts the lead stays in the inbox only; an error is logged. */
export const MAX_NOTIFY_ATTEMPTS = DEMO_NOTIFY_MAX_ATTEMPTS;
/** Wait before attempt n+1 after n failures: 1 min, 5 min, 15 min, 1 h, then every 3 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
/** How long an instance owns a claimed attempt; if it dies mid-send, another one retries after. */
const LEASE_MS = 5 * 60_000;
/** Leads older than this are not e-mailed by the sweep (e.g. when SMTP is configured much later). */
const SWEEP_MAX_AGE_MS = DEMO_NOTIFY_MAX_AGE_MS;
/** The sweep's interval as a job of the background runner (server/jobs/index.ts). */
export const DEMO_NOTIFY_SWEEP_MS = 60_000;
const SWEEP_BATCH = 20;

export interface DemoNotifierDeps {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "DEMO_NOTIFY_TO" | "SITE_URL">;
  logger: Logger;
  clock: () => Date;
}

/** Header values come from visitors: no control characters (CR/LF) and a sane length. */
export const headerSafe = (value: string, max = 120) =>
  value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .trim()
    .slice(0, max);

/**
 * E-mails each new demo request to sales, except suspected spam until an admin marks it "Not spam"
 * (docs/decisions/050-demo-spam-defence.md). The row is the outbox: `notified_at` marks a
 * sent one, `notify_attempts` counts tries, `notify_next_at` is both the backoff and a lease, so
 * several instances can sweep the same table without sending the same attempt twice
 * (docs/decisions/051-demo-notification-outbox.md). A process killed after the send and before
 * `notified_at` is written leaves the lease to run out, and the lead is e-mailed again: at least once.
 * The sweep is the job "demo-notifications" of the background runner (docs/decisions/025).
 */
export function createDemoNotifier({ db, env, logger, clock }: DemoNotifierDeps) {
  const log = logger.child({ component: "demo-notifier" });
  const enabled = Boolean(env.SMTP_URL && env.DEMO_NOTIFY_TO);
  // Timeouts: a slow or dead SMTP server must not keep attempts (and their leases) hanging.
  const transport = enabled && env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : null;
  const from = mailFrom(env.SITE_URL, "Zuri website");
  const inFlight = new Set<Promise<void>>();

  /** Takes the next attempt for one lead, or returns undefined when it is not due or another instance has it. */
  async function claim(id: number) {
    const now = clock();
    return db
      .updateTable("demo_requests")
      .set((eb) => ({
        notify_attempts: eb("notify_attempts", "+", 1),
        notify_next_at: new Date(now.getTime() + LEASE_MS).toISOString(),
      }))
      .where("id", "=", id)
      .where("notified_at", "is", null)
      .where("spam_reasons", "is", null)
      .where("notify_attempts", "<", MAX_NOTIFY_ATTEMPTS)
      .where((eb) => eb.or([eb("notify_next_at", "is", null), eb("notify_next_at", "<=", now.toISOString())]))
      .returningAll()
      .executeTakeFirst();
  }

  async function attempt(id: number): Promise<void> {
    if (!transport) return;
    const lead = await claim(id);
    if (!lead) return;
    try {
      await transport.sendMail({
        from,
        to: env.DEMO_NOTIFY_TO,
        replyTo: { name: headerSafe(lead.name), address: lead.email },
        subject: headerSafe(`Demo request: ${lead.name}, ${lead.organization}`, 150),
        text: renderText(lead, env.SITE_URL),
        // Nothing a visitor typed goes into HTML or into any other header.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      await db
        .updateTable("demo_requests")
        .set({ notified_at: clock().toISOString(), notify_next_at: null, notify_last_error: null })
        .where("id", "=", id)
        .execute();
      log.info({ demoRequestId: id, attempt: lead.notify_attempts }, "demo request notification sent");
    } catch (error) {
      const attempts = Number(lead.notify_attempts);
      const giveUp = attempts >= MAX_NOTIFY_ATTEMPTS;
      const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)] ?? 0;
      await db
        .updateTable("demo_requests")
        .set({
          notify_next_at: new Date(clock().getTime() + wait).toISOString(),
          // Shown in the inbox ("Failed: …"): the SMTP server's words, never a visitor's.
          notify_last_error: headerSafe((error as Error).message || "Unknown error", 300),
        })
        .where("id", "=", id)
        .execute();
      const details = { demoRequestId: id, attempt: attempts, err: { message: (error as Error).message } };
      if (giveUp) log.error(details, "demo request notification failed for good; the lead is in the inbox");
      else log.warn({ ...details, retryInMs: wait }, "demo request notification failed; will retry");
    }
  }

  function track(work: Promise<void>) {
    const guarded = work.catch((error: unknown) => log.error({ err: error }, "demo notification attempt crashed"));
    inFlight.add(guarded);
    void guarded.finally(() => inFlight.delete(guarded));
  }

  /** Tries every lead whose notification is due (unsent, under the attempt limit, not too old). */
  async function sweep(): Promise<void> {
    if (!transport) return;
    const now = clock();
    const due = await db
      .selectFrom("demo_requests")
      .select("id")
      .where("notified_at", "is", null)
      .where("spam_reasons", "is", null)
      .where("notify_attempts", "<", MAX_NOTIFY_ATTEMPTS)
      .where("created_at", ">=", new Date(now.getTime() - SWEEP_MAX_AGE_MS).toISOString())
      .where((eb) => eb.or([eb("notify_next_at", "is", null), eb("notify_next_at", "<=", now.toISOString())]))
      .orderBy("id")
      .limit(SWEEP_BATCH)
      .execute();
    for (const { id } of due) await attempt(Number(id));
  }

  return {
    /** False without SMTP_URL and DEMO_NOTIFY_TO: no lead is ever e-mailed (the inbox says so). */
    configured: enabled,

    /** Sends in the background: the visitor's answer never waits for SMTP. */
    notifyInBackground(id: number): void {
      if (transport) track(attempt(id));
    },

    /** Tries every lead whose notification is due: the runner's sweep, and tests'. */
    sweep,

    /** Resolves when every background attempt started so far has finished (tests, graceful shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** After the runner stopped: waits for the background attempts, then closes the SMTP transport. */
    async stop(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}

export type DemoNotifier = ReturnType<typeof createDemoNotifier>;

function renderText(lead: Selectable<DemoRequestsTable>, siteUrl: string): string {
  const line = (label: string, value: string | null) => (value ? [`${label}: ${value}`] : []);
  const campaign = [lead.utm_source, lead.utm_medium, lead.utm_campaign].filter(Boolean).join(" / ");
  return [
    "A new demo request arrived on the website.",
    "",
    ...line("Name", lead.name),
    ...line("Email", lead.email),
    ...line("Phone", lead.phone),
    ...line("Organization", lead.organization),
    ...line("Received", new Date(lead.created_at).toISOString()),
    ...line("Page", lead.source_page),
    ...line("Campaign", campaign || null),
    "",
    ...(lead.message ? ["Additional information:", lead.message, ""] : []),
    `Open the inbox: ${siteUrl}/cms/demo-requests?q=${encodeURIComponent(lead.email)}`,
    "Reply to this e-mail to answer the lead directly.",
  ].join("\n");
}
