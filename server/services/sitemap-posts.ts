import type { Db } from "../db/connect.ts";
import { toIso } from "../db/rows.ts";
import { livePosts } from "./post-core.ts";

/**
 * The posts of the sitemap's files (docs/decisions/048): published posts in id order, oldest first, so a
 * new post joins the last file and older files keep their content. Read by key, not by OFFSET
 * (docs/decisions/023-no-stalls-at-10000-posts.md): a file's posts are `id > start` in the order of the
 * index `posts_published_id` (published, id, slug, updated_at; migration 020), which also holds what
 * the file shows, so no post row is read. Where the file starts is found in the same index: the id of
 * the last post of the files before it.
 */

export interface SitemapPostEntry {
  slug: string;
  updatedAt: string;
}

export function createSitemapPosts({ db }: { db: Db }) {
  const published = () => livePosts(db);

  return {
    /**
     * The id after which the posts of the file that starts at post `position` (from 0) begin: 0 for the
     * first file, null past the last post. Index entries are stepped over, no row is read.
     */
    async startAfter(position: number): Promise<number | null> {
      if (position === 0) return 0;
      const row = await published().select("id").orderBy("id").limit(1).offset(position - 1).executeTakeFirst();
      return row === undefined ? null : Number(row.id);
    },

    /** At most `limit` published posts with an id above `after`, in id order. */
    async entriesAfter(after: number, limit: number): Promise<SitemapPostEntry[]> {
      const rows = await published().select(["slug", "updated_at"]).where("id", ">", after).orderBy("id").limit(limit).execute();
      return rows.map((row) => ({ slug: row.slug, updatedAt: toIso(row.updated_at) }));
    },
  };
}
