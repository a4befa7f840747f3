import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import type { OperationView } from "../../components/cms/api-reference/reference-model.ts";
import { Download } from "lucide-react";
import type { Route } from "./+types/api-reference";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { apiReferenceFor } from "./api-reference.server.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { DisclosureChevron, disclosureClass, OperationSection } from "../../components/cms/api-reference/operation-section.tsx";
import { cn } from "../../lib/cn.ts";
import { PHONE_CLOSED, ReferenceContents, WEBHOOKS_ID } from "../../components/cms/api-reference/reference-contents.tsx";
import { OPENAPI_JSON_PATH, ReferenceIntro } from "../../components/cms/api-reference/reference-intro.tsx";
import { SchemaSections } from "../../components/cms/api-reference/schema-sections.tsx";
import { DescriptionText } from "../../components/cms/api-reference/description-text.tsx";
import "../../components/cms/api-reference/api-reference.css";

/**
 * /cms/api: the reference of every /api endpoint, read from the OpenAPI document the API serves at
 * /api/openapi.json (docs/decisions/074), administrators only (the admin layout's guard). Static
 * markup: it reads the same without JavaScript, and grows with the document.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { env } = context.get(servicesContext);
  return { user, reference: apiReferenceFor(env.SITE_URL) };
}

/**
 * A group of operations (a tag, or the webhook events): its heading and how many it holds as the summary
 * of a `<details>`, then its description and one card with a row each. Served open; on a phone the page
 * closes it (useCloseOnPhone), so the reference reads as a list of groups a screen or two long.
 */
function OperationGroup({ id, name, description, operations }: { id: string; name: string; description: ReactNode; operations: OperationView[] }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <details open {...{ [PHONE_CLOSED]: "" }} className="group/details">
        <summary className={cn(disclosureClass, "-mx-1 px-1 py-1")}>
          <DisclosureChevron />
          <h2 id={`${id}-heading`} className="text-lg font-bold tracking-tight">
            {name}
          </h2>
          <span className="ml-auto text-xs font-normal text-muted-foreground">
            {operations.length} {operations.length === 1 ? "operation" : "operations"}
          </span>
        </summary>
        <div className="mt-2 grid gap-3">
          {description}
          <div className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-white shadow-card">
            {operations.map((operation) => (
              <OperationSection key={operation.id} operation={operation} />
            ))}
          </div>
        </div>
      </details>
    </section>
  );
}

/**
 * Closes the groups and intro cards marked PHONE_CLOSED when the page opens below md: a phone starts from the
 * list of groups. Once, on load (a later resize leaves what the reader opened); without JavaScript all stay open.
 */
function useCloseOnPhone() {
  useEffect(() => {
    if (window.matchMedia("(min-width: 48rem)").matches) return;
    for (const details of document.querySelectorAll<HTMLDetailsElement>(`details[${PHONE_CLOSED}]`)) details.open = false;
  }, []);
}

/**
 * Opens the operation or schema an address's `#id` names, on load and when the hash changes (a
 * contents link, a type's link): each is a closed `<details>` until read. Without JavaScript the
 * row is still where the address leads, and opens with a click.
 */
function useOpenHashTarget() {
  const ancestorsOf = (element: Element) => {
    const found: Element[] = [];
    for (let details = element.parentElement?.closest("details"); details; details = details.parentElement?.closest("details")) found.push(details);
    return found;
  };
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      // The target's own disclosure, and any it sits in (a schema inside the closed list of schemas).
      const own = target.querySelector(":scope > details");
      const opened = [own, ...ancestorsOf(target)].filter((details) => details instanceof HTMLDetailsElement && !details.open);
      for (const details of opened) (details as HTMLDetailsElement).open = true;
      if (opened.length > 0) target.scrollIntoView({ block: "start" });
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);
}

export default function CmsApiReference({ loaderData }: Route.ComponentProps) {
  const { user, reference } = loaderData;
  // First, so that an address's #target is opened again after.
  useCloseOnPhone();
  useOpenHashTarget();
  return (
    <CmsShell
      user={user}
      title="API reference"
      actions={
        <a href={OPENAPI_JSON_PATH} download="zuri-openapi.json" className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Download openapi.json
        </a>
      }
      description={
        <>
          Every endpoint of the site and the CMS, for developers connecting other software: what each one takes, who may call it, and what it
          answers.
        </>
      }
    >
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <ReferenceContents reference={reference} />
        <div className="grid min-w-0 gap-3 max-lg:mt-6 md:gap-8">
          <ReferenceIntro reference={reference} />
          {reference.tags.map((tag) => (
            <OperationGroup
              key={tag.id}
              id={tag.id}
              name={tag.name}
              description={tag.description && <DescriptionText text={tag.description} className="max-w-3xl" />}
              operations={tag.operations}
            />
          ))}
          {reference.webhooks.length > 0 && (
            <OperationGroup
              id={WEBHOOKS_ID}
              name="Webhook events"
              description={
                <p className="max-w-3xl text-sm text-muted-foreground">
                  What this site sends to the URL of each webhook set up in{" "}
                  <Link to="/cms/webhooks" className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
                    Webhooks
                  </Link>
                  , for the events it subscribes to: a signed JSON POST, retried until your endpoint answers with a 2xx status.
                </p>
              }
              operations={reference.webhooks}
            />
          )}
          <SchemaSections schemas={reference.schemas} />
        </div>
      </div>
    </CmsShell>
  );
}
