/**
 * `npm run bench:content` (docs/operations.md, "Content at scale"): the blog and the CMS with 10 and with
 * 10,000 posts (tags and authors included), on SQLite and, with TEST_POSTGRES_URL, on PostgreSQL. The same
 * production build and HTTP app serve a fresh database per size; each URL is requested alternately on the
 * small and the large instance (the machine's load then weighs on both alike), and reported as the median
 * and p99 time of:
 * - **uncached**: right after a publish (the blog's content version bumped before every request, as every
 *   post write does in its transaction: decision 040), so every cache misses and the page is built;
 * - **cached**: the same request again, answered from the caches a version keeps.
 * The ratio column is the large blog's uncached median over the small one's.
 *
 * Then, on the large instance only, **stalls** (docs/decisions/023): a cached public page's p99 alone and
 * while an editor works, from a load generator on a thread of its own (the server keeps the main
 * thread): `BENCH_STALL_CONNECTIONS` connections (default 4) request /blog one after another, and in
 * the second phase an administrator's loop requests the dashboard and its search for a common word
 * (`/cms/control`, `?q=supplier`, and their later pages, which are read anew) without pause. Phases of
 * `BENCH_STALL_MS` (default 5,000) alternate, `BENCH_STALL_ROUNDS` times (default 3); the ratio is the
 * p99 with the editor over the p99 alone (target: at most 2).
 *
 * It builds first, into BUILD_DIR (default build/):
 *
 *   [BUILD_DIR=build-x] [TEST_POSTGRES_URL=postgres://…] [BENCH_POSTS=10000] [BENCH_ROUNDS=40] \
 *     [BENCH_URLS=/blog,/sitemap.xml] [BENCH_STALL_MS=5000] [BENCH_STALL_ROUNDS=3] node scripts/bench-content.ts
 *
 * BENCH_ONLY=stalls skips the per-URL table; BENCH_ONLY=urls skips the stalls. The last sitemap file is also
 * compared with the first file of the same instance (1,000 entries each: like for like).
 */
// First: React's production build, as `npm start` serves it.
import "./production-mode.ts";
import { execFileSync } from "node:child_process";
import { Worker } from "node:worker_threads";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "kysely";
import { connectDatabase } from "../server/db/connect.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { parseEnv } from "../server/env.ts";
import { createHttpApp } from "../server/http.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";
import { createBackgroundRunner } from "../server/jobs/index.ts";
import { seedContent } from "./bench-content-seed.ts";
import { createTestDatabase, type DatabaseKind } from "../tests/support/databases.ts";

const LARGE = Number(process.env.BENCH_POSTS ?? 10_000);
const SIZES = [10, LARGE];
const UNCACHED_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const CACHED_ROUNDS = UNCACHED_ROUNDS * 2;
const ONLY = process.env.BENCH_ONLY;
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 5000);
const STALL_ROUNDS = Number(process.env.BENCH_STALL_ROUNDS ?? 3);
const STALL_CONNECTIONS = Number(process.env.BENCH_STALL_CONNECTIONS ?? 4);
const ADMIN = { username: "bench-admin", password: "bench-admin-password-2025" };

interface Instance {
  kind: DatabaseKind;
  size: number;
  base: string;
  services: ReturnType<typeof createServices>;
  adminCookie: string;
  /** What a publish does to every cache: the blog's content version moves (decision 040). */
  bumpVersion(): Promise<void>;
  close(): Promise<void>;
}

