import { ChevronRight, Link2 } from "lucide-react";
import { cn } from "../../../lib/cn.ts";
import { AccessList, MethodBadge, PathText, StatusBadge } from "./badges.tsx";
import { DescriptionText, InlineDescription } from "./description-text.tsx";
import type { BodyView, OperationView, ResponseView } from "./reference-model.ts";
import { RuleList, SchemaTable, TypeText } from "./schema-table.tsx";

export const subheadingClass = "text-xs font-semibold tracking-wide text-muted-foreground uppercase";
export const disclosureClass =
  "flex cursor-pointer list-none items-center gap-2 rounded-md text-sm font-medium text-foreground outline-none select-none hover:text-primary-strong focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden";

/** The chevron of a `<details>` summary, turned while open. */
export function DisclosureChevron() {
  return <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground transition-transform group-open/details:rotate-90 motion-reduce:transition-none" />;
}

/**
 * One operation, the way Stripe's and Redoc's references read: a one-line row (method, path, what it
 * does) that opens to who may call it, its parameters, request body, answers and examples. A plain
 * `<details>`: it opens by click or keyboard without JavaScript; the page opens the one an address's
 * `#operationId` names. A webhook (`event`) reads from the other side: what this site POSTs to your
 * URL, and what to answer.
 */
export function OperationSection({ operation }: { operation: OperationView }) {
  const headingId = `${operation.id}-title`;
  const answers = operation.responses.filter((response) => !isError(response.status));
  const errors = operation.responses.filter((response) => isError(response.status));
  const webhook = operation.event !== undefined;
  const sharedErrorBody = sharedBody(errors);
  return (
    <section
      id={operation.id}
      aria-labelledby={headingId}
      className="scroll-mt-6"
      {...(webhook ? { "data-webhook": operation.event } : { "data-operation": operation.id })}
    >
      <details>
        <summary className="api-ref-op-summary">
          <MethodBadge method={operation.method} className="api-ref-op-method" />
          {webhook ? (
            <code className="api-ref-op-path font-semibold">{operation.event}</code>
          ) : (
            <PathText path={operation.path} className="api-ref-op-path" />
          )}
          <h3 id={headingId} className="api-ref-op-title">
            {operation.summary}
          </h3>
          {operation.deprecated && <span className="api-ref-op-deprecated">Deprecated</span>}
          <ChevronRight aria-hidden="true" className="api-ref-op-chevron" />
        </summary>

        <div className="grid gap-6 border-t border-border bg-subtle/40 px-4 py-5 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {webhook ? (
              <p className="text-sm text-muted-foreground">
                Sent to your webhook URL as a signed <code className="api-ref-code">POST</code>.
              </p>
            ) : (
              <AccessList access={operation.access} />
            )}
            <a
              href={`#${operation.id}`}
              className="inline-flex items-center gap-1.5 rounded-sm text-xs font-medium text-primary-strong underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Link2 aria-hidden="true" className="size-3.5" />
              Link to {webhook ? "this event" : "this operation"}
              <span className="sr-only">: {operation.summary}</span>
            </a>
          </div>
          {operation.description && <DescriptionText text={operation.description} className="max-w-3xl" />}

          {operation.parameters.length > 0 && (
            <div className="grid gap-2">
              <h4 className={subheadingClass}>Parameters</h4>
              <SchemaTable kind="parameters" rows={operation.parameters} caption={`Parameters of ${operation.summary}`} />
            </div>
          )}

          {operation.requestBody && (
            <div className="grid gap-2">
              <h4 className={subheadingClass}>{webhook ? "Payload" : "Request body"}</h4>
              <BodySummary body={webhook ? { ...operation.requestBody, required: undefined } : operation.requestBody} />
              {operation.requestBody.fields.length > 0 && (
                <SchemaTable
                  kind={webhook ? "answer" : "request"}
                  rows={operation.requestBody.fields}
                  caption={`${webhook ? "Payload" : "Request body"} fields of ${operation.summary}`}
                />
              )}
            </div>
          )}

          <div className="grid gap-2">
            <h4 className={subheadingClass}>{webhook ? "Your answer" : "Responses"}</h4>
            <ul className="divide-y divide-border rounded-xl border border-border bg-white">
              {answers.map((response) => (
                <ResponseItem key={response.status} response={response} operation={operation} />
              ))}
            </ul>
            {errors.length > 0 && (
              <details className="group/details rounded-xl border border-border bg-white">
                <summary className={cn(disclosureClass, "flex-wrap px-4 py-3")}>
                  <DisclosureChevron />
                  Errors
                  <span className="flex flex-wrap gap-1.5">
                    {errors.map((response) => (
                      <StatusBadge key={response.status} status={response.status} />
                    ))}
                  </span>
                </summary>
                {sharedErrorBody && (
                  <p className="api-ref-response-meta border-t border-border px-4 py-2">
                    Each answers a body of type <TypeText parts={sharedErrorBody.type} />
                    {sharedErrorBody.mediaType !== "application/json" && <code>{sharedErrorBody.mediaType}</code>}
                  </p>
                )}
                <ul className="divide-y divide-border border-t border-border">
                  {errors.map((response) => (
                    <ResponseItem key={response.status} response={response} operation={operation} bodyShown={!sharedErrorBody} />
                  ))}
                </ul>
              </details>
            )}
          </div>

          <OperationExamples operation={operation} />
        </div>
      </details>
    </section>
  );
}

