import { Fragment } from "react";
import { cn } from "../../../lib/cn.ts";
import { InlineDescription } from "./description-text.tsx";
import { schemaAnchor, type FieldRow, type ParameterRow, type SchemaRule, type TypePart } from "./reference-model.ts";

/*
 * The elements below repeat for every field of every operation: they carry the short classes of
 * ./api-reference.css rather than long utility lists.
 */

/** A type's parts; named schemas link to their section. */
function TypeLinks({ parts }: { parts: TypePart[] }) {
  return parts.map((part, index) => (part.schema ? <a key={index} href={`#${schemaAnchor(part.schema)}`}>{part.schema}</a> : part.text));
}

/** A type in words; named schemas link to their section. */
export function TypeText({ parts, className }: { parts: TypePart[]; className?: string }) {
  return (
    <span className={cn("api-ref-type", className)}>
      <TypeLinks parts={parts} />
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
            <Fragment key={valueIndex}>
              {valueIndex === 0 ? " " : ", "}
              <code>{value}</code>
            </Fragment>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** What `required` means depends on the direction: a request must send it, an answer always has it. */
const requiredMark = (required: boolean, answer: boolean) =>
  !required ? (["api-ref-optional", "Optional"] as const) : answer ? (["api-ref-always", "Always"] as const) : (["api-ref-required", "Required"] as const);

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
          {rows.map((row) => {
            const [markClass, mark] = requiredMark(row.required, answer);
            return (
              <tr key={`${row.in ?? ""}${row.parent ?? ""}${row.name}`} data-depth={row.depth || undefined}>
                <td>
                  <code className="api-ref-name">
                    {row.parent && <span>{row.parent}</span>}
                    {row.name}
                  </code>
                </td>
                {kind === "parameters" && <td className="api-ref-in">{row.in}</td>}
                <td className="api-ref-type">
                  <TypeLinks parts={row.type} />
                </td>
                <td className={markClass}>{mark}</td>
                {/* Empty when there is nothing to add: the stylesheet draws a dash. */}
                <td className="api-ref-notes">
                  {row.description && (
                    <p>
                      <InlineDescription text={row.description} />
                    </p>
                  )}
                  <RuleList rules={row.rules} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
