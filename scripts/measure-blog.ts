/**
 * Measures the public blog with 10 and with 5,000 posts (decision 040): the same
 * production build and HTTP app, a fresh database per size, autocannon against each URL.
 *
 *   BUILD_DIR=build-x react-router build
 *   BUILD_DIR=build-x [TEST_POSTGRES_URL=postgres://…] node scripts/measure-blog.ts
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { connectDatabase } from "../server/db/connect.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { parseEnv } from "../server/env.ts";
import { createHttpApp } from "../server/http.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";
import { createTestDatabase, type DatabaseKind } from "../tests/support/databases.ts";

const SIZES = [10, 5000];
const DURATION_SECONDS = Number(process.env.MEASURE_SECONDS ?? 3);
const CONNECTIONS = 8;
const SEQUENTIAL_ROUNDS = 40;

const paragraph =
  "Zuri connects your spreadsheets, surveys and databases, then answers questions in plain language. ";

interface Instance {
  kind: DatabaseKind;
  size: number;
  base: string;
  services: ReturnType<typeof createServices>;
  close(): Promise<void>;
}

/** A fresh database with `size` published posts (realistic ~2.5 kB bodies) and the HTTP app on it. */
async function startInstance(kind: DatabaseKind, size: number): Promise<Instance> {
  const database = await createTestDatabase(kind);
  const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: database.url });
  const handle = connectDatabase(env.DATABASE_URL);
  await migrateToLatest(handle);
  const start = Date.parse("2024-01-01T00:00:00.000Z");
  for (let offset = 0; offset < size; offset += 250) {
    const rows = Array.from({ length: Math.min(250, size - offset) }, (_, i) => {
      const n = offset + i;
      const at = new Date(start + n * 3_600_000).toISOString();
      return {
        title: `Decision intelligence note ${n}`,
        slug: `decision-intelligence-note-${n}`,
        content: `<h2>Note ${n}</h2>${`<p>${paragraph.repeat(4)}</p>`.repeat(6)}`,
        excerpt: n % 2 === 0 ? `Summary of note ${n}.` : null,
        published: true,
        published_at: at,
        created_at: at,
        updated_at: at,
      };
    });
    await handle.db.insertInto("posts").values(rows).execute();
  }
  const services = createServices({ database: handle, env, logger: createLogger("silent") });
  const buildDir = resolve(process.env.BUILD_DIR ?? "build");
  const server = createHttpApp(services, {
    load: () => import(resolve(buildDir, "server/index.js")),
    devMiddleware: null,
    clientDir: resolve(buildDir, "client"),
  }).listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  return {
    kind,
    size,
    services,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await handle.close();
      await database.drop();
    },
  };
}

const targets = (size: number): [string, string, boolean][] => [
  ["/blog", "/blog", false],
  ["/blog?page=<last>", `/blog?page=${Math.ceil(size / 12)}`, false],
  ["/blog/{slug}", `/blog/decision-intelligence-note-${Math.floor(size / 2)}`, false],
  ["/api/blog", "/api/blog", false],
  ["/blog (304)", "/blog", true],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * The machine is shared, so load changes from second to second: the small and the large blog are
 * measured side by side, one request to each in turn, and then each under load with autocannon.
 */
async function compare(kind: DatabaseKind) {
  const instances = [];
  for (const size of SIZES) instances.push(await startInstance(kind, size));
  const rows: Record<string, string | number>[] = [];
  for (let t = 0; t < targets(1).length; t++) {
    const samples = new Map<Instance, number[]>();
    const requests = await Promise.all(
      instances.map(async (instance) => {
        const [label, path, conditional] = targets(instance.size)[t]!;
        const headers: Record<string, string> = {};
        if (conditional) headers["if-none-match"] = (await fetch(`${instance.base}${path}`)).headers.get("etag") ?? "";
        await (await fetch(`${instance.base}${path}`, { headers })).text(); // warm up
        return { instance, label, url: `${instance.base}${path}`, headers };
      }),
    );
    for (let round = 0; round < SEQUENTIAL_ROUNDS; round++) {
      for (const { instance, url, headers } of requests) {
        const started = performance.now();
        await (await fetch(url, { headers })).text();
        samples.set(instance, [...(samples.get(instance) ?? []), performance.now() - started]);
      }
    }
    for (const { instance, label, url, headers } of requests) {
      const sorted = samples.get(instance)!.sort((a, b) => a - b);
      const load = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
      rows.push({
        db: kind,
        posts: instance.size,
        url: label,
        "median ms": Number(percentile(sorted, 0.5).toFixed(1)),
        "p90 ms": Number(percentile(sorted, 0.9).toFixed(1)),
        "req/s (8 conn)": Math.round(load.requests.average),
        "p99 ms (8 conn)": load.latency.p99,
      });
    }
  }
  rows.push(...(await queryTimes(instances)));
  for (const instance of instances) await instance.close();
  return rows;
}

/** The only work that depends on the number of posts: the database reads behind the pages. */
async function queryTimes(instances: Instance[]) {
  const rows: Record<string, string | number>[] = [];
  for (const instance of instances) {
    const { posts } = instance.services;
    const lastOffset = Math.floor((instance.size - 1) / 12) * 12;
    const calls: [string, () => Promise<unknown>][] = [
      ["query: blogVersion", () => posts.blogVersion()],
      ["query: list page 1", () => posts.listPublished({ limit: 13 })],
      ["query: list last page", () => posts.listPublished({ limit: 13, offset: lastOffset })],
      ["query: post by slug", () => posts.findPublishedBySlug(`decision-intelligence-note-${Math.floor(instance.size / 2)}`)],
    ];
    for (const [label, call] of calls) {
      const samples: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        await call();
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      rows.push({ db: instance.kind, posts: instance.size, url: label, "median ms": Number(percentile(samples, 0.5).toFixed(2)), "p90 ms": Number(percentile(samples, 0.9).toFixed(2)) });
    }
  }
  return rows;
}

const kinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
const all: Record<string, string | number>[] = [];
for (const kind of kinds) all.push(...(await compare(kind)));
console.table(all);
