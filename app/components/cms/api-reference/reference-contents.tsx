import { cn } from "../../../lib/cn.ts";
import { DisclosureChevron, disclosureClass } from "./operation-section.tsx";
import type { ApiReference } from "./reference-model.ts";

export const INTRO_ID = "using-the-api";
export const SCHEMAS_ID = "schemas";
export const WEBHOOKS_ID = "webhook-events";

/** A link of a sticky contents column (the API reference's, the settings' index). */
export const contentsLinkClass =
  "block rounded-md px-2 py-1 text-sm outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

/** A contents entry: its name, and how many it holds when it is a group. */
function ContentsLink({ href, name, count, className }: { href: string; name: string; count?: number; className?: string }) {
  return (
    <a href={href} className={cn(contentsLinkClass, "flex items-baseline gap-2 text-foreground", className)}>
      <span className="min-w-0">{name}</span>
      {count !== undefined && (
        <span className="ml-auto text-xs text-muted-foreground tabular-nums">
          {count}
          <span className="sr-only"> {count === 1 ? "operation" : "operations"}</span>
        </span>
      )}
    </a>
  );
}

/** The intro, each group with how many operations it holds, the webhook events and the schemas: a screen's length. */
function ContentsList({ reference }: { reference: ApiReference }) {
  return (
    <ul className="grid gap-0.5">
      <li>
        <ContentsLink href={`#${INTRO_ID}`} name="Using the API" className="font-medium" />
      </li>
      {reference.tags.map((tag, index) => (
        <li key={tag.id} className={cn(index === 0 && "mt-2 border-t border-border pt-2")}>
          <ContentsLink href={`#${tag.id}`} name={tag.name} count={tag.operations.length} />
        </li>
      ))}
      {reference.webhooks.length > 0 && (
        <li>
          <ContentsLink href={`#${WEBHOOKS_ID}`} name="Webhook events" count={reference.webhooks.length} />
        </li>
      )}
      <li className="mt-2 border-t border-border pt-2">
        <ContentsLink href={`#${SCHEMAS_ID}`} name="Schemas" className="font-medium" />
      </li>
    </ul>
  );
}

/**
 * Every group, linked by anchor with its count (a link opens the group it leads to): a sticky column beside
 * the reference from lg, a disclosure above it on smaller screens (plain `<details>`: no JavaScript needed).
 */
export function ReferenceContents({ reference }: { reference: ApiReference }) {
  return (
    <>
      <nav
        aria-label="API reference contents"
        className="sticky top-6 hidden max-h-[calc(100vh-3rem)] overflow-y-auto overscroll-contain self-start pr-2 pb-6 lg:block"
      >
        <p className={cn("px-2 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase")}>Contents</p>
        <ContentsList reference={reference} />
      </nav>
      <details className="group/details rounded-2xl border border-border bg-white shadow-card lg:hidden">
        <summary className={cn(disclosureClass, "px-4 py-3")}>
          <DisclosureChevron />
          Contents
          <span className="text-xs font-normal text-muted-foreground">
            {reference.tags.length} groups, {reference.operationCount} operations
          </span>
        </summary>
        <nav aria-label="API reference contents" className="border-t border-border px-2 py-3">
          <ContentsList reference={reference} />
        </nav>
      </details>
    </>
  );
}
