/**
 * `npm run bench` (docs/operations.md): build, start the production server on a fresh database seeded with
 * realistic content, and measure it on loopback next to the best this machine can do: the very bytes the server
 * sends, served by a minimal node:http server in its own process.
 *
 *   npm run bench                                   # SQLite in a temporary directory
 *   DATABASE_URL=postgres://…/postgres npm run bench  # a fresh database is created on that server
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=32 BENCH_ROUNDS=3 npm run bench
 *
 * The GETs are driven by wrk (scripts/bench-client.ts), which never decodes or keeps a body; autocannon does, and
 * tops out near the static server's rate on this VM. Every run starts with that calibration: the static server
 * measured with both clients. Each GET target is measured twice, with `Accept-Encoding: identity` and with
 * `Accept-Encoding: br`, each against a static server answering the exact bytes (and Content-Type,
 * Content-Encoding, Vary) the server sent for that request, in interleaved rounds (server, static, server,
 * static…; BENCH_ROUNDS, default 3): medians of each and their ratio.
 *
 * Writes bench/results/<timestamp>.json and .md. Exits 1 when a target answered a wrong status, or any run had
 * socket errors or error statuses.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  ensureWrk,
  fetchRaw,
  measureWithWrk,
  processCpuMs,
  startStaticServer,
  WRK_THREADS,
  type WrkResult,
} from "./bench-client.ts";
import { startBenchServer, type BenchServer } from "./bench-server.ts";
import { connectDatabase } from "../server/db/connect.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Interleaved rounds per GET target and encoding, and rounds of the page-view part. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds of each calibration run. */
const CALIBRATION_SECONDS = 3;
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

/**
 * autocannon, for the POST bodies that differ per request (the demo form, page views): there the server is far
 * slower than the client (~1k req/s against autocannon's ~15k), so autocannon's cost does not limit the figure.
 */
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** CPU µs per request, one decimal. */
const perRequest = (cpuMs: number, requests: number) => (requests > 0 ? Math.round((cpuMs * 10_000) / requests) / 10 : NaN);

type Encoding = "identity" | "br";

interface Calibration {
  body: string;
  bytes: number;
  seconds: number;
  wrk: { rps: number; p50: number; p99: number; clientCpuUsPerRequest: number; serverCpuUsPerRequest: number };
  autocannon: { rps: number; p50: number; p99: number; clientCpuUsPerRequest: number; serverCpuUsPerRequest: number };
}

/** One GET target in one encoding: the server and its static twin, measured in turns. */
interface TargetRow {
  target: string;
  path: string;
  encoding: Encoding;
  /** The status of the sample request; anything but 200 is a failure and nothing is measured. */
  status: number;
  /** What the server answered the sample with: Content-Encoding (none = identity), Content-Type, Vary, body bytes. */
  served?: { contentEncoding: string; contentType: string; vary: string | null; bodyBytes: number };
  /** Medians over the rounds; p50/p99 in ms (the medians of the rounds' percentiles). */
  server?: { rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuUsPerRequest: number; harnessCpuUsPerRequest: number };
  static?: { rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuUsPerRequest: number };
  ratio?: number;
  /** Every round, in order. */
  rounds?: { server: Omit<WrkResult, "output">; static: Omit<WrkResult, "output"> }[];
}

/**
 * The static server answering the bytes of `/` (identity), measured with wrk and with autocannon: if wrk is not
 * well above autocannon, the client is the limit of what follows. CPU per request comes from /proc (Linux).
 */
async function calibrate(url: string): Promise<Calibration> {
  const sample = await fetchRaw(url, { "accept-encoding": "identity" });
  if (sample.status !== 200) throw new Error(`calibration: ${url} answered ${sample.status}`);
  const staticServer = await startStaticServer(sample.body, servedHeaders(sample.headers));
  try {
    let before = processCpuMs(staticServer.pid);
    const wrk = await measureWithWrk(staticServer.url, { headers: { "accept-encoding": "identity" }, seconds: CALIBRATION_SECONDS, connections });
    const wrkServerCpu = processCpuMs(staticServer.pid) - before;
    before = processCpuMs(staticServer.pid);
    const ownCpu = process.cpuUsage();
    const ac = await autocannon({ url: staticServer.url, connections, duration: CALIBRATION_SECONDS, headers: { "accept-encoding": "identity" } });
    const acCpu = process.cpuUsage(ownCpu);
    const acServerCpu = processCpuMs(staticServer.pid) - before;
    if (wrk.errors || wrk.non2xx || ac.errors || ac.non2xx) throw new Error("calibration: the static server answered errors");
    return {
      body: "/ (identity)",
      bytes: sample.body.length,
      seconds: CALIBRATION_SECONDS,
      wrk: {
        rps: wrk.rps,
        p50: wrk.p50,
        p99: wrk.p99,
        clientCpuUsPerRequest: perRequest(wrk.clientCpuMs, wrk.requests),
        serverCpuUsPerRequest: perRequest(wrkServerCpu, wrk.requests),
      },
      autocannon: {
        rps: Math.round(ac.requests.average),
        p50: ac.latency.p50,
        p99: ac.latency.p99,
        clientCpuUsPerRequest: perRequest((acCpu.user + acCpu.system) / 1000, ac.requests.total),
        serverCpuUsPerRequest: perRequest(acServerCpu, ac.requests.total),
      },
    };
  } finally {
    await staticServer.stop();
  }
}

