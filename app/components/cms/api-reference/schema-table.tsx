import { cn } from "../../../lib/cn.ts";
import { InlineDescription } from "./description-text.tsx";
import { schemaAnchor, type FieldRow, type ParameterRow, type SchemaRule, type TypePart } from "./reference-model.ts";

/*
 * The elements below repeat for every field of every operation: they carry the short classes of
 * ./api-reference.css rather than long utility lists.
 */

/** A type in words; named schemas link to their section. */
export function TypeText({ parts, className }: { parts: TypePart[]; className?: string }) {
  return (
    <span className={cn("api-ref-type", className)}>
      {parts.map((part, index) => (part.schema ? <a key={index} href={`#${schemaAnchor(part.schema)}`}>{part.schema}</a> : part.text))}
    </span>
  );
}

export function RuleList({ rules }: { rules: SchemaRule[] }) {
  if (rules.length === 0) return null;
  return (
    <ul className="api-ref-rules" aria-label="Rules">
      {rules.map((rule, index) => (
        <li key={index}>
          {rule.label}
          {rule.values?.map((value, valueIndex) => (
            <span key={valueIndex}>
              {valueIndex === 0 ? " " : ", "}
              <code className="api-ref-code">{value}</code>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** What `required` means depends on the direction: a request must send it, an answer always has it. */
function RequiredMark({ required, answer }: { required: boolean; answer: boolean }) {
  if (!required) return <span className="api-ref-optional">Optional</span>;
  return answer ? <span className="api-ref-always">Always</span> : <span className="api-ref-required">Required</span>;
}

type Row = (FieldRow | (ParameterRow & { parent?: undefined; depth?: undefined })) & { in?: ParameterRow["in"] };

/**
 * Fields or parameters as a table: name, (where it goes), type, required (for an answer's fields:
 * present), then what it means and its rules. Below md each row stacks into a small card; the header
 * stays for screen readers.
 */
export function SchemaTable({ rows, caption, kind }: { rows: Row[]; caption: string; kind: "parameters" | "request" | "answer" }) {
  const answer = kind === "answer";
  return (
    <div className="api-ref-table-frame">
      <table className="api-ref-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th className={kind === "parameters" ? "w-[22%]" : "w-[26%]"}>{kind === "parameters" ? "Name" : "Field"}</th>
            {kind === "parameters" && <th className="w-[9%]">In</th>}
            <th className="w-[19%]">Type</th>
            <th className="w-[11%]">{answer ? "Present" : "Required"}</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}${row.parent ?? ""}${row.name}`} data-depth={row.depth || undefined}>
              <td>
                <code className="api-ref-name">
                  {row.parent && <span>{row.parent}</span>}
                  {row.name}
                </code>
              </td>
              {kind === "parameters" && (
                <td className="api-ref-in">
                  <span className="md:hidden">In </span>
                  {row.in}
                </td>
              )}
              <td>
                <TypeText parts={row.type} />
              </td>
              <td>
                <RequiredMark required={row.required} answer={answer} />
              </td>
              <td>
                <div className="api-ref-notes">
                  {row.description && (
                    <p>
                      <InlineDescription text={row.description} />
                    </p>
                  )}
                  <RuleList rules={row.rules} />
                  {!row.description && row.rules.length === 0 && (
                    <span aria-hidden="true" className="api-ref-optional max-md:hidden">
                      —
                    </span>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
