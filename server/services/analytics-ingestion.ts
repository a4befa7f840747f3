import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { sql, type Insertable } from "kysely";
import { clientNetwork } from "../security/client-network.ts";
import type { Db } from "../db/connect.ts";
import type { AnalyticsEventsTable } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { analyticsDevices, isHttpOrigin, VISIT_ID_PATTERN } from "../../shared/analytics.ts";
import { pathWithoutPersonalData, textWithoutPersonalData } from "../../shared/personal-data.ts";
import { refuse, validate, isRefusal, type Refusal } from "../../shared/refusal.ts";
import { text, z } from "../../shared/zod.ts";

/**
 * Ingestion of page views (`POST /api/events`, docs/decisions/070-first-party-analytics.md): checked and
 * answered at once, written in batches. Nothing here stores an IP address or a user-agent string; they
 * only feed the day's visitor hash, in memory, for the time of the request.
 */

/**
 * A batch is written at least this often (the job "analytics-flush" of the background runner,
 * docs/decisions/025), and at once when it reaches ANALYTICS_BATCH events.
 */
export const ANALYTICS_FLUSH_MS = 1000;
export const ANALYTICS_BATCH = 500;
/** Past this many unwritten events (a database outage), new ones are dropped rather than held in memory. */
const BUFFER_MAX = 20_000;
/** Page views per visit and window, shared by every instance through the rate_limits table (decision 004). */
export const ANALYTICS_VISIT_LIMIT = { points: 60, durationSeconds: 10 * 60 };
/**
 * Page views one client network (an IPv4 address, an IPv6 /64) may add, whatever visit ids it sends
 * (docs/decisions/070): a reader's pace with room for a busy office, never a flood. Counted under the
 * day's salted hash of the network, so the counters hold no address either.
 */
export const ANALYTICS_CLIENT_LIMITS = [
  { name: "minute", points: 30, durationSeconds: 60 },
  { name: "day", points: 1000, durationSeconds: 24 * 3600 },
] as const;
const INSERT_CHUNK = 500;

/** The public pages a page view may name (app/routes.ts), landing pages included (docs/decisions/038): anything else is dropped, never stored. */
const segment = String.raw`[A-Za-z0-9._~%-]{1,200}`;
const trackedPaths = new RegExp(
  String.raw`^/(?:|product|zuri-ai|industries|enterprise|features|privacy|terms|book-demo|blog|blog/tag/${segment}|blog/author/${segment}|blog/${segment}|l/[a-z0-9-]{1,80})$`,
);
export const isTrackedPath = (path: string) => trackedPaths.test(path) && path !== "/blog/rss.xml";

/**
 * Browsers say "Mozilla/5.0 (platform…) engine…"; crawlers, link previews, monitors, Lighthouse, headless
 * browsers and HTTP libraries either do not or name themselves (the isbot list, and a few more here).
 * Only tested, never stored.
 */
const BOT_AGENT = /bot\b|bot\/|crawl|spider|slurp|scrap|archiv|facebookexternalhit|embedly|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|headless|phantomjs|puppeteer|playwright|selenium|webdriver|curl|wget|python|java\/|okhttp|go-http/i;
const BROWSER_AGENT = /^Mozilla\/5\.0 \([^)]{3,}\) \S/;
export const isBot = (userAgent: string | undefined) =>
  !userAgent || !BROWSER_AGENT.test(userAgent) || BOT_AGENT.test(userAgent) || isbot(userAgent);

const bounded = (label: string, max: number) =>
  text(label).trim().max(max, `${label} must be at most ${max} characters.`);
const optionalUtm = (label: string) =>
  bounded(label, 200)
    .nullish()
    .transform((value) => (value ? value : null));

/** One page view as the beacon sends it (app/site/analytics-beacon.ts). Unknown keys are ignored. */
export const pageViewSchema = z.object({
  visitId: text("Visit id").regex(VISIT_ID_PATTERN, "Visit id must be 16 to 64 letters, digits, - or _."),
  path: bounded("Path", 300).startsWith("/", "Path must start with /."),
  landingPath: bounded("Landing path", 300).startsWith("/", "Landing path must start with /."),
  referrer: bounded("Referrer", 300)
    .refine(isHttpOrigin, { message: "Referrer must be an origin such as https://example.com." })
    .nullish()
    .transform((value) => value ?? null),
  utmSource: optionalUtm("utm_source"),
  utmMedium: optionalUtm("utm_medium"),
  utmCampaign: optionalUtm("utm_campaign"),
  device: z.enum(analyticsDevices, { error: "Device must be mobile, tablet or desktop." }),
});

