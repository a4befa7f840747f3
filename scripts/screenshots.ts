/**
 * `npm run screenshots [-- out-dir]` (README.md, docs/operations.md): full-page screenshots of a production build
 * at 390, 768 and 1440 px wide, for looking at a design change before and after. It builds, starts the bench
 * server (scripts/bench-server.ts) on a fresh database with its landing page (and SCREENSHOT_POSTS of its numbered
 * posts, default none), then adds through the site's own API and forms what the pages and CMS screens list: the
 * blog of scripts/screenshot-content.ts (dated over two months, some covers uploaded, the rest generated art) signed
 * by an author with a public name, a draft, four demo requests with their page views, a webhook, an API token, an
 * invitation and a user without a CMS role.
 *
 * - Public pages: every page Lighthouse audits, blog search, a tag page, the author page (the first post's byline
 *   link) and the 404, with cookie consent already given.
 * - CMS screens: /cms/login and its Register tab signed out; /cms/unauthorized as the user without a role; every
 *   staff screen as the bench administrator, the post editor for an existing and a new post and the landing page
 *   editor included.
 *
 * Files are `{name}-{width}.png` in out-dir (default screenshots/); each line printed is a file and its page's
 * height in CSS pixels. SCREENSHOT_ONLY, a regular expression, keeps only the shots whose name matches it
 * (`SCREENSHOT_ONLY='^blog|^this-page'` for the blog pages and the 404).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { startBenchServer, type BenchServer } from "./bench-server.ts";
import { authorProfile, editorialPosts } from "./screenshot-content.ts";
import { publicPages } from "./lighthouse-audit.ts";

const outDir = process.argv[2] ?? "screenshots";
const posts = Number(process.env.SCREENSHOT_POSTS ?? 0);
const widths = [390, 768, 1440];
const only = new RegExp(process.env.SCREENSHOT_ONLY ?? "");
/** Page views from a browser that does not name itself headless, which analytics drops as a bot. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const leads = [
  ["Wanjiru Kamau", "wanjiru.kamau@example.com", "Savanna Retail", "Forecasts for 40 stores before the holiday season."],
  ["Daniel Osei", "daniel.osei@example.com", "Accra Logistics", "We want to see risk signals in our supplier data."],
  ["Priya Raman", "priya.raman@example.com", "Northwind Foods", ""],
  ["Tomás Herrera", "tomas.herrera@example.com", "Herrera & Hijos", "Can Zuri read our Excel exports directly?"],
];

/**
 * What the CMS screens list besides the bench posts and landing page, added as a browser or a client would.
 * Answers the cookie of a signed-in user without a CMS role and the ids the editors are opened on.
 */