/** Generated from the schemas (./examples.ts): a request to paste into a terminal and what it answers. */
function OperationExamples({ operation }: { operation: OperationView }) {
  const { curl, response, payload } = operation.examples;
  if (!curl && !payload) return null;
  return (
    <div className="grid gap-2" data-testid="examples">
      <h4 className={subheadingClass}>Example</h4>
      <div className="grid items-start gap-3 xl:grid-cols-2">
        {payload !== undefined && <CodeSample label="Payload" code={payload} />}
        {curl && <CodeSample label="Request" code={curl} />}
        {response && (
          <CodeSample label={`Response ${response.status}`} code={response.body ?? "No body"} muted={response.body === undefined} />
        )}
      </div>
    </div>
  );
}

function CodeSample({ label, code, muted = false }: { label: string; code: string; muted?: boolean }) {
  return (
    <figure className="api-ref-sample">
      <figcaption>{label}</figcaption>
      <pre className={muted ? "text-slate-300 italic" : undefined}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

const isError = (status: string) => /^[45]/.test(status);

/** The body every one of these answers has (the `Error` shape, as a rule), said once above them rather than on each. */
function sharedBody(responses: ResponseView[]): BodyView | undefined {
  const [first] = responses;
  if (!first?.body || first.body.fields.length > 0) return undefined;
  const key = (body: BodyView | undefined) => body && body.fields.length === 0 && `${body.mediaType} ${JSON.stringify(body.type)}`;
  return responses.length > 1 && responses.every((response) => key(response.body) === key(first.body)) ? first.body : undefined;
}

function BodySummary({ body }: { body: BodyView }) {
  const plainObject = body.type.length === 1 && body.type[0]?.text === "object" && body.fields.length > 0;
  return (
    <div className="grid gap-1.5">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <code className="font-mono text-xs text-foreground">{body.mediaType}</code>
        {body.required !== undefined && (
          <>
            <span aria-hidden="true">·</span>
            {body.required ? <span className="text-xs font-semibold text-amber-800">Required</span> : <span className="text-xs">Optional</span>}
          </>
        )}
        {!plainObject && (
          <>
            <span aria-hidden="true">·</span>
            <TypeText parts={body.type} />
          </>
        )}
      </p>
      {body.description && (
        <p className="text-sm text-muted-foreground">
          <InlineDescription text={body.description} />
        </p>
      )}
      <RuleList rules={body.rules} />
    </div>
  );
}

function ResponseItem({ response, operation, bodyShown = true }: { response: ResponseView; operation: OperationView; bodyShown?: boolean }) {
  const body = bodyShown ? response.body : undefined;
  return (
    <li className="api-ref-response">
      <StatusBadge status={response.status} />
      <div>
        <p className="text-sm text-foreground">
          <InlineDescription text={response.description} />
        </p>
        {body && (
          <p className="api-ref-response-meta">
            Body <TypeText parts={body.type} />
            {body.mediaType !== "application/json" && <code>{body.mediaType}</code>}
          </p>
        )}
        {response.headers.map((header) => (
          <p key={header.name} className="api-ref-response-meta">
            Header <code>{header.name}</code> <TypeText parts={header.type} />
            <span>
              <InlineDescription text={header.description} />
            </span>
          </p>
        ))}
        {body && body.fields.length > 0 && (
          <details className="group/details">
            <summary className={cn(disclosureClass, "w-fit py-1 text-xs")}>
              <DisclosureChevron />
              {`${body.fields.length} ${body.fields.length === 1 ? "field" : "fields"}`}
            </summary>
            <div className="mt-2">
              <SchemaTable kind="answer" rows={body.fields} caption={`Fields of the ${response.status} response of ${operation.summary}`} />
            </div>
          </details>
        )}
      </div>
    </li>
  );
}
