import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { authorPath, type PublicAuthorProfile } from "../../../shared/authors.ts";
import { AuthorAvatar } from "./author-avatar.tsx";

/**
 * The end of a post whose author wrote a bio (docs/decisions/059): who wrote it, their bio and a link to
 * their other posts. A complementary landmark named "About the author".
 */
export function AuthorBio({ author, className }: { author: PublicAuthorProfile & { bio: string }; className?: string }) {
  return (
    <aside aria-label="About the author" className={className}>
      <div className="flex flex-col gap-5 rounded-2xl border border-border bg-subtle p-6 sm:flex-row sm:items-start sm:p-8">
        <AuthorAvatar author={author} size="lg" className="ring-4 ring-white" />
        <div className="min-w-0">
          <p aria-hidden="true" className="text-sm font-semibold text-primary-strong">
            About the author
          </p>
          <h2 className="mt-1 text-xl font-semibold tracking-tight text-foreground">{author.name}</h2>
          <p className="mt-2 leading-7 text-pretty whitespace-pre-line text-muted-foreground">{author.bio}</p>
          <Link
            to={authorPath(author.slug)}
            rel="author"
            className="group mt-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary-strong underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            More posts by {author.name}
            <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </div>
      </div>
    </aside>
  );
}