function calibrationLine(c: Calibration): string {
  const client = (name: string, m: Calibration["wrk"]) =>
    `${name} ${m.rps} req/s (p50 ${m.p50} ms, p99 ${m.p99} ms; client ${m.clientCpuUsPerRequest} µs CPU a request, static server ${m.serverCpuUsPerRequest} µs)`;
  return (
    `Calibration, the static server with the ${c.bytes} bytes of ${c.body}, ${connections} connections × ${c.seconds} s: ` +
    `${client(`wrk -t ${WRK_THREADS}`, c.wrk)}; ${client("autocannon", c.autocannon)}; wrk/autocannon ${(c.wrk.rps / c.autocannon.rps).toFixed(2)}.`
  );
}

/** Headers Node sets per response; the static twin's own server sets them the same way. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * The headers the static twin repeats: all the server sent but those Node sets per response (the request
 * id kept as sampled, same length), so both send the same bytes, headers and body.
 */
function servedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = { "content-type": "application/octet-stream" };
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !PER_RESPONSE.has(name)) kept[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return kept;
}

async function measureTarget(server: BenchServer, target: { name: string; path: string }, encoding: Encoding): Promise<TargetRow> {
  const url = `${server.url}${target.path}`;
  const headers = { "accept-encoding": encoding };
  const sample = await fetchRaw(url, headers);
  const row: TargetRow = { target: target.name, path: target.path, encoding, status: sample.status };
  if (sample.status !== 200) {
    console.error(`✖ ${target.path} (${encoding}) answered ${sample.status}`);
    return row;
  }
  const kept = servedHeaders(sample.headers);
  row.served = {
    contentEncoding: kept["content-encoding"] ?? "identity",
    contentType: kept["content-type"]!,
    vary: kept.vary ?? null,
    bodyBytes: sample.body.length,
  };
  const staticServer = await startStaticServer(sample.body, kept);
  const rounds: NonNullable<TargetRow["rounds"]> = [];
  const serverCpu: number[] = [];
  const harnessCpu: number[] = [];
  const staticCpu: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      let before = processCpuMs(server.pid);
      const ownBefore = process.cpuUsage();
      const { output: _serverOutput, ...onServer } = await measureWithWrk(url, { headers, seconds, connections });
      const own = process.cpuUsage(ownBefore);
      serverCpu.push(perRequest(processCpuMs(server.pid) - before, onServer.requests));
      harnessCpu.push(perRequest((own.user + own.system) / 1000, onServer.requests));
      before = processCpuMs(staticServer.pid);
      const { output: _staticOutput, ...onStatic } = await measureWithWrk(staticServer.url, { headers, seconds, connections });
      staticCpu.push(perRequest(processCpuMs(staticServer.pid) - before, onStatic.requests));
      rounds.push({ server: onServer, static: onStatic });
    }
  } finally {
    await staticServer.stop();
  }
  const figures = (side: "server" | "static") => ({
    rps: median(rounds.map((r) => r[side].rps)),
    p50: median(rounds.map((r) => r[side].p50)),
    p99: median(rounds.map((r) => r[side].p99)),
    errors: sum(rounds.map((r) => r[side].errors)),
    non2xx: sum(rounds.map((r) => r[side].non2xx)),
  });
  row.server = { ...figures("server"), cpuUsPerRequest: median(serverCpu), harnessCpuUsPerRequest: median(harnessCpu) };
  row.static = { ...figures("static"), cpuUsPerRequest: median(staticCpu) };
  row.ratio = row.server.rps / row.static.rps;
  row.rounds = rounds;
  return row;
}

const encodingLabel = (row: TargetRow) =>
  row.served && row.served.contentEncoding !== row.encoding ? `${row.encoding} (served ${row.served.contentEncoding})` : row.encoding;

