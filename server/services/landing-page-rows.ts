import type { Selectable } from "kysely";
import type { LandingPageInput, PublicLandingPage } from "../../shared/landing-pages.ts";
import type { LandingPagesTable } from "../db/schema.ts";
import { toBoolean, toIso, toIsoOrNull } from "../db/rows.ts";

/** A landing page's row (migration 024), and what the services read of it (docs/decisions/037). */
export type PageRow = Selectable<LandingPagesTable>;

/** A page's editable fields as a row stores them. */
export const inputOfRow = (row: Pick<PageRow, "title" | "slug" | "blocks" | "meta_title" | "meta_description" | "og_image" | "noindex">): LandingPageInput => ({
  title: row.title,
  slug: row.slug,
  blocks: JSON.parse(row.blocks) as LandingPageInput["blocks"],
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  ogImage: row.og_image,
  noindex: toBoolean(row.noindex),
});

/** The columns of what visitors see of a page. */
export const publicColumns = [
  "landing_pages.id",
  "landing_pages.title",
  "landing_pages.slug",
  "landing_pages.blocks",
  "landing_pages.meta_title",
  "landing_pages.meta_description",
  "landing_pages.og_image",
  "landing_pages.noindex",
  "landing_pages.published_at",
  "landing_pages.updated_at",
] as const;

type PublicRow = Pick<PageRow, "id" | "title" | "slug" | "blocks" | "meta_title" | "meta_description" | "og_image" | "noindex" | "published_at" | "updated_at">;

/** What visitors see of a page: the public page at /l/{slug}, and a review link. */
export function toPublicLandingPage(row: PublicRow): PublicLandingPage {
  return {
    ...inputOfRow(row),
    id: Number(row.id),
    publishedAt: toIsoOrNull(row.published_at),
    updatedAt: toIso(row.updated_at),
  };
}
