import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { OperationView } from "../../components/cms/api-reference/reference-model.ts";
import { ChevronsUpDown, Download } from "lucide-react";
import type { Route } from "./+types/api-reference";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { apiReferenceFor } from "./api-reference.server.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { DisclosureChevron, disclosureClass, OperationSection } from "../../components/cms/api-reference/operation-section.tsx";
import { cn } from "../../lib/cn.ts";
import { ReferenceContents, WEBHOOKS_ID } from "../../components/cms/api-reference/reference-contents.tsx";
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

/** Marks each group's `<details>`, which "Expand all groups" opens and closes together. */
const GROUP = "data-operation-group";
const groupDetails = () => [...document.querySelectorAll<HTMLDetailsElement>(`details[${GROUP}]`)];

/**
 * A group of operations (a tag, or the webhook events): its heading and how many it holds as the summary
 * of a `<details>`, then its description and one card with a row each. Served closed at every width, with
 * or without JavaScript, so the reference reads as a list of groups; a click, a contents link or "Expand
 * all groups" opens them.
 */
function OperationGroup({ id, name, description, operations }: { id: string; name: string; description: ReactNode; operations: OperationView[] }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <details {...{ [GROUP]: "" }} className="group/details border-b border-border open:border-transparent open:pb-6">
        <summary className={cn(disclosureClass, "-mx-1 px-1 py-2.5")}>
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
 * One button for every group: "Expand all groups" while one is closed, else "Collapse all groups" (a group
 * opened or closed by hand counts too). It needs JavaScript, so it shows once the page runs; without it each
 * group opens with a click.
 */
function ExpandAllGroups() {
  const hydrated = useHydrated();
  const [allOpen, setAllOpen] = useState(false);
  useEffect(() => {
    const read = () => setAllOpen(groupDetails().every((details) => details.open));
    read();
    // `toggle` does not bubble: heard in the capture phase.
    document.addEventListener("toggle", read, true);
    return () => document.removeEventListener("toggle", read, true);
  }, []);
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => {
        for (const details of groupDetails()) details.open = !allOpen;
      }}
    >
      <ChevronsUpDown aria-hidden="true" />
      {allOpen ? "Collapse all groups" : "Expand all groups"}
    </Button>
  );
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
          <div className="grid gap-1 max-md:mt-5">
          <div className="mb-2 flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="text-sm text-muted-foreground">
              {reference.operationCount} operations in {reference.tags.length} groups
              {reference.webhooks.length > 0 && `, and ${reference.webhooks.length} webhook events`}. Open a group to see its operations.
            </p>
            <ExpandAllGroups />
          </div>
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
          </div>
          <SchemaSections schemas={reference.schemas} />
        </div>
      </div>
    </CmsShell>
  );
}