async function main() {
  if (only !== "analytics") ensureWrk();
  const buildDir = process.env.BUILD_DIR ?? "build";
  console.log(`Building into ${buildDir}…`);
  execFileSync("react-router", ["build"], { stdio: "ignore", env: { ...process.env, BUILD_DIR: buildDir } });

  const server: BenchServer = await startBenchServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: mkdtempSync(join(tmpdir(), "zuri-bench-")),
    posts: Number(process.env.BENCH_POSTS ?? 200),
  });
  let calibration: Calibration | undefined;
  const rows: TargetRow[] = [];
  let demo: Measurement | null;
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
    if (only !== "analytics") {
      calibration = await calibrate(`${server.url}/`);
      console.log(calibrationLine(calibration));
    }
    for (const target of only === "analytics" ? [] : targets) {
      for (const encoding of ["identity", "br"] as const) {
        const row = await measureTarget(server, target, encoding);
        rows.push(row);
        if (row.server && row.static && row.served) {
          console.log(
            `${target.name.padEnd(18)} ${encodingLabel(row).padEnd(8)} ${String(row.served.bodyBytes).padStart(7)} B: ` +
              `server ${row.server.rps} req/s, static ${row.static.rps} req/s (${((row.ratio ?? 0) * 100).toFixed(0)}%); ` +
              `rounds ${row.rounds!.map((r) => `${r.server.rps}/${r.static.rps}`).join(" ")}`,
          );
        }
      }
    }

    // Demo submissions come from many visitors: one address each, through the trusted proxy.
    let visitor = 0;
    demo = only === "analytics" ? null : await measure(
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
    if (demo) console.log(`POST /api/book-demo  ${demo.rps} req/s`);

    analytics = await benchAnalytics(server.url, `/blog/${slug}`, server.databaseUrl);
  } finally {
    await server.stop();
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const when = new Date().toISOString();
  const failures = [
    ...rows.filter((row) => row.status !== 200).map((row) => `${row.path} (${row.encoding}) answered ${row.status}`),
    ...rows
      .filter((row) => row.server && row.static && row.server.errors + row.server.non2xx + row.static.errors + row.static.non2xx > 0)
      .map(
        (row) =>
          `${row.path} (${row.encoding}): server ${row.server!.errors} socket errors, ${row.server!.non2xx} error statuses; ` +
          `static ${row.static!.errors} socket errors, ${row.static!.non2xx} error statuses`,
      ),
    ...(demo && demo.errors + demo.non2xx > 0 ? [`POST /api/book-demo: ${demo.errors} errors, ${demo.non2xx} statuses other than 201`] : []),
  ];
  const cell = (row: TargetRow) =>
    row.server && row.static
      ? `| ${row.target} | ${encodingLabel(row)} | ${row.served!.bodyBytes} | ${row.server.rps} | ${row.static.rps} | ${((row.ratio ?? 0) * 100).toFixed(0)}% | ${row.server.p50} / ${row.server.p99} | ${row.server.errors} / ${row.server.non2xx} |`
      : `| ${row.target} | ${row.encoding} | — | answered ${row.status} | — | — | — | — |`;
  const table = [
    `Benchmark ${when} on ${server.databaseKind}, ${machine}; wrk -t ${WRK_THREADS}, ${connections} connections × ${seconds} s a run, ` +
      `${ROUNDS} interleaved round${ROUNDS === 1 ? "" : "s"} (server, static) per target and encoding, medians; ${server.slugs.length} posts.`,
    ...(calibration ? ["", calibrationLine(calibration)] : []),
    "",
    "| target | encoding | body bytes | server req/s (median) | static req/s (median) | ratio | server p50 / p99 ms | errors / non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map(cell),
    ...(demo
      ? [`| POST /api/book-demo (autocannon) | — | — | ${demo.rps} | — | — | ${demo.p50} / ${demo.p99} | ${demo.errors} / ${demo.non2xx} |`]
      : []),
    ...(analytics ? ["", analyticsTable(analytics)] : []),
  ].join("\n");
  console.log(`\n${table}\n`);
  mkdirSync("bench/results", { recursive: true });
  const stamp = when.replace(/[:.]/g, "-");
  writeFileSync(
    `bench/results/${stamp}.json`,
    JSON.stringify(
      { when, machine, database: server.databaseKind, client: `wrk -t ${WRK_THREADS}`, seconds, connections, rounds: ROUNDS, calibration, rows, demo, analytics, failures },
      null,
      2,
    ),
  );
  writeFileSync(`bench/results/${stamp}.md`, `${table}\n`);
  console.log(`Wrote bench/results/${stamp}.json and .md`);
  if (failures.length > 0) {
    console.error(`\n✖ ${failures.length} failure${failures.length === 1 ? "" : "s"}:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

/** Page-view beacons (docs/decisions/070-first-party-analytics.md): 200 senders, as browsers send them. */
const EVENT_SENDERS = 200;
/** The steady load: each of the 200 senders sends a page view every second or so. */
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 200);
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
