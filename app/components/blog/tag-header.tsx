import { Link } from "react-router";
import { ArrowLeft, Rss } from "lucide-react";
import type { TagImage } from "../../../server/services/tags.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { postCount, tagFeedPath } from "../../lib/blog-discovery.ts";
import { Button } from "../ui/button.tsx";
import { BlogSearchForm } from "./blog-search-form.tsx";
import { PostTags, type TagLink } from "./post-tags.tsx";

/**
 * A tag page's opening band (docs/decisions/043), in the blog header's look: the way back to all
 * posts, the tag's name as the heading, its description, its feed, and beside it the tag's image when
 * it has one (docs/decisions/035), the blog's search and the other most used topics. Below `lg` the search and topics
 * are a slim strip under the heading, the topics wrapped onto lines; the reading and tabbing order is the same at
 * every width.
 */
export function TagHeader({
  tag,
  description,
  image = null,
  otherTopics,
}: {
  tag: TagLink & { count: number };
  /** The tag's own description, or the page's sentence about it. */
  description: string;
  image?: TagImage | null;
  otherTopics: TagLink[];
}) {
  return (
    <section
      aria-labelledby="tag-title"
      className="relative isolate overflow-hidden border-b border-border bg-linear-to-b from-brand-50/80 via-white to-white"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 left-1/4 -z-10 h-96 w-3xl rounded-full bg-brand-200/40 blur-3xl" />
      <div className="container-page grid grid-cols-1 items-center gap-6 py-8 sm:gap-8 sm:py-12 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-16 xl:py-16">
        <div>
          <div>
            <Button asChild variant="ghost" size="sm" className="-ml-3">
              <Link to="/blog">
                <ArrowLeft aria-hidden="true" />
                All posts
              </Link>
            </Button>
          </div>
          <p className="mt-4 inline-flex sm:mt-6 items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-primary-strong sm:text-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            Topic · {postCount(tag.count)}
          </p>
          <h1
            id="tag-title"
            className="mt-4 text-4xl font-bold sm:mt-5 tracking-tight text-balance break-words text-foreground sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]"
          >
            {tag.name}
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-7 text-pretty text-muted-foreground sm:mt-5 sm:text-xl sm:leading-8">{description}</p>
          <div className="mt-6 flex sm:mt-8 flex-wrap items-center gap-x-6 gap-y-3">
            <Button asChild variant="outline">
              <a href={tagFeedPath(tag.slug)}>
                <Rss aria-hidden="true" className="text-primary-strong" />
                Subscribe to {tag.name} via RSS
              </a>
            </Button>
          </div>
        </div>

        <div className="grid min-w-0 grid-cols-1 gap-6">
          {image && <TagHeaderImage image={image} />}
          <div className="border-t border-border pt-6 lg:rounded-2xl lg:border lg:bg-white/90 lg:p-6 lg:shadow-card">
            <BlogSearchForm id="tag-blog-search" className="max-w-none" />
            {otherTopics.length > 0 && (
              <div className="mt-5 lg:mt-6 lg:border-t lg:border-border lg:pt-5">
                <h2 id="other-topics-title" className="text-sm font-semibold tracking-wide text-primary-strong uppercase">
                  More topics
                </h2>
                {/* Wrapped onto lines at every width, as the blog index's topics are: none cut off at the edge. */}
                <PostTags tags={otherTopics} label="More topics" className="mt-3" />
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The tag's image above the search card, as a post's cover is served (docs/decisions/047): the upload's
 * width variants for the column it fills, a 16:9 box reserved before it loads (no layout shift), and
 * loaded first, as it is in the first screen.
 */
function TagHeaderImage({ image }: { image: TagImage }) {
  return (
    <img
      src={image.src}
      // The column: about 490 px in the 80rem container, 38% of the viewport from lg, else the page's width.
      {...responsiveMedia(image.src, { sizes: "(min-width: 80rem) 490px, (min-width: 64rem) 38vw, 100vw" })}
      alt={image.alt}
      width={1200}
      height={675}
      fetchPriority="high"
      className="aspect-video w-full rounded-2xl border border-border bg-muted object-cover shadow-card"
    />
  );
}