export type PageView = z.output<typeof pageViewSchema>;

/** "source / medium / campaign", the key campaigns are counted by; null without any UTM parameter. */
export function campaignKey({ utmSource, utmMedium, utmCampaign }: Pick<PageView, "utmSource" | "utmMedium" | "utmCampaign">) {
  if (!utmSource && !utmMedium && !utmCampaign) return null;
  return [utmSource, utmMedium, utmCampaign].map((value) => value ?? "(not set)").join(" / ");
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Why a request was answered 202 but not kept (logged at debug level only; the visitor learns nothing). */
export type DropReason = "gpc" | "prefetch" | "bot" | "unknown-path" | "rate-limited" | "overloaded" | "stopped" | "unavailable";

export interface PageViewRequest {
  body: unknown;
  ip: string | undefined;
  userAgent: string | undefined;
  /** `Sec-GPC: 1`: Global Privacy Control, a refusal. */
  gpc: boolean;
  /** `Sec-Purpose` / `Purpose` header: "prefetch" or "prerender" is not a view. */
  purpose: string | undefined;
}

export interface AnalyticsIngestionDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  siteUrl: string;
}

export function createAnalyticsIngestion({ db, logger, clock, siteUrl }: AnalyticsIngestionDeps) {
  const log = logger.child({ component: "analytics" });
  const site = new URL(siteUrl);
  /** Each page view waiting to be written, with the salted hash of its client network (never stored with it). */
  let pending: { row: Insertable<AnalyticsEventsTable>; client: string }[] = [];
  /** Events of each visit and each client in `pending`: one past its limit is dropped before it takes memory. */
  const pendingPerVisit = new Map<string, number>();
  const pendingPerClient = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;
  const salts = new Map<string, Promise<string>>();

  /** The day's salt, made by the first instance to need it and read by the others (decision 070). */
  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      for (const old of salts.keys()) if (old !== day) salts.delete(old);
      salt = (async () => {
        await db
          .insertInto("analytics_salts")
          .values({ day, salt: randomBytes(32).toString("base64url"), created_at: clock().toISOString() })
          .onConflict((oc) => oc.column("day").doNothing())
          .execute();
        const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
        return row.salt;
      })();
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    return salt;
  }

  /**
   * Takes a batch's page views from shared counters (one per key, in the rate_limits table, a window
   * each); answers how many of each key's views the counter lets through.
   */
  async function allowances(counts: Map<string, number>, limit: { points: number; durationSeconds: number }): Promise<Map<string, number>> {
    const now = clock().getTime();
    const windowEnd = now + limit.durationSeconds * 1000;
    const allowed = new Map<string, number>();
    // Sorted, so two instances upserting the same keys lock their rows in the same order.
    const keys = [...counts.keys()].sort();
    for (let start = 0; start < keys.length; start += INSERT_CHUNK) {
      const chunk = keys.slice(start, start + INSERT_CHUNK);
      const rows = await db
        .insertInto("rate_limits")
        .values(chunk.map((key) => ({ key, points: counts.get(key)!, expires_at: windowEnd })))
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            points: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.points else rate_limits.points + excluded.points end`,
            expires_at: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.expires_at else rate_limits.expires_at end`,
          }),
        )
        .returning(["key", "points"])
        .execute();
      for (const row of rows) {
        const asked = counts.get(row.key)!;
        const before = Number(row.points) - asked;
        allowed.set(row.key, Math.max(0, Math.min(asked, limit.points - before)));
      }
    }
    return allowed;
  }

  /** Keeps the views every counter lets through: the visit's, then the client network's per minute and per day. */
  async function write(batch: typeof pending): Promise<void> {
    const counters = [
      { limit: ANALYTICS_VISIT_LIMIT, keyOf: (view: (typeof batch)[number]) => `analytics-visit:${view.row.visit_id}` },
      ...ANALYTICS_CLIENT_LIMITS.map((limit) => ({ limit, keyOf: (view: (typeof batch)[number]) => `analytics-client-${limit.name}:${view.client}` })),
    ];
    let kept = batch;
    for (const { limit, keyOf } of counters) {
      const counts = new Map<string, number>();
      for (const view of kept) counts.set(keyOf(view), (counts.get(keyOf(view)) ?? 0) + 1);
      const allowed = await allowances(counts, limit);
      kept = kept.filter((view) => {
        const left = allowed.get(keyOf(view)) ?? 0;
        allowed.set(keyOf(view), left - 1);
        return left > 0;
      });
    }
    for (let start = 0; start < kept.length; start += INSERT_CHUNK) {
      await db
        .insertInto("analytics_events")
        .values(kept.slice(start, start + INSERT_CHUNK).map((view) => view.row))
        .execute();
    }
    if (kept.length < batch.length) log.debug({ dropped: batch.length - kept.length }, "page views over a visit or client limit dropped");
  }

  /** Writes what is buffered now, after any write under way; the next one waits for this one. */
  function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    pendingPerVisit.clear();
    pendingPerClient.clear();
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await write(batch);
      } catch (error) {
        // Analytics never takes the site down: a batch the database refused is lost, and said so.
        log.warn({ err: { message: (error as Error).message }, events: batch.length }, "could not write page views; batch dropped");
      }
    });
    return writing;
  }

  /** Checks one page view; answers a refusal for a malformed one (400), otherwise whether it was kept. */
  async function record(request: PageViewRequest): Promise<Refusal | { kept: true } | { kept: false; reason: DropReason }> {
    if (request.gpc) return { kept: false, reason: "gpc" };
    if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return { kept: false, reason: "prefetch" };
    if (isBot(request.userAgent)) return { kept: false, reason: "bot" };
    if (typeof request.body !== "object" || request.body === null || Array.isArray(request.body)) {
      return refuse("invalid", "Send one page view as a JSON object.");
    }
    const view = validate(pageViewSchema, request.body, "body");
    if (isRefusal(view)) return view;
    if (!isTrackedPath(view.path) || !isTrackedPath(view.landingPath)) return { kept: false, reason: "unknown-path" };
    if (stopped) return { kept: false, reason: "stopped" };
    if (pending.length >= BUFFER_MAX) return { kept: false, reason: "overloaded" };
    const network = clientNetwork(request.ip);
    const bufferedForVisit = pendingPerVisit.get(view.visitId) ?? 0;
    if (bufferedForVisit >= ANALYTICS_VISIT_LIMIT.points) return { kept: false, reason: "rate-limited" };

    const now = clock();
    const day = utcDay(now);
    let salt: string;
    try {
      salt = await saltOf(day);
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, "could not read the day's salt; page view dropped");
      return { kept: false, reason: "unavailable" };
    }
    const hashed = (text: string) => createHash("sha256").update(`${salt}\n${site.host}\n${text}`).digest("base64url").slice(0, 32);
    const client = hashed(`network\n${network}`);
    const bufferedForClient = pendingPerClient.get(client) ?? 0;
    if (bufferedForClient >= ANALYTICS_CLIENT_LIMITS[0].points) return { kept: false, reason: "rate-limited" };
    pendingPerVisit.set(view.visitId, (pendingPerVisit.get(view.visitId) ?? 0) + 1);
    pendingPerClient.set(client, bufferedForClient + 1);

    pending.push({
      client,
      row: {
        day,
        created_at: now.toISOString(),
        visit_id: view.visitId,
        visitor_hash: hashed(`${request.ip ?? ""}\n${request.userAgent ?? ""}`),
        path: pathWithoutPersonalData(view.path),
        landing_path: pathWithoutPersonalData(view.landingPath),
        // A referrer on this site is no referrer: the visit came from a page of ours (a new tab, a reload).
        referrer: view.referrer && view.referrer !== site.origin ? view.referrer : null,
        campaign: campaignKey({
          utmSource: textWithoutPersonalData(view.utmSource),
          utmMedium: textWithoutPersonalData(view.utmMedium),
          utmCampaign: textWithoutPersonalData(view.utmCampaign),
        }),
        device: view.device,
      },
    });
    if (pending.length >= ANALYTICS_BATCH) void flush();
    return { kept: true };
  }

  return {
    record,
    /** Writes what is buffered: the runner's sweep every ANALYTICS_FLUSH_MS, tests, the insights report. */
    flush,
    /** Writes what is buffered and takes no more (shutdown, through services.stopBackgroundWork()). */
    async stop(): Promise<void> {
      stopped = true;
      await flush();
    },
  };
}

export type AnalyticsIngestion = ReturnType<typeof createAnalyticsIngestion>;
