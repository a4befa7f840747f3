/**
 * The content `npm run bench:content` (scripts/bench-content.ts, docs/operations.md "Content at scale") measures
 * against: published posts with tags and authors, written straight into the tables and the search index as the
 * post service writes them. tests/integration/bench-content-seed.test.ts seeds a small blog with it on each
 * database, so a schema change that breaks it fails the suite rather than the next benchmark.
 */
import type { Kysely } from "kysely";
import type { Database } from "../server/db/schema.ts";
import type { DatabaseKind } from "../server/db/portable-types.ts";
import { createSearchService } from "../server/services/search.ts";
import { createTagService } from "../server/services/tags.ts";

const TAGS = 40;
export const BLOCK = 200;
const POSTS_PER_AUTHOR = 500;
const AUTHORS = 20;
const words = ["forecasting", "inventory", "churn", "pricing", "supplier", "cohort", "margin", "staffing"];
/**
 * The posts come in blocks of 200 (post n in block ⌊n/200⌋): each block has its own word (`kw{block}z`; no
 * word starts with another, as search matches prefixes) and its own "Series" tag, and every 500 posts have
 * one author. So the first block's search, tag page and author page list all 10 posts of the small blog and
 * 200 (or 500) of the large one: the pages compared show 10 and 12 posts alike, and differ only in the
 * data behind them. Common words are in most posts: a search for one is reported apart (its cost grows
 * with its matches).
 */
const paragraph = (n: number, post: number) =>
  `Teams that act on data weekly see problems while they are still small. Note ${post} looks at ` +
  `${words[n % words.length]} and ${words[(n * 3 + 1) % words.length]} in kw${Math.floor(post / BLOCK)}z, the data behind each ` +
  `answer, and how Zuri turns it into a recommendation a manager can act on the same day. `;

type Db = Kysely<Database>;

/** `size` published posts with ~2.5 kB of text, 2 of 40 topics and a series tag each, 500 by each author, indexed. */
export async function seedContent(db: Db, kind: DatabaseKind, size: number) {
  const search = createSearchService({ db, kind });
  const now = new Date().toISOString();
  const users = Array.from({ length: AUTHORS }, (_, i) => ({
    username: `author${i + 1}`,
    username_key: `author${i + 1}`,
    password_hash: "not-a-real-hash",
    role: "author" as const,
    // A real display name and its slug (docs/decisions/068), as an author who has set up a profile has.
    display_name: `Author ${i + 1}`,
    author_slug: `author-${i + 1}`,
    created_at: now,
    updated_at: now,
  }));
  const authorIds = (await db.insertInto("users").values(users).returning("id").execute()).map((row) => Number(row.id));
  const topics = Array.from({ length: TAGS }, (_, i) => ({ name: `Topic ${i + 1}`, slug: `topic-${i + 1}`, created_at: now }));
  const series = Array.from({ length: Math.ceil(size / BLOCK) }, (_, i) => ({ name: `Series ${i + 1}`, slug: `series-${i + 1}`, created_at: now }));
  const tagIds = (await db.insertInto("tags").values([...topics, ...series]).returning("id").execute()).map((row) => Number(row.id));

  const start = Date.parse("2024-01-01T00:00:00.000Z");
  for (let offset = 0; offset < size; offset += 250) {
    const rows = Array.from({ length: Math.min(250, size - offset) }, (_, i) => {
      const n = offset + i;
      const at = new Date(start + n * 3_600_000).toISOString();
      return {
        title: `${words[n % words.length]![0]!.toUpperCase()}${words[n % words.length]!.slice(1)} note ${n}`,
        slug: `note-${n}`,
        content: `<h2>Note ${n}</h2>${Array.from({ length: 6 }, (_, p) => `<p>${paragraph(n + p, n).repeat(3)}</p>`).join("")}`,
        excerpt: `What note ${n} says about ${words[(n + 2) % words.length]}.`,
        author_id: authorIds[Math.floor(n / POSTS_PER_AUTHOR) % AUTHORS]!,
        published: true,
        published_at: at,
        first_published_at: at,
        created_at: at,
        updated_at: at,
      };
    });
    await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto("posts").values(rows).returning(["id", "title", "excerpt", "content"]).execute();
      const links = inserted.flatMap((post, i) => {
        const n = offset + i;
        const picks = new Set([n % TAGS, (n * 7 + 3) % TAGS, TAGS + Math.floor(n / BLOCK)]);
        return [...picks].map((pick) => ({ post_id: Number(post.id), tag_id: tagIds[pick]! }));
      });
      await trx.insertInto("post_tags").values(links).execute();
      for (const post of inserted) await search.indexPost(trx, { ...post, id: Number(post.id) });
    });
  }
  // What every post save does for its tags (migration 011).
  await createTagService({ db }).refreshCounts(db, tagIds);
}

