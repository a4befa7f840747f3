import type { ReactNode } from "react";
import { Link } from "react-router";
import { AlertTriangle, BookOpen, Download, KeyRound, Server } from "lucide-react";
import { apiTokenScopeLabels, type ApiTokenScope } from "../../../../shared/api-tokens.ts";
import { cn } from "../../../lib/cn.ts";
import { buttonVariants } from "../../ui/button.tsx";
import { ScopeChip } from "./badges.tsx";
import { DescriptionText, inlineCodeClass } from "./description-text.tsx";
import { INTRO_ID } from "./reference-contents.tsx";
import { DisclosureChevron, disclosureClass } from "./operation-section.tsx";
import { schemaAnchor, type ApiReference, type SecuritySchemeView } from "./reference-model.ts";

export const OPENAPI_JSON_PATH = "/api/openapi.json";

/** What a refusal looks like (docs/decisions/015): the same shape on every endpoint. */
const ERROR_EXAMPLE = `{
  "message": "Slug may only contain lowercase letters a-z, digits 0-9 and hyphens.",
  "errors": {
    "slug": "Slug may only contain lowercase letters a-z, digits 0-9 and hyphens."
  }
}`;

/** Short blocks that wrap rather than scroll, so they need no focus stop of their own. */
const codeBlockClass =
  "rounded-lg bg-slate-900 px-4 py-3 font-mono text-[0.8125rem] leading-relaxed whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere]";

/**
 * A card of the intro, a `<details>` served open at every width: what a developer reads before any
 * operation, which the reader may fold away.
 */
function IntroCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <details open className="group/details min-w-0 rounded-2xl border border-border bg-white shadow-card">
      <summary className={cn(disclosureClass, "gap-2.5 p-4 sm:p-5 lg:px-6")}>
        <h3 className="flex flex-1 items-center gap-2.5 text-base font-semibold tracking-tight">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-strong [&_svg]:size-4">{icon}</span>
          {title}
        </h3>
        <DisclosureChevron />
      </summary>
      <div className="grid gap-3 px-4 pb-5 text-sm leading-relaxed text-muted-foreground sm:px-5 lg:px-6 lg:pb-6">{children}</div>
    </details>
  );
}

const schemeLabel = (scheme: SecuritySchemeView) =>
  scheme.kind === "session" ? "CMS session" : scheme.kind === "token" ? "API token" : scheme.name;

const scopeLabel = (scope: string) => (apiTokenScopeLabels as Record<string, { label: string; description: string } | undefined>)[scope as ApiTokenScope];

/** The top of the reference: base URL, signing in, errors, and where the machine-readable file and examples are. */
export function ReferenceIntro({ reference }: { reference: ApiReference }) {
  const hasErrorSchema = reference.schemas.some((schema) => schema.name === "Error");
  return (
    <section id={INTRO_ID} aria-labelledby={`${INTRO_ID}-heading`} className="grid scroll-mt-6 gap-4">
      <h2 id={`${INTRO_ID}-heading`} className="text-xl font-bold tracking-tight text-foreground">
        Using the API
      </h2>
      {/*
        Each card as tall as its own text: from xl two columns that stack their cards independently (Overview and
        Errors; Authentication and the file), so a short card never stretches to its neighbor. Below xl the
        columns dissolve into one list, in the same order.
      */}
      <div className="grid gap-4 xl:grid-cols-2 xl:items-start">
        <div className="grid gap-4 max-xl:contents">
          <IntroCard icon={<Server aria-hidden="true" />} title="Overview">
            <DescriptionText text={reference.description} />
            <p className="font-medium text-foreground">Base URL</p>
            <pre className={codeBlockClass} data-testid="base-url">
              <code>{reference.baseUrl}</code>
            </pre>
            <p>
              Every path below is relative to it. Bodies are JSON: send <code className={inlineCodeClass}>Content-Type: application/json</code>.{" "}
              {reference.version ? `API version ${reference.version}: ` : ""}
              {reference.operationCount} operations in {reference.tags.length} groups.
            </p>
          </IntroCard>

          <IntroCard icon={<AlertTriangle aria-hidden="true" />} title="Errors">
            <p>
              A refused call answers a 4xx or 5xx status and the same JSON body everywhere: a sentence you can show to people, and, when fields
              are at fault, one message per field.
              {hasErrorSchema && (
                <>
                  {" "}
                  The shape is the{" "}
                  <a href={`#${schemaAnchor("Error")}`} className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
                    Error
                  </a>{" "}
                  schema.
                </>
              )}
            </p>
            <pre className={codeBlockClass} data-testid="error-example">
              <code>{ERROR_EXAMPLE}</code>
            </pre>
            <p>
              A <code className={inlineCodeClass}>429</code> or <code className={inlineCodeClass}>503</code> carries{" "}
              <code className={inlineCodeClass}>Retry-After</code>: wait that many seconds and try again.
            </p>
          </IntroCard>
        </div>
        <div className="grid gap-4 max-xl:contents">
          <IntroCard icon={<KeyRound aria-hidden="true" />} title="Authentication">
            <p>Public operations need nothing. The others accept one of these, as each operation says:</p>
            <dl className="grid gap-3">
              {reference.securitySchemes.map((scheme) => (
                <div key={scheme.name} className="grid gap-1">
                  <dt className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                    {schemeLabel(scheme)}
                    {scheme.carrier && <code className={inlineCodeClass}>{scheme.carrier}</code>}
                  </dt>
                  <dd>
                    <DescriptionText text={scheme.description} />
                  </dd>
                </div>
              ))}
            </dl>
            <p>
              Other software uses an API token, never a password: make one in{" "}
              <Link to="/cms/tokens" className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
                API tokens
              </Link>{" "}
              with only the scopes it needs, and send it as <code className={inlineCodeClass}>Authorization: Bearer &lt;token&gt;</code>.
            </p>
            {reference.scopes.length > 0 && (
              <dl className="grid gap-x-3 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
                {reference.scopes.map((scope) => (
                  <div key={scope} className="contents">
                    <dt className="max-sm:mt-1">
                      <ScopeChip scope={scope} />
                    </dt>
                    <dd>{scopeLabel(scope)?.description ?? "—"}</dd>
                  </div>
                ))}
              </dl>
            )}
          </IntroCard>

          <IntroCard icon={<BookOpen aria-hidden="true" />} title="The description file and examples">
            <p>
              This page is generated from the API's OpenAPI 3.1 description, built from the same schemas that validate every request, so it
              stays in step with the API. Load the file into any OpenAPI tool: a client generator, an HTTP client, a mock server.
            </p>
            <p>
              <a href={OPENAPI_JSON_PATH} download="zuri-openapi.json" className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Download aria-hidden="true" />
                Download openapi.json
              </a>
            </p>
            <p data-testid="examples-note">
              Open any operation below for a request you can paste into a terminal, and the answer it gets back. Both are generated from the
              same schemas; set <code className={inlineCodeClass}>ZURI_API_TOKEN</code> to your token first.
            </p>
          </IntroCard>
        </div>
      </div>
    </section>
  );
}
