/**
 * `npm run bench` (docs/operations.md): build, start the production server on a fresh database seeded with
 * realistic content, drive it with autocannon on loopback, and compare every page with the best
 * this machine can do: the same bytes served by a minimal node:http server, measured in the same run.
 *
 *   npm run bench                                   # SQLite in a temporary directory
 *   DATABASE_URL=postgres://…/postgres npm run bench  # a fresh database is created on that server
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=32 npm run bench
 *
 * Writes bench/results/<timestamp>.json and .md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { once } from "node:events";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startBenchServer, type BenchServer } from "./bench-server.ts";
import { connectDatabase } from "../server/db/connect.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** `BENCH_ONLY=analytics`: only the page-view ingestion figures. */
const only = process.env.BENCH_ONLY;

interface Measurement {
  rps: number;
  /** Answers with the expected status. */
  ok: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(
  url: string,
  options: Partial<autocannon.Options> = {},
  expectedStatus = 200,
): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  const wrongStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== expectedStatus)
    .reduce((sum, [, stat]) => sum + (stat as { count: number }).count, 0);
  const ok = (result.statusCodeStats as Record<string, { count: number }> | undefined)?.[String(expectedStatus)]?.count ?? 0;
  return {
    rps: Math.round(result.requests.average),
    ok,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: wrongStatus,
  };
}

/** The same bytes and content type from a bare node:http server: the ceiling for this machine. */
async function staticBaseline(body: Buffer, contentType: string): Promise<Measurement> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  try {
    return await measure(`http://127.0.0.1:${port}/`);
  } finally {
    server.close();
  }
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  console.log(`Building into ${buildDir}…`);
  execFileSync("react-router", ["build"], { stdio: "ignore", env: { ...process.env, BUILD_DIR: buildDir } });

  const server: BenchServer = await startBenchServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: mkdtempSync(join(tmpdir(), "zuri-bench-")),
    posts: Number(process.env.BENCH_POSTS ?? 200),
  });
  const rows: { target: string; server: Measurement; baseline?: Measurement; ratio?: number }[] = [];
  let analytics: AnalyticsFigures | undefined;
  try {
    const slug = server.slugs[Math.floor(server.slugs.length / 2)]!;
    const asset = await server.hashedAsset();
    const targets: { name: string; path: string }[] = [
      { name: "/", path: "/" },
      { name: "/product", path: "/product" },
      { name: "/blog", path: "/blog" },
      { name: "/blog/{slug}", path: `/blog/${slug}` },
      { name: "/api/blog", path: "/api/blog" },
      { name: "/api/blog/{slug}", path: `/api/blog/${slug}` },
      { name: "hashed asset", path: asset },
    ];
    for (const target of only === "analytics" ? [] : targets) {
      const url = `${server.url}${target.path}`;
      const sample = await fetch(url, { headers: { "accept-encoding": "identity" } });
      if (sample.status !== 200) throw new Error(`${target.path} answered ${sample.status}`);
      const body = Buffer.from(await sample.arrayBuffer());
      const measured = await measure(url);
      const baseline = await staticBaseline(body, sample.headers.get("content-type") ?? "text/plain");
      rows.push({ target: target.name, server: measured, baseline, ratio: measured.rps / baseline.rps });
      console.log(`${target.name.padEnd(18)} ${measured.rps} req/s (baseline ${baseline.rps})`);
    }

    // Demo submissions come from many visitors: one address each, through the trusted proxy.
    let visitor = 0;
    const demo = only === "analytics" ? null : await measure(
      `${server.url}/api/book-demo`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: [
          {
            setupRequest: (request) => {
              visitor++;
              return {
                ...request,
                headers: {
                  ...request.headers,
                  "content-type": "application/json",
                  "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
                },
                body: JSON.stringify({
                  name: `Bench Visitor ${visitor}`,
                  email: `visitor${visitor}@example.com`,
                  organization: "Benchmark Ltd",
                  message: "Interested in forecasting.",
                }),
              };
            },
          },
        ],
      },
      201,
    );
    if (demo) {
      rows.push({ target: "POST /api/book-demo", server: demo });
      console.log(`POST /api/book-demo  ${demo.rps} req/s`);
    }

    analytics = await benchAnalytics(server.url, `/blog/${slug}`, server.databaseUrl);
  } finally {
    await server.stop();
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const when = new Date().toISOString();
  const table = [
    `Benchmark ${when} on ${server.databaseKind}, ${machine}; ${connections} connections × ${seconds} s each, ${server.slugs.length} posts.`,
    "",
    "| target | req/s | p50 ms | p99 ms | errors | non-2xx | static baseline req/s | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      ({ target, server: m, baseline, ratio }) =>
        `| ${target} | ${m.rps} | ${m.p50} | ${m.p99} | ${m.errors} | ${m.non2xx} | ${baseline?.rps ?? "—"} | ${
          ratio === undefined ? "—" : `${(ratio * 100).toFixed(0)}%`
        } |`,
    ),
    ...(analytics ? ["", analyticsTable(analytics)] : []),
  ].join("\n");
  console.log(`\n${table}\n`);
  mkdirSync("bench/results", { recursive: true });
  const stamp = when.replace(/[:.]/g, "-");
  writeFileSync(`bench/results/${stamp}.json`, JSON.stringify({ when, machine, database: server.databaseKind, seconds, connections, rows, analytics }, null, 2));
  writeFileSync(`bench/results/${stamp}.md`, `${table}\n`);
  console.log(`Wrote bench/results/${stamp}.json and .md`);
}