async function startInstance(kind: DatabaseKind, size: number): Promise<Instance> {
  const database = await createTestDatabase(kind);
  const env = parseEnv({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: database.url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const handle = connectDatabase(env.DATABASE_URL);
  await migrateToLatest(handle);
  const services = createServices({ database: handle, env, logger: createLogger("silent") });
  await services.auth.ensureAdmin();
  // The background jobs run as in production (server/main.ts, docs/decisions/025).
  const jobs = createBackgroundRunner(services);
  jobs.start();
  const started = performance.now();
  await seedContent(handle.db, kind, size);
  // What autovacuum does to a table that has stopped changing (statistics, and the visibility map
  // index-only scans need), done now rather than whenever autovacuum comes round.
  if (kind === "postgres") await sql`vacuum analyze`.execute(handle.db);
  console.error(`${kind}: ${size} posts seeded in ${Math.round(performance.now() - started)} ms`);

  const buildDir = resolve(process.env.BUILD_DIR ?? "build");
  const server = createHttpApp(services, {
    load: () => import(resolve(buildDir, "server/index.js")),
    devMiddleware: null,
    clientDir: resolve(buildDir, "client"),
  }).listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  return {
    kind,
    size,
    base,
    services,
    adminCookie: login.headers.get("set-cookie")!.split(";")[0]!,
    async bumpVersion() {
      // Through the instance's content version, as a post write does: it forgets the version it holds
      // in memory (decision 021), so the next request reads the new one.
      await services.contentVersion.bump(handle.db, new Date().toISOString());
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await jobs.stop();
      await services.stopBackgroundWork();
      await handle.close();
      await database.drop();
    },
  };
}

/** The URLs compared, as [label, path at `size` posts, needs the admin's session]. */
const targets = (size: number): [string, string, boolean][] => {
  const large = size > 100;
  const all: [string, string, boolean][] = [
    ["/cms/control", "/cms/control", true],
    // At 10 posts the dashboard shows 10 rows, at 10,000 its 20: these rows show 10 at both sizes.
    ["/cms/control?perPage=10", "/cms/control?perPage=10", true],
    ["/cms/control?perPage=10&page=200 (page 1 at 10)", large ? "/cms/control?perPage=10&page=200" : "/cms/control?perPage=10", true],
    ["/cms/control?q=kw0z&perPage=10", "/cms/control?q=kw0z&perPage=10", true],
    ["/cms/control?q=supplier&perPage=10 (most posts)", "/cms/control?q=supplier&perPage=10", true],
    ["GET /api/cms/posts?q=kw0z&perPage=10", "/api/cms/posts?q=kw0z&perPage=10", true],
    ["/blog", "/blog", false],
    ["/blog?page=200 (page 1 at 10)", large ? "/blog?page=200" : "/blog", false],
    ["/blog?q=kw0z", "/blog?q=kw0z", false],
    ["/blog?q=supplier (most posts)", "/blog?q=supplier", false],
    ["/blog/tag/{slug}", "/blog/tag/series-1", false],
    ["/blog/author/{slug}", "/blog/author/author-1", false],
    ["/blog/{slug}", `/blog/note-${Math.floor(size / 2)}`, false],
    ["/sitemap.xml", "/sitemap.xml", false],
    // The last file of posts at 10,000 (its 1,000 posts start 9,000 posts in); the one sitemap at 10.
    ["/sitemaps/posts/{last}.xml (/sitemap.xml at 10)", large ? `/sitemaps/posts/${Math.ceil(size / 1000)}.xml` : "/sitemap.xml", false],
    ["/blog/rss.xml", "/blog/rss.xml", false],
  ];
  // BENCH_URLS=/blog,/sitemap.xml measures only the rows whose label starts with one of them.
  const only = process.env.BENCH_URLS?.split(",");
  return all.filter(([label]) => !only || only.some((prefix) => label.startsWith(prefix)));
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};
const ms = (value: number) => Number(value.toFixed(1));

async function timed(instance: Instance, path: string, admin: boolean): Promise<number> {
  const headers: Record<string, string> = admin ? { cookie: instance.adminCookie } : {};
  const started = performance.now();
  // Once more if a kept-alive connection was closed by the server meanwhile (its idle timeout).
  const response = await fetch(`${instance.base}${path}`, { headers }).catch(() => fetch(`${instance.base}${path}`, { headers }));
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} on ${instance.size} posts answered ${response.status}`);
  return elapsed;
}

/** The database reads behind the searches, where the number of posts could show: median of 100 calls each. */
async function queryTimes(instances: Instance[]) {
  // [label, call, whether the blog's content version moves before each (the CMS keeps its pages per version)]
  const calls: [string, (services: Instance["services"]) => Promise<unknown>, boolean][] = [
    ["query: blog search kw0z, page 1", (services) => services.posts.searchPage({ q: "kw0z", page: 1, perPage: 12 }), false],
    ["query: blog search supplier, page 1", (services) => services.posts.searchPage({ q: "supplier", page: 1, perPage: 12 }), false],
    ["query: CMS search kw0z, page 1", (services) => services.postListing.listPage({ q: "kw0z", status: "all", sort: "relevance", page: 1, perPage: 20 }), true],
    ["query: CMS search supplier, page 1", (services) => services.postListing.listPage({ q: "supplier", status: "all", sort: "relevance", page: 1, perPage: 20 }), true],
    ["query: CMS list, page 1", (services) => services.postListing.listPage({ status: "all", sort: "updated-desc", page: 1, perPage: 20 }), true],
  ];
  const rows: Record<string, string | number>[] = [];
  for (const [label, call, anew] of calls) {
    const medians = [];
    for (const instance of instances) {
      const samples: number[] = [];
      for (let i = 0; i < 100; i++) {
        if (anew) await instance.bumpVersion();
        const started = performance.now();
        await call(instance.services);
        samples.push(performance.now() - started);
      }
      medians.push(percentile(samples, 0.5));
    }
    rows.push({
      db: instances[0]!.kind,
      url: label,
      [`${SIZES[0]} uncached median`]: Number(medians[0]!.toFixed(2)),
      [`${SIZES[1]} uncached median`]: Number(medians[1]!.toFixed(2)),
      ratio: Number((medians[1]! / medians[0]!).toFixed(2)),
    });
  }
  return rows;
}

/**
 * The load generator of the stall measurement, on a thread of its own (the server keeps the main
 * thread, as in production): `connections` loops request `publicPath` one after another, and with
 * `editor` an administrator's loop requests the dashboard and its search for a common word, and their
 * later pages (each one new, so read from the database, not from the kept pages).
 */
const LOAD_GENERATOR = `
const { parentPort, workerData } = require("node:worker_threads");
const { base, publicPath, cookie, ms, connections, editor, firstPage } = workerData;
const editorPath = (i) => {
  const page = firstPage + Math.floor(i / 4);
  return ["/cms/control", "/cms/control?q=supplier", "/cms/control?page=" + page, "/cms/control?q=supplier&page=" + page][i % 4];
};
(async () => {
  const until = performance.now() + ms;
  const publicTimes = [];
  const editorTimes = [];
  let editorRequests = 0;
  let errors = 0;
  const loop = async (pathOf, headers, out) => {
    for (let i = 0; performance.now() < until; i++) {
      const path = pathOf(i);
      const started = performance.now();
      try {
        const response = await fetch(base + path, { headers });
        await response.arrayBuffer();
        out.push(performance.now() - started);
        if (response.status !== 200) throw new Error(path + " answered " + response.status);
      } catch (error) {
        // A kept-alive connection the server closed meanwhile: counted, not timed.
        if (++errors > 10) throw error;
      }
    }
  };
  const loops = Array.from({ length: connections }, () => loop(() => publicPath, {}, publicTimes));
  if (editor) loops.push(loop((i) => (editorRequests++, editorPath(i)), { cookie }, editorTimes));
  await Promise.all(loops);
  parentPort.postMessage({ publicTimes, editorTimes, editorRequests, errors });
})().catch((error) => { throw error; });
`;

interface LoadResult {
  publicTimes: number[];
  editorTimes: number[];
  editorRequests: number;
  errors: number;
}

function generateLoad(instance: Instance, editor: boolean, firstPage: number): Promise<LoadResult> {
  const workerData = {
    base: instance.base,
    publicPath: "/blog",
    cookie: instance.adminCookie,
    ms: STALL_MS,
    connections: STALL_CONNECTIONS,
    editor,
    firstPage,
  };
  return new Promise((done, fail) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData });
    worker.once("message", done);
    worker.once("error", fail);
  });
}

/** A cached public page's p99 alone and while an editor works, in alternating phases (docs/decisions/023). */
async function stalls(instance: Instance): Promise<Record<string, string | number>> {
  await timed(instance, "/blog", false); // cached from here on: the editor writes nothing
  const alone: number[] = [];
  const busy: number[] = [];
  const editorTimes: number[] = [];
  let firstPage = 2;
  let errors = 0;
  for (let round = 0; round < STALL_ROUNDS; round++) {
    const quiet = await generateLoad(instance, false, firstPage);
    alone.push(...quiet.publicTimes);
    const result = await generateLoad(instance, true, firstPage);
    busy.push(...result.publicTimes);
    editorTimes.push(...result.editorTimes);
    firstPage += Math.ceil(result.editorRequests / 4);
    errors += quiet.errors + result.errors;
  }
  const row = {
    db: instance.kind,
    url: `stalls: cached /blog at ${instance.size} posts, ${STALL_CONNECTIONS} connections, alone vs with an editor`,
    "alone requests": alone.length,
    "alone median": ms(percentile(alone, 0.5)),
    "alone p99": ms(percentile(alone, 0.99)),
    "with editor requests": busy.length,
    "with editor median": ms(percentile(busy, 0.5)),
    "with editor p99": ms(percentile(busy, 0.99)),
    "p99 ratio": Number((percentile(busy, 0.99) / percentile(alone, 0.99)).toFixed(2)),
    "editor requests": editorTimes.length,
    "editor median": ms(percentile(editorTimes, 0.5)),
    "editor p99": ms(percentile(editorTimes, 0.99)),
    "connection errors": errors,
  };
  console.error(`${instance.kind} stalls: p99 ${row["alone p99"]} ms alone, ${row["with editor p99"]} ms with an editor (${row["p99 ratio"]}×)`);
  return row;
}

/**
 * The last sitemap file against the first, both on the large instance: 1,000 entries each, so the
 * ratio is what the file's place costs (decision 023 reads files by key), not how many entries it
 * lists (the table's row compares the last file with the small blog's 10-entry /sitemap.xml).
 */
async function sitemapFiles(instance: Instance): Promise<Record<string, string | number>> {
  const last = `/sitemaps/posts/${Math.ceil(instance.size / 1000)}.xml`;
  const paths = ["/sitemaps/posts/1.xml", last];
  const samples = paths.map(() => [] as number[]);
  for (const path of paths) await timed(instance, path, false);
  for (let round = 0; round < UNCACHED_ROUNDS; round++) {
    for (const [i, path] of paths.entries()) {
      await instance.bumpVersion();
      samples[i]!.push(await timed(instance, path, false));
    }
  }
  const [first, final] = samples.map((values) => percentile(values, 0.5));
  return {
    db: instance.kind,
    url: `${last} vs /sitemaps/posts/1.xml at ${instance.size} posts (1,000 entries each)`,
    "first file uncached median": ms(first!),
    "last file uncached median": ms(final!),
    ratio: Number((final! / first!).toFixed(2)),
  };
}

async function compare(kind: DatabaseKind) {
  const instances: Instance[] = [];
  for (const size of SIZES) instances.push(await startInstance(kind, size));
  const rows: Record<string, string | number>[] = [];
  try {
    for (let t = 0; t < (ONLY === "stalls" ? 0 : targets(1).length); t++) {
      const label = targets(1)[t]![0];
      const samples = new Map<Instance, { uncached: number[]; cached: number[] }>();
      for (const instance of instances) {
        const [, path, admin] = targets(instance.size)[t]!;
        await timed(instance, path, admin); // warm up the code paths
        samples.set(instance, { uncached: [], cached: [] });
      }
      for (let round = 0; round < UNCACHED_ROUNDS; round++) {
        for (const instance of instances) {
          const [, path, admin] = targets(instance.size)[t]!;
          await instance.bumpVersion();
          samples.get(instance)!.uncached.push(await timed(instance, path, admin));
        }
      }
      for (let round = 0; round < CACHED_ROUNDS; round++) {
        for (const instance of instances) {
          const [, path, admin] = targets(instance.size)[t]!;
          samples.get(instance)!.cached.push(await timed(instance, path, admin));
        }
      }
      const [small, large] = instances.map((instance) => samples.get(instance)!);
      rows.push({
        db: kind,
        url: label,
        [`${SIZES[0]} uncached median`]: ms(percentile(small!.uncached, 0.5)),
        [`${SIZES[0]} uncached p99`]: ms(percentile(small!.uncached, 0.99)),
        [`${SIZES[1]} uncached median`]: ms(percentile(large!.uncached, 0.5)),
        [`${SIZES[1]} uncached p99`]: ms(percentile(large!.uncached, 0.99)),
        ratio: Number((percentile(large!.uncached, 0.5) / percentile(small!.uncached, 0.5)).toFixed(2)),
        [`${SIZES[0]} cached median`]: ms(percentile(small!.cached, 0.5)),
        [`${SIZES[1]} cached median`]: ms(percentile(large!.cached, 0.5)),
        [`${SIZES[1]} cached p99`]: ms(percentile(large!.cached, 0.99)),
      });
      console.error(`${kind} ${label}: ratio ${rows.at(-1)!.ratio}`);
    }
    if (ONLY !== "stalls") rows.push(...(await queryTimes(instances)));
    const only = process.env.BENCH_URLS?.split(",");
    if (ONLY !== "stalls" && LARGE >= 2000 && (!only || only.some((prefix) => prefix.startsWith("/sitemaps")))) {
      rows.push(await sitemapFiles(instances.at(-1)!));
    }
    if (ONLY !== "urls") rows.push(await stalls(instances.at(-1)!));
  } finally {
    for (const instance of instances) await instance.close();
  }
  return rows;
}

execFileSync("react-router", ["build"], { stdio: "ignore" });
const kinds: DatabaseKind[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
const all: Record<string, string | number>[] = [];
for (const kind of kinds) all.push(...(await compare(kind)));
console.table(all);
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/content-${new Date().toISOString().replaceAll(":", "-").slice(0, 19)}.json`;
writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
console.log(`written to ${file}`);
