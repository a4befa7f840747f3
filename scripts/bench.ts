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

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Measurement {
  rps: number;
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
  return {
    rps: Math.round(result.requests.average),
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
    for (const target of targets) {
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
    const demo = await measure(
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
    rows.push({ target: "POST /api/book-demo", server: demo });
    console.log(`POST /api/book-demo  ${demo.rps} req/s`);
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
  ].join("\n");
  console.log(`\n${table}\n`);
  mkdirSync("bench/results", { recursive: true });
  const stamp = when.replace(/[:.]/g, "-");
  writeFileSync(`bench/results/${stamp}.json`, JSON.stringify({ when, machine, database: server.databaseKind, seconds, connections, rows }, null, 2));
  writeFileSync(`bench/results/${stamp}.md`, `${table}\n`);
  console.log(`Wrote bench/results/${stamp}.json and .md`);
}

await main();
