import { data } from "react-router";
import type { Route } from "./+types/cover";
import { COVER_ART_FILE } from "../../../shared/cover-art.ts";
import { labelOfSlug, renderCoverArt } from "../../../shared/cover-art-drawing.ts";

/**
 * /blog/cover/{seed}[-{tag}].svg: a post's generated cover (docs/decisions/059-generated-cover-art.md). The image
 * is a pure function of its address (no database read), so it is cached for a year as immutable; a new title
 * makes a new address (shared/cover-art.ts). An SVG opened on its own is a document: this policy, enforced with
 * the site's own (docs/decisions/003), lets it run nothing and load nothing; the site's `nosniff` keeps it an image.
 */
export function loader({ params }: Route.LoaderArgs) {
  const match = COVER_ART_FILE.exec(params.file);
  if (!match) throw data(null, { status: 404 });
  const [, seed, tag] = match;
  return new Response(renderCoverArt(Number.parseInt(seed!, 36), tag ? labelOfSlug(tag) : null), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
