import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases.ts";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { parseEnv } from "../../server/env.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { BLOCK, seedContent } from "../../scripts/bench-content-seed.ts";

/**
 * The benchmark's content (scripts/bench-content-seed.ts) is written straight into the tables, so it breaks
 * silently when the schema moves (it once still wrote `users.is_admin`). Seeded small on each database, it must
 * give what `npm run bench:content` compares: a block's word, series tag and author found through the services.
 */
const SIZE = BLOCK * 2 + 50;

describe.each(databaseKinds)("the bench:content seed, on %s", (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = connectDatabase(database.url);
    await migrateToLatest(handle);
    const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: database.url });
    services = createServices({ database: handle, env, logger: createLogger("silent") });
    await seedContent(handle.db, kind, SIZE);
  });
  afterAll(async () => {
    await services.stopBackgroundWork();
    await handle.close();
    await database.drop();
  });

  it("writes published posts the blog, its search and the CMS find, a block's word in that block alone", async () => {
    const block = await services.posts.searchPage({ q: "kw1z", page: 1, perPage: 12 });
    expect(block.total).toBe(BLOCK);
    const last = await services.posts.searchPage({ q: "kw2z", page: 1, perPage: 12 });
    expect(last.total).toBe(SIZE - 2 * BLOCK);
    const common = await services.postListing.listPage({ q: "supplier", status: "all", sort: "relevance", page: 1, perPage: 10 });
    expect(common.total).toBeGreaterThan(SIZE / 2);
    expect(common.posts).toHaveLength(10);
    const published = await services.postListing.listPage({ status: "published", sort: "updated-desc", page: 1, perPage: 10 });
    expect(published.total).toBe(SIZE);
  });

  it("files each post under two topics and its block's series, with the tags' kept counts, and credits an author", async () => {
    const tags = await services.tags.listAll();
    expect(tags.find((tag) => tag.slug === "series-2")).toMatchObject({ count: BLOCK, publishedCount: BLOCK });
    expect(tags.find((tag) => tag.slug === "series-3")).toMatchObject({ count: SIZE - 2 * BLOCK });
    expect(await services.authors.countPublishedBy("author-1")).toBe(SIZE);
  });
});
