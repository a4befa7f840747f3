import { Fragment } from "react";
import { cn } from "../../../lib/cn.ts";
import { parseDescription, parseInlines, type Inline } from "./description-blocks.ts";

/** Inline code: ./api-reference.css. */
export const inlineCodeClass = "api-ref-code";

export function InlineText({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) => {
    if (inline.kind === "code") return <code key={index} className={inlineCodeClass}>{inline.text}</code>;
    if (inline.kind === "strong") return <strong key={index} className="font-semibold text-foreground">{inline.text}</strong>;
    if (inline.kind === "link") {
      return (
        <a key={index} href={inline.href} className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
          {inline.text}
        </a>
      );
    }
    return <Fragment key={index}>{inline.text}</Fragment>;
  });
}

/** A description of the API document: paragraphs and lists with inline `code` (./description-blocks.ts). */
export function DescriptionText({ text, className }: { text: string; className?: string }) {
  const blocks = parseDescription(text);
  if (blocks.length === 0) return null;
  return (
    <div className={cn("grid gap-2 text-sm leading-relaxed text-muted-foreground", className)}>
      {blocks.map((block, index) =>
        block.kind === "paragraph" ? (
          <p key={index}>
            <InlineText inlines={block.inlines} />
          </p>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineText inlines={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

/** One line of such text, without paragraphs (a table cell, a response). */
export function InlineDescription({ text }: { text: string }) {
  return <InlineText inlines={parseInlines(text)} />;
}
