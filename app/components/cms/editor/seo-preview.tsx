import { postDescription, postPageTitle, postPath } from "../../../lib/blog.ts";
import { useSiteDetails } from "../../../lib/site-details.ts";
import { Disclosure } from "./disclosure.tsx";
import type { PostFormFields } from "./post-form.ts";

/**
 * Search engines cut a result's title at about 600 px and its description at about 920 px (two lines);
 * in characters, roughly 60 and 160 (docs/product.md §9's suggested meta lengths). Social cards show about two
 * lines of description.
 */
const SEARCH_TITLE_CUT = 60;
const SEARCH_DESCRIPTION_CUT = 160;
const SOCIAL_DESCRIPTION_CUT = 110;

/** At most `max` characters, cut at a space when there is one, with an ellipsis when anything was cut. */
export function cutForPreview(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join("");
  const head = characters.slice(0, max).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The canonical URL being typed may not be a URL yet: the post's own address until it is. */
function addressOf(url: string, fallback: string): URL {
  try {
    return new URL(url);
  } catch {
    return new URL(fallback);
  }
}

/** A path segment as people read it: "…" rather than "%E2%80%A6" (a segment that is not valid encoding stays as it is). */
export function readableSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * How the post will look as a search result and as a social card, from the fields as they are being
 * typed: the same title and description the post page sends (app/lib/blog.ts `postPageTitle`,
 * `postDescription`), its address under SITE_URL (or its canonical URL) and its cover image (or the
 * site's sharing image, which the page then sends).
 */
export function SeoPreview({ fields, siteUrl }: { fields: PostFormFields; siteUrl: string }) {
  const defaultImage = useSiteDetails().ogImage;
  const title = postPageTitle({ title: fields.title.trim() || "Untitled post", metaTitle: orNull(fields.metaTitle) });
  const description = postDescription({
    metaDescription: orNull(fields.metaDescription),
    excerpt: orNull(fields.excerpt),
    content: fields.content,
  });
  const own = `${siteUrl}${postPath(fields.slug.trim() || "…")}`;
  const address = addressOf(orNull(fields.canonicalUrl) ?? own, own);
  const crumbs = [address.host, ...address.pathname.split("/").filter(Boolean).map(readableSegment)];
  const cover = orNull(fields.coverImage) ?? defaultImage;

  return (
    <section aria-labelledby="seo-preview-heading" data-testid="seo-preview">
      {/* Open to start with; closing it shortens the settings panel (docs/decisions/061, "The editor's layout"). */}
      <Disclosure open summary={<h3 id="seo-preview-heading" className="text-sm font-semibold text-foreground">Previews</h3>}>
      <div className="grid gap-4">

      <figure className="grid gap-1.5">
        <figcaption className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Search result</figcaption>
        <div className="min-w-0 rounded-xl border border-border bg-white p-4 wrap-anywhere" data-testid="search-preview">
          <p className="truncate text-xs text-slate-600">{crumbs.join(" › ")}</p>
          <p className="mt-1 text-lg leading-snug text-[#1a0dab]" data-testid="search-preview-title">
            {cutForPreview(title, SEARCH_TITLE_CUT)}
          </p>
          <p className="mt-1 text-sm leading-relaxed text-slate-700" data-testid="search-preview-description">
            {description ? cutForPreview(description, SEARCH_DESCRIPTION_CUT) : "Add a meta description or an excerpt."}
          </p>
        </div>
      </figure>

      <figure className="grid gap-1.5">
        <figcaption className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Social card</figcaption>
        <div className="overflow-hidden rounded-xl border border-border bg-white" data-testid="social-preview">
          <div className="relative aspect-[1200/630] bg-subtle">
            <img src={cover} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" />
          </div>
          <div className="grid min-w-0 gap-1 border-t border-border p-3 wrap-anywhere">
            <p className="text-xs text-slate-600 uppercase">{address.host}</p>
            <p className="leading-snug font-semibold text-foreground" data-testid="social-preview-title">
              {cutForPreview(title, SEARCH_TITLE_CUT + 10)}
            </p>
            <p className="text-sm text-slate-700">{cutForPreview(description, SOCIAL_DESCRIPTION_CUT)}</p>
          </div>
        </div>
      </figure>
      </div>
      </Disclosure>
    </section>
  );
}
