import { Link } from "react-router";
import { Download } from "lucide-react";
import type { Route } from "./+types/api-reference";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { apiReferenceFor } from "./api-reference.server.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { OperationSection } from "../../components/cms/api-reference/operation-section.tsx";
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

export default function CmsApiReference({ loaderData }: Route.ComponentProps) {
  const { user, reference } = loaderData;
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
        <div className="grid min-w-0 gap-12 max-lg:mt-6">
          <ReferenceIntro reference={reference} />
          {reference.tags.map((tag) => (
            <section key={tag.id} id={tag.id} aria-labelledby={`${tag.id}-heading`} className="grid scroll-mt-6 gap-4">
              <div className="grid gap-1">
                <h2 id={`${tag.id}-heading`} className="text-xl font-bold tracking-tight text-foreground">
                  {tag.name}
                </h2>
                {tag.description && <DescriptionText text={tag.description} className="max-w-3xl" />}
              </div>
              {tag.operations.map((operation) => (
                <OperationSection key={operation.id} operation={operation} />
              ))}
            </section>
          ))}
          {reference.webhooks.length > 0 && (
            <section id={WEBHOOKS_ID} aria-labelledby={`${WEBHOOKS_ID}-heading`} className="grid scroll-mt-6 gap-4">
              <div className="grid gap-1">
                <h2 id={`${WEBHOOKS_ID}-heading`} className="text-xl font-bold tracking-tight text-foreground">
                  Webhook events
                </h2>
                <p className="max-w-3xl text-sm text-muted-foreground">
                  What this site sends to the URL of each webhook set up in{" "}
                  <Link to="/cms/webhooks" className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
                    Webhooks
                  </Link>
                  , for the events it subscribes to: a signed JSON POST, retried until your endpoint answers with a 2xx status.
                </p>
              </div>
              {reference.webhooks.map((webhook) => (
                <OperationSection key={webhook.id} operation={webhook} />
              ))}
            </section>
          )}
          <SchemaSections schemas={reference.schemas} />
        </div>
      </div>
    </CmsShell>
  );
}
