import type { BlockOf } from "../../../shared/landing-pages.ts";
import { PostContent } from "../blog/post-content.tsx";

/** The editor's text, sanitised on the server like a post's (server/services/sanitize-html.ts), in the blog's type. */
export function RichTextBlock({ block }: { block: BlockOf<"richText"> }) {
  return (
    <div className="py-10 sm:py-16">
      <div className="container-page">
        <PostContent html={block.html} className="mx-auto [&>:first-child]:mt-0" />
      </div>
    </div>
  );
}
