import type { Db } from "../db/connect.ts";
import { isLandingPagePath, landingPagePath, landingSlugOf } from "../../shared/landing-pages.ts";

/**
 * The titles of the landing pages at these addresses (`/l/{slug}`), whatever their status, for the demo inbox's
 * "Sent from" and the insights of each page (docs/decisions/038). A page deleted since keeps its address as its label.
 */
export async function landingPageTitles(db: Db, paths: readonly string[]): Promise<Map<string, string>> {
  const slugs = [...new Set(paths.filter(isLandingPagePath).map(landingSlugOf))];
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom("landing_pages").select(["slug", "title"]).where("slug", "in", slugs).execute();
  return new Map(rows.map((row) => [landingPagePath(row.slug), row.title]));
}
