import { Link } from "react-router";
import { Hash } from "lucide-react";
import { tagPath } from "../../lib/blog-discovery.ts";
import { cn } from "../../lib/cn.ts";

/** A tag as posts carry it (docs/decisions/042). */
export interface TagLink {
  slug: string;
  name: string;
}

/** One tag as a chip linking to its page (docs/decisions/043). */
export function TagChip({ tag, className }: { tag: TagLink; className?: string }) {
  return (
    <Link
      to={tagPath(tag.slug)}
      data-slot="tag-chip"
      className={cn(
        "inline-flex min-h-7 items-center gap-1 rounded-full border border-brand-200 bg-primary-soft px-3 py-1 text-xs font-semibold text-primary-strong transition-colors outline-none hover:border-brand-300 hover:bg-primary-soft-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        className,
      )}
    >
      <Hash aria-hidden="true" className="size-3 opacity-70" strokeWidth={2.5} />
      {tag.name}
    </Link>
  );
}

/**
 * A post's tags as links to their pages (docs/decisions/043), or nothing when it has none. A list
 * named for screen readers ("Topics"), so each chip is read as one of the post's topics.
 */
export function PostTags({ tags, className, label = "Topics" }: { tags: readonly TagLink[]; className?: string; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li key={tag.slug} className="flex">
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}
