import { DescriptionText } from "./description-text.tsx";
import { SCHEMAS_ID } from "./reference-contents.tsx";
import { ChevronRight } from "lucide-react";
import { typeText, type SchemaSection } from "./reference-model.ts";
import { RuleList, SchemaTable, TypeText } from "./schema-table.tsx";

const count = (n: number) => `${n} ${n === 1 ? "field" : "fields"}`;

/** The named shapes answers refer to, each with its anchor (`schema-Name`) and its fields. */
export function SchemaSections({ schemas }: { schemas: SchemaSection[] }) {
  return (
    <section id={SCHEMAS_ID} aria-labelledby={`${SCHEMAS_ID}-heading`} className="grid scroll-mt-6 gap-3">
      <div className="grid gap-0.5">
        <h2 id={`${SCHEMAS_ID}-heading`} className="text-lg font-bold tracking-tight text-foreground">
          Schemas
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">The named shapes of the answers and the webhook payloads; a linked type leads here. “Always” marks a field that is always there.</p>
      </div>
      {/* Reference material a linked type leads to: one closed list, opened by a link or a click. */}
      <details className="overflow-hidden rounded-2xl border border-border bg-white shadow-card">
        <summary className="api-ref-op-summary api-ref-schema-summary">
          <span className="text-sm font-medium text-foreground">
            All {schemas.length} schemas
          </span>
          <ChevronRight aria-hidden="true" className="api-ref-op-chevron" />
        </summary>
        <div className="divide-y divide-border border-t border-border">
      {schemas.map((schema) => {
        const plainObject = schema.type.length === 1 && schema.type[0]?.text === "object";
        return (
          <article key={schema.id} id={schema.id} aria-labelledby={`${schema.id}-title`} className="scroll-mt-6">
            <details>
              <summary className="api-ref-op-summary api-ref-schema-summary">
                {/* The heading and its type straight in the summary: a summary holds phrasing and heading content, no heading in a span. */}
                <h3 id={`${schema.id}-title`} className="min-w-0 font-mono text-sm font-semibold text-foreground [overflow-wrap:anywhere]">
                  {schema.name}
                </h3>
                <span className="api-ref-type min-w-0">
                  {plainObject ? `object, ${count(schema.fields.filter((field) => field.depth === 0).length)}` : typeText(schema.type)}
                </span>
                <ChevronRight aria-hidden="true" className="api-ref-op-chevron" />
              </summary>
              <div className="grid gap-3 border-t border-border bg-subtle/40 px-4 py-4 sm:px-6">
                {!plainObject && (
                  <p className="text-sm text-muted-foreground">
                    Type <TypeText parts={schema.type} />
                  </p>
                )}
                {schema.description && <DescriptionText text={schema.description} />}
                <RuleList rules={schema.rules} />
                {schema.fields.length > 0 && <SchemaTable kind="answer" rows={schema.fields} caption={`Fields of ${schema.name}`} />}
              </div>
            </details>
          </article>
        );
      })}
        </div>
      </details>
    </section>
  );
}
