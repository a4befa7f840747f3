import type { BlockOf } from "../../../shared/landing-pages.ts";
import { PostContent } from "../blog/post-content.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The editor's text, sanitised on the server like a post's (server/services/sanitize-html.ts), in the blog's type; a
 * heading that opens it is set as the other blocks' headings are, so it reads as a section of the page, not a post.
 */
export function RichTextBlock({ block, className }: { block: BlockOf<"richText">; className?: string }) {
  return (
    <div className={cn("py-10 sm:py-16 lg:py-20", className)}>
      <div className="container-page">
        <PostContent
          html={block.html}
          className="mx-auto [&>:first-child]:mt-0 [&>:is(h1,h2):first-child]:text-3xl [&>:is(h1,h2):first-child]:font-bold [&>:is(h1,h2):first-child]:text-balance sm:[&>:is(h1,h2):first-child]:text-4xl [&>:is(h1,h2):first-child+*]:mt-5"
        />
      </div>
    </div>
  );
}
