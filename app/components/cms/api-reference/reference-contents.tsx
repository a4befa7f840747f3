import { cn } from "../../../lib/cn.ts";
import { MethodBadge } from "./badges.tsx";
import { DisclosureChevron, disclosureClass } from "./operation-section.tsx";
import type { ApiReference } from "./reference-model.ts";

export const INTRO_ID = "using-the-api";
export const SCHEMAS_ID = "schemas";
export const WEBHOOKS_ID = "webhook-events";
/** Marks a `<details>` served open that the page closes on a phone (the route's useCloseOnPhone). */
export const PHONE_CLOSED = "data-phone-closed";

const linkClass =
  "block rounded-md px-2 py-1 text-sm outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

function ContentsList({ reference }: { reference: ApiReference }) {
  return (
    <ul className="grid gap-1">
      <li>
        <a href={`#${INTRO_ID}`} className={cn(linkClass, "font-medium text-foreground")}>
          Using the API
        </a>
      </li>
      {reference.tags.map((tag) => (
        <li key={tag.id} className="mt-2">
          <a href={`#${tag.id}`} className={cn(linkClass, "font-semibold text-foreground")}>
            {tag.name}
          </a>
          <ul className="mt-0.5 grid gap-0.5 border-l border-border pl-2">
            {tag.operations.map((operation) => (
              <li key={operation.id}>
                <a href={`#${operation.id}`} className={cn(linkClass, "flex items-start gap-2 text-muted-foreground")}>
                  <MethodBadge method={operation.method} size="compact" className="mt-0.5" />
                  <span className="min-w-0">{operation.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
      {reference.webhooks.length > 0 && (
        <li className="mt-2">
          <a href={`#${WEBHOOKS_ID}`} className={cn(linkClass, "font-semibold text-foreground")}>
            Webhook events
          </a>
          <ul className="mt-0.5 grid gap-0.5 border-l border-border pl-2">
            {reference.webhooks.map((webhook) => (
              <li key={webhook.id}>
                <a href={`#${webhook.id}`} className={cn(linkClass, "font-mono text-xs text-muted-foreground")}>
                  {webhook.event}
                </a>
              </li>
            ))}
          </ul>
        </li>
      )}
      <li className="mt-2">
        <a href={`#${SCHEMAS_ID}`} className={cn(linkClass, "font-semibold text-foreground")}>
          Schemas
        </a>
      </li>
    </ul>
  );
}

/**
 * Every group and operation, linked by anchor: a sticky column beside the reference from lg, a
 * disclosure above it on smaller screens (plain `<details>`: no JavaScript needed).
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
