import type { BlockOf } from "../../../shared/landing-pages.ts";
import { PostContent } from "../blog/post-content.tsx";
import { Section } from "../ui/section.tsx";

/**
 * The editor's text, sanitised on the server like a post's (server/services/sanitize-html.ts), in the blog's type
 * (lists and links as in a post), in a section like the other blocks': their padding, and a centred column of a
 * readable measure (42rem). A heading that opens it is set as SectionHeader sets the other blocks' headings, so it
 * reads as a section of the page, not a post.
 */
export function RichTextBlock({ block, className }: { block: BlockOf<"richText">; className?: string }) {
  return (
    <Section className={className}>
      <PostContent
        html={block.html}
        className="mx-auto max-w-2xl [&>:first-child]:mt-0 [&>:is(h1,h2):first-child]:text-center [&>:is(h1,h2):first-child]:text-3xl [&>:is(h1,h2):first-child]:font-bold [&>:is(h1,h2):first-child]:text-balance sm:[&>:is(h1,h2):first-child]:text-4xl [&>:is(h1,h2):first-child+*]:mt-6 sm:[&>:is(h1,h2):first-child+*]:mt-8"
      />
    </Section>
  );
}
