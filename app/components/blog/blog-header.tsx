import { Link } from "react-router";
import { ArrowRight, Database, Hash, MessagesSquare, Rss, Sparkles, TrendingUp } from "lucide-react";
import { siteConfig } from "../../../shared/site-config.ts";
import { RSS_PATH } from "../../lib/blog.ts";
import { postCount, tagPath } from "../../lib/blog-discovery.ts";
import { Button } from "../ui/button.tsx";
import { BlogSearchForm } from "./blog-search-form.tsx";
import { PostTags } from "./post-tags.tsx";

/** A tag the header offers: one with published posts (`tags.listPublic`, docs/decisions/043). */
export interface BlogTopic {
  slug: string;
  name: string;
  description: string | null;
  count: number;
}

/** What the blog writes about before any post has tags: the capabilities of docs/product.md §1, as reading topics. */
const productTopics = [
  { icon: TrendingUp, title: "Forecasting", description: "Seeing demand, risk and revenue before they arrive." },
  { icon: Sparkles, title: "Automated insights", description: "Letting the data say what changed, and why." },
  { icon: MessagesSquare, title: "Plain-English questions", description: "Asking your data what you would ask an analyst." },
  { icon: Database, title: "Connected data", description: "Spreadsheets, surveys and databases in one place." },
] as const;

/**
 * The blog's opening band: the heading of docs/product.md §2 ('Zuri Intelligence Blog'), the search form
 * (`query` is the search shown), the feed link, and what the blog covers: its most used tags as
 * links when posts have tags, else the product's topics (docs/decisions/043).
 */
export function BlogHeader({
  topics = [],
  query = "",
  compact = null,
}: {
  topics?: BlogTopic[];
  query?: string;
  /** A later page or a search: a slim band (the heading, where the reader is, the search) so posts start high. */
  compact?: { context: string } | null;
}) {
  if (compact) return <CompactBlogHeader query={query} context={compact.context} />;
  return (
    <section
      aria-labelledby="blog-title"
      className="relative isolate overflow-hidden border-b border-border bg-linear-to-b from-brand-50/80 via-white to-white"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 left-1/4 -z-10 h-96 w-3xl rounded-full bg-brand-200/40 blur-3xl" />
      <div className="container-page grid items-center gap-12 py-10 sm:py-16 xl:py-20 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-primary-strong sm:text-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            Insights and practical guides
          </p>
          <h1
            id="blog-title"
            className="mt-5 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]"
          >
            {siteConfig.blogName}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-pretty text-muted-foreground sm:mt-6 sm:text-xl">
            Practical ideas for turning everyday business data into confident decisions, from the team behind{" "}
            {siteConfig.productName}.
          </p>
          <BlogSearchForm defaultValue={query} className="mt-6 sm:mt-8" />
          {topics.length > 0 && (
            // The side panel below is for large screens; smaller ones get the topics as chips.
            <div className="mt-6 lg:hidden">
              <p className="text-sm font-medium text-muted-foreground">Popular topics</p>
              <PostTags tags={topics} label="Popular topics" className="mt-2" />
            </div>
          )}
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 sm:mt-8">
            <Button asChild variant="outline">
              <a href={RSS_PATH}>
                <Rss aria-hidden="true" className="text-primary-strong" />
                Subscribe via RSS
              </a>
            </Button>
            <p className="text-sm text-muted-foreground max-sm:hidden">New posts in your feed reader, no sign-up.</p>
          </div>
        </div>

        {topics.length > 0 ? (
          <TopicLinks topics={topics} />
        ) : (
          <div className="hidden rounded-2xl border border-border bg-white/90 p-6 shadow-card lg:block">
            <h2 className="text-sm font-semibold tracking-wide text-primary-strong uppercase">What we write about</h2>
            <ul className="mt-5 space-y-5">
              {productTopics.map(({ icon: Icon, title, description }) => (
                <li key={title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-strong ring-1 ring-brand-100"
                  >
                    <Icon className="size-5" strokeWidth={2} />
                  </span>
                  <span>
                    <span className="block font-semibold text-foreground">{title}</span>
                    <span className="mt-0.5 block text-sm leading-6 text-muted-foreground">{description}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The blog's band on a later page and on a search (docs/decisions/059): the heading as a link home to the
 * blog, where the reader is ("Page 2 of 5", "Search"), and the search form beside it from `lg` up.
 */
function CompactBlogHeader({ query, context }: { query: string; context: string }) {
  return (
    <section aria-labelledby="blog-title" className="border-b border-border bg-linear-to-b from-brand-50/70 to-white">
      <div className="container-page flex flex-col gap-5 py-6 sm:py-8 lg:flex-row lg:items-end lg:justify-between lg:gap-12">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-primary-strong">{context}</p>
          <h1 id="blog-title" className="mt-1 text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
            <Link to="/blog" className="rounded-sm outline-none hover:text-primary-strong focus-visible:ring-2 focus-visible:ring-ring">
              {siteConfig.blogName}
            </Link>
          </h1>
        </div>
        <BlogSearchForm defaultValue={query} className="lg:max-w-md" hideLabel />
      </div>
    </section>
  );
}

/** The most used tags as links to their pages, with how many posts each has and its description. */
function TopicLinks({ topics }: { topics: BlogTopic[] }) {
  return (
    <nav aria-labelledby="blog-topics-title" className="hidden rounded-2xl border border-border bg-white/90 p-6 shadow-card lg:block">
      <h2 id="blog-topics-title" className="text-sm font-semibold tracking-wide text-primary-strong uppercase">
        What we write about
      </h2>
      <ul className="mt-4 -mx-2 space-y-1">
        {topics.map((topic) => (
          <li key={topic.slug}>
            <Link
              to={tagPath(topic.slug)}
              className="group flex gap-4 rounded-xl p-2 transition-colors outline-none hover:bg-primary-soft focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-strong ring-1 ring-brand-100 group-hover:bg-white"
              >
                <Hash className="size-5" strokeWidth={2} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2 font-semibold text-foreground group-hover:text-primary-strong">
                  {topic.name}
                  <span className="text-sm font-medium text-muted-foreground">{postCount(topic.count)}</span>
                  <ArrowRight
                    aria-hidden="true"
                    className="ml-auto size-4 shrink-0 text-primary-strong opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                  />
                </span>
                {topic.description && (
                  <span className="mt-0.5 line-clamp-2 block text-sm leading-6 text-muted-foreground">{topic.description}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