async function seedCms({ url, adminCookie, databaseUrl }: BenchServer) {
  const send = async (method: string, path: string, body: unknown, headers: Record<string, string> = { cookie: adminCookie }) => {
    // A form or an image goes as it is; anything else as JSON.
    const raw = body instanceof URLSearchParams || body instanceof Uint8Array;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { origin: url, ...(raw || body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: raw || body === undefined ? (body as BodyInit | undefined) : JSON.stringify(body),
      redirect: "manual",
    });
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  // The receiver's name does not resolve here: the deliveries fail, so the delivery log has something to show.
  await send("POST", "/api/cms/webhooks", {
    url: "https://hooks.crm.example/zuri",
    events: ["post.published", "demo_request.created"],
    description: "CRM sync",
  });
  // Tokens are made only by the page's form.
  await send("POST", "/cms/tokens", new URLSearchParams([["intent", "create"], ["name", "Zapier"], ["scopes", "demo_requests:read"]]));
  await send("POST", "/api/cms/invitations", { email: "amara.okafor@example.com", role: "editor" });
  await send("PUT", "/api/cms/profile", { ...authorProfile, avatar: null });
  // The blog, oldest first; covers are illustrations of the product, uploaded as a writer would.
  for (const post of editorialPosts) {
    let coverImage: string | null = null;
    if (post.cover) {
      const svg = readFileSync(`app/assets/illustrations/${post.cover}-wide.svg`);
      const png = await sharp(svg, { density: 192 })
        .resize(1200, 630, { fit: "contain", background: "#eef2ff" })
        .flatten({ background: "#eef2ff" })
        .png()
        .toBuffer();
      const uploaded = await send("POST", "/api/cms/media", png, { cookie: adminCookie, "content-type": "image/png" });
      coverImage = ((await uploaded.json()) as { url: string }).url;
    }
    const { title, slug, excerpt, content, tags } = post;
    await send("POST", "/api/cms/posts", { title, slug, excerpt, content, tags, coverImage, coverImageAlt: post.coverAlt ?? null, published: true });
  }
  await send("POST", "/api/cms/posts", {
    title: "What a pricing model needs before it ships",
    slug: "pricing-model-draft",
    content: "<p>Notes for the next post.</p>",
    published: false,
    tags: ["Pricing"],
  });
  // Each lead from its own address (TEST-NET-3, RFC 5737; the bench server trusts loopback's X-Forwarded-For).
  for (const [i, [name, email, organization, message]] of leads.entries()) {
    const from = { "x-forwarded-for": `203.0.113.${10 + i}` };
    const visitId = randomBytes(16).toString("base64url");
    const referrer = i % 2 ? "https://www.linkedin.com" : null;
    for (const path of ["/", "/product", "/book-demo"]) {
      await send("POST", "/api/events", { visitId, path, landingPath: "/", referrer, device: "desktop" }, { ...from, "user-agent": BROWSER });
    }
    const lead = { name, email, phone: "", organization, message, sourcePage: "/book-demo", landingPage: "/", visitId };
    await send("POST", "/api/book-demo", lead, from);
  }
  // Registration is open by default: an ordinary account, the one /cms/unauthorized is for.
  const registered = await send("POST", "/api/register", { username: "reader-without-role", password: "reader-password-2025" }, {});
  const memberCookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  const list = async <T>(path: string) => (await (await send("GET", path, undefined)).json()) as T;
  // The editor opens the newest post: a cover, headings, a list and a quote in its body.
  const post = (await list<{ id: number; slug: string }[]>("/api/cms/posts")).find((listed) => listed.slug === newestPost.slug);
  const [landingPage] = await list<{ id: number }[]>("/api/cms/landing-pages");
  await backdate(url, databaseUrl);
  return { memberCookie, postId: post!.id, landingPageId: landingPage!.id };
}

const newestPost = editorialPosts.at(-1)!;

/**
 * The API dates a post when it is published, so the blog would show one day: each post is dated `daysAgo` in the
 * database, the blog's content version moved as a post write moves it (docs/decisions/040), and the shots wait
 * until the server, which polls that version (decision 021), answers with the oldest date.
 */
async function backdate(url: string, databaseUrl: string) {
  const database = new DatabaseSync(databaseUrl.replace(/^file:/, ""));
  database.exec("pragma busy_timeout = 5000");
  const oldest = editorialPosts[0]!;
  const dateOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const update = database.prepare("update posts set published_at = ?, first_published_at = ?, created_at = ?, updated_at = ? where slug = ?");
  for (const post of editorialPosts) {
    const at = dateOf(post.daysAgo);
    update.run(at, at, at, at, post.slug);
  }
  database.prepare("update content_versions set version = version + 1 where name = 'blog'").run();
  database.close();
  const expected = dateOf(oldest.daysAgo).slice(0, 10);
  for (let tries = 0; ; tries++) {
    const answer = (await (await fetch(`${url}/api/blog?perPage=50`)).json()) as { slug: string; publishedAt: string }[];
    if (answer.find((post) => post.slug === oldest.slug)?.publishedAt.startsWith(expected)) return;
    if (tries > 100) throw new Error("the server never served the backdated posts");
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function shoot(page: Page, name: string, width: number) {
  // A full-page shot does not scroll, so lazy images below the first screen would be blank: load them all.
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
  // The API reference is over 100,000 px tall: its shot takes longer than Playwright's default 30 s on a busy machine.
  await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true, animations: "disabled", timeout: 180_000 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`${name}-${width}.png ${height}`);
}

/**
 * CMS screens are the React app: each is shot once it has hydrated and loaded what it loads after (the network is
 * quiet). Their sticky parts (the editor's settings panel, the settings' save bar, the API reference's contents) are
 * sized and placed by the 900 px window, so a full-page shot would cut the panel at the window's height and paint
 * the bar over whatever sat at the window's foot: for the shot they sit where they are in the page's flow, whole,
 * as someone scrolling the screen sees each of them.
 */
async function shootCms(context: BrowserContext, screens: Record<string, string>, url: string, width: number) {
  const page = await context.newPage();
  for (const [name, path] of Object.entries(screens).filter(([name]) => only.test(name))) {
    await page.goto(`${url}${path}`, { waitUntil: "networkidle" });
    await page.addStyleTag({
      content: '[class*="sticky"] { position: static !important; max-height: none !important; overflow: visible !important; }',
    });
    await shoot(page, name, width);
  }
  await page.close();
}

execFileSync("react-router", ["build"], { stdio: "ignore" });
mkdirSync(outDir, { recursive: true });
const server = await startBenchServer({
  dataDir: mkdtempSync(join(tmpdir(), "zuri-shots-")),
  posts,
  env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "true" },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }).catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
try {
  const { url } = server;
  const { memberCookie, postId, landingPageId } = await seedCms(server);
  // The author page is the one the post's byline links to (docs/decisions/068: a slug of the display name).
  const postHtml = await (await fetch(`${url}/blog/${newestPost.slug}`)).text();
  const authorPath = /href="(\/blog\/author\/[^"]+)"/.exec(postHtml)?.[1] ?? "/blog/author/missing";
  const discovery = ["/blog?q=forecasting", "/blog/tag/forecasting", authorPath];
  const paths = [...publicPages(newestPost.slug, server.landingPath), ...discovery, "/this-page-does-not-exist"];
  // The CMS screens ({ file name: path }) by who looks at them.
  const signedOut = { "cms-login": "/cms/login", "cms-register": "/cms/login?tab=register" };
  const member = { "cms-unauthorized": "/cms/unauthorized" };
  const staff = {
    "cms-control": "/cms/control",
    "cms-editor-existing": `/cms/editor/${postId}`,
    "cms-editor-new": "/cms/editor",
    "cms-tags": "/cms/tags",
    "cms-users": "/cms/users",
    "cms-profile": "/cms/profile",
    "cms-demo-requests": "/cms/demo-requests",
    "cms-insights": "/cms/insights",
    "cms-settings": "/cms/settings",
    "cms-activity": "/cms/activity",
    "cms-pages": "/cms/pages",
    "cms-page-editor": `/cms/pages/${landingPageId}`,
    "cms-webhooks": "/cms/webhooks",
    "cms-tokens": "/cms/tokens",
    "cms-api": "/cms/api",
  };
  const signIn = (context: BrowserContext, cookie: string) => {
    const [name, ...value] = cookie.split("=");
    return context.addCookies([{ name: name!, value: value.join("="), url }]);
  };

  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    // Consent already given, so the banner does not cover the page (docs/product.md §4 stores it in localStorage).
    await context.addInitScript(() =>
      localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    for (const path of paths) {
      const name = path === "/" ? "home" : path.slice(1).replace(/[^a-z0-9-]+/g, "_");
      if (!only.test(name)) continue;
      await page.goto(`${url}${path}`, { waitUntil: "load" });
      // Public pages never hydrate; their script marks <html data-enhanced> when done (docs/decisions/019).
      await page.waitForFunction(() => document.documentElement.dataset.enhanced !== undefined);
      await shoot(page, name, width);
    }
    await shootCms(context, signedOut, url, width);
    await signIn(context, memberCookie);
    await shootCms(context, member, url, width);
    await signIn(context, server.adminCookie);
    await shootCms(context, staff, url, width);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
