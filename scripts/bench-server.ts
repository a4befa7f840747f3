import sharp from "sharp";
import { createTestDatabase, type TestDatabase } from "../tests/support/databases.ts";
import { spawnServer } from "../tests/support/server-process.ts";
import { allBlocksPage } from "../tests/support/landing-pages.ts";

/**
 * The production server on a fresh database seeded through its own API with realistic content,
 * for the measurement commands (bench, lighthouse, load).
 */
export interface BenchServer {
  url: string;
  pid: number;
  databaseKind: "sqlite" | "postgres";
  /** The server's database, for a measurement to read what was stored. */
  databaseUrl: string;
  slugs: string[];
  /** A published landing page with every block type (docs/decisions/038). */
  landingPath: string;
  /** A Cookie header value of a logged-in admin. */
  adminCookie: string;
  hashedAsset(): Promise<string>;
  stop(): Promise<void>;
}

const admin = { username: "bench-admin", password: "bench-admin-password-2025" };

const topics = [
  "Forecasting demand before the quarter starts",
  "What natural-language queries change for finance teams",
  "Smart joins: one view of surveys, transactions and spreadsheets",
  "Reading a risk signal before it becomes a stockout",
  "Scoring models that operations leaders trust",
  "From CSV upload to a live dashboard in minutes",
];

const tagNames = ["Forecasting", "Natural-language queries", "Data integration", "Risk", "Operations"];

function postBody(i: number, cover: string) {
  const topic = topics[i % topics.length]!;
  const paragraphs = Array.from(
    { length: 6 },
    (_, p) =>
      `<p>Teams that act on data weekly rather than quarterly see problems while they are still small. ` +
      `Section ${p + 1} of post ${i} walks through the questions an operations lead asks, the data behind each ` +
      `answer, and how <strong>Zuri</strong> turns it into a recommendation.</p>`,
  ).join("");
  return {
    title: `${topic} (${i + 1})`,
    slug: `bench-post-${i + 1}`,
    excerpt: `${topic}: a practical guide for operations, finance and commercial leaders.`,
    content: `<h2>Why it matters</h2>${paragraphs}<img src="${cover}" alt="Dashboard"><h2>Next steps</h2><ul><li><p>Upload a spreadsheet</p></li><li><p>Ask a question</p></li></ul>`,
    coverImage: cover,
    coverImageAlt: "Dashboard",
    metaTitle: topic.slice(0, 60),
    metaDescription: `${topic}. How decision intelligence helps teams act sooner, with examples.`,
    keywords: "decision intelligence, forecasting, analytics",
    canonicalUrl: null,
    published: true,
    tags: [tagNames[i % tagNames.length]!, tagNames[(i + 2) % tagNames.length]!],
  };
}

export async function startBenchServer(options: {
  databaseUrl?: string;
  dataDir: string;
  posts: number;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  let database: TestDatabase | null = null;
  let databaseUrl = `file:${options.dataDir}/zuri.db`;
  if (options.databaseUrl?.startsWith("postgres")) {
    process.env.TEST_POSTGRES_URL = options.databaseUrl;
    database = await createTestDatabase("postgres");
    databaseUrl = database.url;
  }
  const server = await spawnServer({
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: "loopback",
    ...options.env,
  });
  // Drop the access log (a line a request) unread: spawnServer would keep every line in memory for the life of the
  // server (over a million in a full bench run) and split them in this process while the server is measured.
  server.child.stdout.removeAllListeners("data").resume();
  const url = server.url;

  const login = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`bench admin login failed: ${login.status}`);
  const adminCookie = login.headers.get("set-cookie")!.split(";")[0]!;

  const covers: string[] = [];
  for (let i = 0; i < 4; i++) {
    const png = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: { r: 40 + i * 40, g: 60, b: 160 } },
    })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${url}/api/cms/media`, {
      method: "POST",
      headers: { "content-type": "image/png", cookie: adminCookie },
      body: png,
    });
    if (uploaded.status !== 201) throw new Error(`bench image upload failed: ${uploaded.status}`);
    covers.push(`${url}${((await uploaded.json()) as { url: string }).url}`);
  }

  const slugs: string[] = [];
  for (let i = 0; i < options.posts; i++) {
    const body = postBody(i, covers[i % covers.length]!);
    const created = await fetch(`${url}/api/cms/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie },
      body: JSON.stringify(body),
    });
    if (created.status !== 201) throw new Error(`bench post ${i} failed: ${created.status} ${await created.text()}`);
    slugs.push(body.slug);
  }

  const landing = allBlocksPage("retail-forecasting");
  const createdPage = await fetch(`${url}/api/cms/landing-pages`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: adminCookie },
    body: JSON.stringify(landing),
  });
  if (createdPage.status !== 201) throw new Error(`bench landing page failed: ${createdPage.status} ${await createdPage.text()}`);
  const { id: pageId } = (await createdPage.json()) as { id: number };
  const publishedPage = await fetch(`${url}/api/cms/landing-pages/${pageId}/publish`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: adminCookie },
    body: "{}",
  });
  if (publishedPage.status !== 200) throw new Error(`bench landing page publish failed: ${publishedPage.status} ${await publishedPage.text()}`);

  return {
    databaseUrl,
    url,
    landingPath: `/l/${landing.slug}`,
    pid: server.child.pid!,
    databaseKind: database ? "postgres" : "sqlite",
    slugs,
    adminCookie,
    async hashedAsset() {
      const html = await (await fetch(`${url}/`)).text();
      const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
      if (!asset) throw new Error("no hashed asset found on /");
      return asset;
    },
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
      await database?.drop();
    },
  };
}