/** Page-view beacons (docs/decisions/070-first-party-analytics.md): 200 senders, as browsers send them. */
const EVENT_SENDERS = 200;
/** The steady load: each of the 200 senders sends a page view every second or so. */
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface AnalyticsFigures {
  page: string;
  rounds: number;
  /** Page views answered 202 over all rounds, and rows in analytics_events afterwards. */
  accepted: number;
  stored: number;
  /** Medians over the rounds, req/s. */
  pagesAlone: number;
  pagesWithSteadyEvents: number;
  steadyEvents: number;
  pagesWithEventFlood: number;
  floodEvents: number;
  /** Every round's figures, in order. */
  samples: { pagesAlone: Measurement; steady: [Measurement, Measurement]; flood: [Measurement, Measurement] }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Page throughput alone and while 200 senders post page views to POST /api/events, in the same run and in
 * turns (ROUNDS rounds; medians): once at a steady EVENT_RATE, once as fast as they can (the ingestion's
 * capacity). Visits are spread over 20,000 ids, so the per-visit limit (60 per 10 minutes) does not bite.
 */
async function benchAnalytics(baseUrl: string, pagePath: string, databaseUrl: string): Promise<AnalyticsFigures> {
  let sent = 0;
  const eventRequests: autocannon.Request[] = [
    {
      setupRequest: (request) => {
        sent++;
        return {
          ...request,
          method: "POST",
          headers: {
            ...request.headers,
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": BROWSER,
            "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
          },
          body: JSON.stringify({
            visitId: `bench-visit-${String(sent % 20_000).padStart(5, "0")}-abcdef`,
            path: pagePath,
            landingPath: "/",
            referrer: "https://news.example",
            utmSource: "newsletter",
            utmMedium: "email",
            utmCampaign: "bench",
            device: sent % 3 ? "desktop" : "mobile",
          }),
        };
      },
    },
  ];
  const events = (overallRate?: number) =>
    measure(`${baseUrl}/api/events`, { method: "POST", connections: EVENT_SENDERS, requests: eventRequests, ...(overallRate ? { overallRate } : {}) }, 202);
  const pageUrl = `${baseUrl}${pagePath}`;
  const samples: AnalyticsFigures["samples"] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pagesAlone = await measure(pageUrl);
    const steady = (await Promise.all([measure(pageUrl), events(EVENT_RATE)])) as [Measurement, Measurement];
    const flood = (await Promise.all([measure(pageUrl), events()])) as [Measurement, Measurement];
    samples.push({ pagesAlone, steady, flood });
    console.log(
      `round ${round + 1}: ${pagePath} alone ${pagesAlone.rps} req/s; with ${steady[1].rps} events/s ${steady[0].rps} req/s; ` +
        `with ${flood[1].rps} events/s (flood) ${flood[0].rps} req/s`,
    );
  }
  // Accepted is not stored: count the rows once the last batch (written every second) is in.
  await new Promise((done) => setTimeout(done, 2000));
  const database = connectDatabase(databaseUrl);
  const stored = await database.db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .finally(() => database.close());
  return {
    page: pagePath,
    rounds: ROUNDS,
    accepted: samples.reduce((sum, s) => sum + s.steady[1].ok + s.flood[1].ok, 0),
    stored: Number(stored.n),
    pagesAlone: median(samples.map((s) => s.pagesAlone.rps)),
    pagesWithSteadyEvents: median(samples.map((s) => s.steady[0].rps)),
    steadyEvents: median(samples.map((s) => s.steady[1].rps)),
    pagesWithEventFlood: median(samples.map((s) => s.flood[0].rps)),
    floodEvents: median(samples.map((s) => s.flood[1].rps)),
    samples,
  };
}

function analyticsTable(figures: AnalyticsFigures): string {
  const drop = (withEvents: number) => `${(((figures.pagesAlone - withEvents) / figures.pagesAlone) * 100).toFixed(1)}%`;
  const errors = figures.samples.flatMap((s) => [s.pagesAlone, ...s.steady, ...s.flood]).reduce((sum, m) => sum + m.errors + m.non2xx, 0);
  return [
    `Page views (POST /api/events, ${EVENT_SENDERS} senders) while ${figures.page} is served with ${connections} connections; medians of ${figures.rounds} rounds, errors and wrong statuses: ${errors}; ${figures.accepted} page views accepted, ${figures.stored} stored.`,
    "",
    "| | page req/s | events/s (202) | page throughput drop |",
    "|---|---:|---:|---:|",
    `| pages alone | ${figures.pagesAlone} | — | — |`,
    `| with steady page views (${EVENT_RATE}/s) | ${figures.pagesWithSteadyEvents} | ${figures.steadyEvents} | ${drop(figures.pagesWithSteadyEvents)} |`,
    `| with senders as fast as they can | ${figures.pagesWithEventFlood} | ${figures.floodEvents} | ${drop(figures.pagesWithEventFlood)} |`,
  ].join("\n");
}

await main();
