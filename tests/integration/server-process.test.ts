import { request } from "node:http";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { runToExit, spawnServer } from "../support/server-process.ts";

const lead = { name: "Grace Hopper", email: "grace@example.com", organization: "Navy Labs" };
const created: TestDatabase[] = [];
afterAll(async () => {
  for (const database of created) await database.drop();
});
async function freshDatabase(kind: "sqlite" | "postgres") {
  const database = await createTestDatabase(kind);
  created.push(database);
  return database;
}

describe("the server process", () => {
  it("refuses an invalid setting with a message naming the variable, and exits non-zero", async () => {
    const result = await runToExit({ PORT: "eighty", DATABASE_URL: "mysql://nope" });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PORT="eighty"');
    expect(result.output).toContain("DATABASE_URL=");
    expect(result.output).toContain("must be file:<path> or postgres://");
  });

  it("exits non-zero with a clear error when the database cannot be reached at start", async () => {
    const result = await runToExit({ DATABASE_URL: "postgres://zuri:secret@127.0.0.1:1/zuri" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("Cannot use the database at postgres://zuri:***@127.0.0.1:1/zuri");
    expect(result.output).not.toContain("secret");
  });

  it("on SIGTERM stops accepting, finishes the request in flight, and exits 0", async () => {
    const database = await freshDatabase("sqlite");
    const server = await spawnServer({ DATABASE_URL: database.url });
    const body = JSON.stringify(lead);
    // Send the headers and half the body, so the request is in flight when SIGTERM arrives.
    const inFlight = request(`${server.url}/api/book-demo`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      inFlight.on("error", reject);
    });
    inFlight.write(body.slice(0, 10));
    await new Promise<void>((resolve) => inFlight.once("socket", (socket) => socket.once("connect", resolve)));
    const shuttingDown = new Promise<void>((resolve) => {
      server.child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("shutting down") && resolve());
    });
    server.child.kill("SIGTERM");
    await shuttingDown;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    inFlight.end(body.slice(10));
    expect(await answered).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe.each(databaseKinds)("durability on %s", (kind) => {
  it("keeps every post save and demo request acknowledged before a kill -9", async () => {
    const database = await freshDatabase(kind);
    const admin = { username: "crash-admin", password: "crash-test-password" };
    // Behind a trusted proxy every lead comes from its own visitor address, as real leads do,
    // so the per-IP demo rate limit does not cap the burst.
    const server = await spawnServer({
      DATABASE_URL: database.url,
      TRUST_PROXY: "true",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    });
    const origin = { origin: server.url, "content-type": "application/json" };
    const login = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;

    // Kill at a random moment once some writes of both kinds are acknowledged.
    const killAfter = 30 + Math.floor(Math.random() * 80);
    let acknowledgedCount = 0;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    const acknowledge = () => ++acknowledgedCount === killAfter && reachedKillPoint();
    /** The request, or null once the server is gone. */
    const send = (path: string, init: RequestInit) => fetch(`${server.url}${path}`, init).catch(() => null);

    const leads: string[] = [];
    const leadWriter = (async () => {
      for (let i = 0; ; i++) {
        const response = await send("/api/book-demo", {
          method: "POST",
          headers: { ...origin, "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ ...lead, name: `Lead ${i}`, message: `write ${i}` }),
        });
        if (!response) return;
        expect(response.status).toBe(201);
        leads.push(`Lead ${i}`);
        acknowledge();
      }
    })();

    // Each post is created, then edited; per slug, the content of the last acknowledged save, and
    // the content of a save still in flight when the server died (which may or may not have landed).
    const posts = new Map<string, { acknowledged: string; inFlight?: string }>();
    const postWriter = (async () => {
      const headers = { ...origin, cookie };
      for (let i = 0; ; i++) {
        const post = { title: `Post ${i}`, slug: `crash-post-${i}`, content: `<p>post ${i} draft</p>`, published: false };
        const created = await send("/api/cms/posts", { method: "POST", headers, body: JSON.stringify(post) });
        if (!created) return;
        expect(created.status).toBe(201);
        const { id, version } = (await created.json()) as { id: number; version: number };
        const saved = { acknowledged: post.content, inFlight: undefined as string | undefined };
        posts.set(post.slug, saved);
        acknowledge();

        const edit = { ...post, content: `<p>post ${i} <strong>published</strong></p>`, published: true, version };
        saved.inFlight = edit.content;
        const updated = await send(`/api/cms/posts/${id}`, { method: "PUT", headers, body: JSON.stringify(edit) });
        if (!updated) return;
        expect(updated.status).toBe(200);
        saved.acknowledged = edit.content;
        saved.inFlight = undefined;
        acknowledge();
      }
    })();

    await Promise.race([killPoint, Promise.all([leadWriter, postWriter])]);
    expect(acknowledgedCount).toBeGreaterThanOrEqual(killAfter);
    server.child.kill("SIGKILL");
    await Promise.all([leadWriter, postWriter]);
    await server.exited;
    expect(leads.length).toBeGreaterThan(0);
    expect(posts.size).toBeGreaterThan(0);

    const restarted = await spawnServer({ DATABASE_URL: database.url });
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    restarted.child.kill("SIGTERM");
    await restarted.exited;

    const handle = connectDatabase(database.url);
    try {
      const rows = await handle.db.selectFrom("demo_requests").select(["name", "message", "email"]).execute();
      const byName = new Map(rows.map((row) => [row.name, row]));
      for (const name of leads) {
        expect(byName.get(name), `acknowledged lead ${name}`).toEqual({
          name,
          message: `write ${name.slice("Lead ".length)}`,
          email: lead.email,
        });
      }

      const stored = await handle.db.selectFrom("posts").select(["slug", "content", "published"]).execute();
      const bySlug = new Map(stored.map((row) => [row.slug, row]));
      for (const [slug, saved] of posts) {
        const row = bySlug.get(slug);
        expect(row, `acknowledged post ${slug}`).toBeDefined();
        expect([saved.acknowledged, saved.inFlight]).toContain(row!.content);
        expect(Boolean(row!.published)).toBe(row!.content.includes("published"));
      }

      if (kind === "sqlite") {
        const { rows: check } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
        expect(check).toEqual([{ integrity_check: "ok" }]);
      }
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(databaseKinds.includes("postgres"))("two instances starting together on one empty PostgreSQL", () => {
  it("both come up: migrations run once, under the advisory lock", async () => {
    const database = await freshDatabase("postgres");
    const [a, b] = await Promise.all([
      spawnServer({ DATABASE_URL: database.url }),
      spawnServer({ DATABASE_URL: database.url }),
    ]);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
    const migratedBy = [a, b].filter((s) => s.output.some((line) => line.includes("database migrated")));
    expect(migratedBy).toHaveLength(1);
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    expect(await a.exited).toEqual({ code: 0, signal: null });
    expect(await b.exited).toEqual({ code: 0, signal: null });
  });
});
