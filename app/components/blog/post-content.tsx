import { cn } from "../../lib/cn.ts";
import { withEmbedNotes } from "../../../shared/embed.ts";

/**
 * A post's body: HTML that the server sanitised on save against the editor's allowlist
 * (server/services/sanitize-html.ts), so it is rendered as is (docs/product.md §2: "content rendered as raw HTML").
 * The styles cover exactly the elements that allowlist lets through.
 */
export function PostContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      data-testid="post-content"
      className={cn(
        "max-w-3xl text-lg leading-8 text-slate-700 [overflow-wrap:anywhere]",
        "[&>*+*]:mt-6 [&_p:empty]:hidden",
        "[&_h1]:text-3xl [&_h2]:text-2xl [&_h3]:text-xl [&_h4]:text-lg [&_h5]:text-base [&_h6]:text-base",
        "[&_:is(h1,h2,h3,h4,h5,h6)]:mt-10 [&_:is(h1,h2,h3,h4,h5,h6)]:leading-tight [&_:is(h1,h2,h3,h4,h5,h6)]:font-semibold [&_:is(h1,h2,h3,h4,h5,h6)]:tracking-tight [&_:is(h1,h2,h3,h4,h5,h6)]:text-foreground",
        "[&_a]:font-medium [&_a]:text-primary-strong [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-900",
        "[&_strong]:font-semibold [&_strong]:text-foreground",
        "[&_ul]:list-disc [&_ol]:list-decimal [&_:is(ul,ol)]:pl-6 [&_li]:mt-2 [&_li>p]:m-0 [&_li::marker]:text-slate-400",
        "[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-5 [&_blockquote]:text-slate-600 [&_blockquote]:italic",
        "[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.9em]",
        "[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-5 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100",
        "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
        "[&_hr]:my-10 [&_hr]:border-border",
        // Tables (docs/decisions/055): a wide table scrolls sideways inside itself, never the page; header row tinted.
        "[&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-base [&_table]:leading-7",
        "[&_:is(th,td)]:min-w-32 [&_:is(th,td)]:border [&_:is(th,td)]:border-border-strong [&_:is(th,td)]:px-4 [&_:is(th,td)]:py-2.5 [&_:is(th,td)]:text-left [&_:is(th,td)]:align-top [&_:is(th,td)]:[overflow-wrap:normal] [&_:is(th,td)>p]:m-0",
        "[&_th]:bg-subtle [&_th]:font-semibold [&_th]:text-foreground",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: withEmbedNotes(html) }}
    />
  );
}
