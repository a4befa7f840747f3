import { DescriptionText } from "./description-text.tsx";
import { SCHEMAS_ID } from "./reference-contents.tsx";
import type { SchemaSection } from "./reference-model.ts";
import { RuleList, SchemaTable, TypeText } from "./schema-table.tsx";

/** The named shapes answers refer to, each with its anchor (`schema-Name`) and its fields. */
export function SchemaSections({ schemas }: { schemas: SchemaSection[] }) {
  return (
    <section id={SCHEMAS_ID} aria-labelledby={`${SCHEMAS_ID}-heading`} className="grid scroll-mt-6 gap-4">
      <div className="grid gap-1">
        <h2 id={`${SCHEMAS_ID}-heading`} className="text-xl font-bold tracking-tight text-foreground">
          Schemas
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">The named shapes of the answers and the webhook payloads; a linked type leads here. “Always” marks a field that is always there.</p>
      </div>
      {schemas.map((schema) => {
        const plainObject = schema.type.length === 1 && schema.type[0]?.text === "object";
        return (
          <article
            key={schema.id}
            id={schema.id}
            aria-labelledby={`${schema.id}-title`}
            className="grid scroll-mt-6 gap-3 rounded-2xl border border-border bg-white p-4 shadow-card sm:p-6"
          >
            <div className="grid gap-1.5">
              <h3 id={`${schema.id}-title`} className="flex flex-wrap items-baseline gap-x-3 font-mono text-base font-semibold text-foreground">
                <a href={`#${schema.id}`} className="rounded-sm outline-none hover:text-primary-strong focus-visible:ring-2 focus-visible:ring-ring">
                  {schema.name}
                </a>
                {!plainObject && <TypeText parts={schema.type} />}
              </h3>
              {schema.description && <DescriptionText text={schema.description} />}
              <RuleList rules={schema.rules} />
            </div>
            {schema.fields.length > 0 && <SchemaTable kind="answer" rows={schema.fields} caption={`Fields of ${schema.name}`} />}
          </article>
        );
      })}
    </section>
  );
}
