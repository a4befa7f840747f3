/**
 * `npm run load` (docs/operations.md): mixed visitor traffic (pages, API, demo submissions) at 200
 * concurrent connections for 60 s against the production server, while an admin publishes and
 * edits posts. Prints errors, p99 and the server's RSS at start, at the end and 15 s later; exits 1
 * on any error.
 *
 *   LOAD_SECONDS=60 LOAD_CONNECTIONS=200 npm run load   # DATABASE_URL=postgres://… for PostgreSQL
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.ts";

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);

const rssMiB = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

execFileSync("react-router", ["build"], { stdio: "ignore" });
const server = await startBenchServer({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: mkdtempSync(join(tmpdir(), "zuri-load-")),
  posts: 50,
});
const pid = server.pid;
let visitor = 0;
const demoBody = () => {
  visitor++;
  return {
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
    },
    body: JSON.stringify({ name: `Load Visitor ${visitor}`, email: `load${visitor}@example.com`, organization: "Load Ltd" }),
  };
};

try {
  const rssStart = rssMiB(pid);
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(rssMiB(pid)), 10_000);
  // The admin at work: a new post every second, edits in between, all published.
  let adminRunning = true;
  let adminWrites = 0;
  const adminErrors: string[] = [];
  const admin = (async () => {
    for (let i = 0; adminRunning; i++) {
      const body = { title: `Load post ${i}`, slug: `load-post-${i}`, content: `<p>Written under load ${i}</p>`, published: true };
      const created = await fetch(`${server.url}/api/cms/posts`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: server.adminCookie },
        body: JSON.stringify(body),
      });
      if (created.status !== 201) adminErrors.push(`create ${created.status}`);
      else {
        const { id, version } = (await created.json()) as { id: number; version: number };
        const edited = await fetch(`${server.url}/api/cms/posts/${id}`, {
          method: "PUT",
          headers: { "content-type": "application/json", cookie: server.adminCookie },
          body: JSON.stringify({ ...body, title: `Load post ${i} (edited)`, version }),
        });
        if (edited.status !== 200) adminErrors.push(`edit ${edited.status}`);
        adminWrites += 2;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();

  const slug = server.slugs[0]!;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      { method: "GET", path: "/" },
      { method: "GET", path: "/blog" },
      { method: "GET", path: `/blog/${slug}` },
      { method: "GET", path: "/api/blog" },
      { method: "GET", path: "/product" },
      { method: "POST", path: "/api/book-demo", setupRequest: (request) => ({ ...request, ...demoBody() }) },
    ],
  });
  adminRunning = false;
  await admin;
  clearInterval(sampler);
  const rssEnd = rssMiB(pid);
  // What stays once the traffic stops: garbage the collector has not yet given back is not a leak.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const rssIdle = rssMiB(pid);
  const errors = result.errors + result.timeouts + result.non2xx + adminErrors.length;
  console.log(
    [
      `Load ${new Date().toISOString()} on ${server.databaseKind}: ${connections} connections × ${seconds} s, mixed pages/API/demo`,
      `requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s)`,
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      `errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}, admin errors: ${adminErrors.length} (${adminWrites} admin writes)`,
      `server RSS: ${rssStart} MiB at start, ${rssEnd} MiB at end, ${rssIdle} MiB 15 s later; every 10 s: ${rssSamples.join(", ")} MiB`,
    ].join("\n"),
  );
  process.exitCode = errors === 0 ? 0 : 1;
} finally {
  await server.stop();
}
