import { useId, useRef } from "react";
import { Plus, Trash2 } from "lucide-react";
import type { LandingBlock } from "../../../../shared/landing-pages.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { filterSelectClass } from "../filter-field.tsx";
import { FieldError, fieldErrorProps } from "../editor/field-error.tsx";
import { LengthCounter } from "../editor/length-counter.tsx";
import { RichTextEditor } from "../editor/rich-text-editor.tsx";
import { blockFields, illustrationOptions, maxOf, valueAt, withValueAt, type FieldSpec } from "./block-specs.ts";
import { ImageUploadButton } from "../image-upload-button.tsx";

export interface BlockFieldsProps {
  block: LandingBlock;
  /** Messages by field path within the block (`headline`, `items.1.title`). */
  errors: Record<string, string>;
  onChange: (block: LandingBlock, path: string) => void;
  /** Bumped when the page is replaced from the server, so rich text takes the new value. */
  revision: number;
}

/** The fields of one block's card, from its type's spec (block-specs.ts); every field labelled, counted and checked. */
export function BlockFields({ block, errors, onChange, revision }: BlockFieldsProps) {
  const id = useId();
  const set = (path: string, value: unknown) => onChange(withValueAt(block, path, value), path);
  return (
    <div className="grid gap-5">
      {blockFields[block.type].map((spec, index) => (
        <Field key={"path" in spec ? spec.path : `visual-${index}`} spec={spec} prefix="" block={block} errors={errors} set={set} id={id} revision={revision} />
      ))}
    </div>
  );
}

interface FieldProps {
  spec: FieldSpec;
  /** The path of the list item this field belongs to (`items.2.`), or "". */
  prefix: string;
  block: LandingBlock;
  errors: Record<string, string>;
  set: (path: string, value: unknown) => void;
  id: string;
  revision: number;
}

const fieldId = (id: string, path: string) => `${id}-${path.replace(/\./g, "-")}`;

function Field({ spec, prefix, block, errors, set, id, revision }: FieldProps) {
  if (spec.kind === "visual") return <VisualField block={block} errors={errors} set={set} id={id} />;
  const path = `${prefix}${spec.path}`;
  const fid = fieldId(id, path);
  const error = errors[path];
  const value = valueAt(block, path);
  if (spec.kind === "list") return <ListField spec={spec} block={block} errors={errors} set={set} id={id} revision={revision} />;
  if (spec.kind === "richText") {
    return (
      <div className="grid gap-2" data-invalid={error ? "true" : undefined}>
        <Label id={fid} asChild>
          <span>{spec.label}</span>
        </Label>
        <RichTextEditor value={String(value ?? "")} revision={revision} labelId={fid} onChange={(html) => set(path, html)} onReady={() => {}} />
        <FieldError fieldId={fid} message={error} />
      </div>
    );
  }
  if (spec.kind === "select") {
    return (
      <div className="grid gap-2">
        <Label htmlFor={fid}>{spec.label}</Label>
        <select id={fid} value={String(value ?? "")} className={filterSelectClass} {...fieldErrorProps(fid, error)} onChange={(event) => set(path, event.target.value)}>
          {spec.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError fieldId={fid} message={error} />
      </div>
    );
  }
  if (spec.kind === "image") return <ImageField label={spec.label} fid={fid} value={String(value ?? "")} error={error} max={maxOf(block.type, path)} onValue={(next) => set(path, next)} />;
  return (
    <TextField
      fid={fid}
      label={spec.label}
      value={String(value ?? "")}
      max={maxOf(block.type, path)}
      error={error}
      multiline={spec.kind === "text" && spec.multiline}
      hint={spec.kind === "text" ? spec.hint : "A path on this site such as /book-demo, or an https:// address."}
      type={spec.kind === "link" ? "url" : undefined}
      onValue={(next) => set(path, next)}
    />
  );
}

function TextField({
  fid,
  label,
  value,
  max,
  error,
  multiline,
  hint,
  type,
  onValue,
}: {
  fid: string;
  label: string;
  value: string;
  max: number | undefined;
  error: string | undefined;
  multiline?: boolean;
  hint?: string;
  type?: "url";
  onValue: (value: string) => void;
}) {
  const hints = [...(hint ? [`${fid}-hint`] : []), ...(max ? [`${fid}-count`] : [])];
  const props = {
    id: fid,
    value,
    maxLength: max,
    ...fieldErrorProps(fid, error, ...hints),
    onChange: (event: { target: { value: string } }) => onValue(event.target.value),
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={fid}>{label}</Label>
      {multiline ? <Textarea rows={3} {...props} /> : <Input {...props} {...(type === "url" ? { inputMode: "url" as const, autoCapitalize: "none", spellCheck: false } : {})} />}
      {hint && (
        <p id={`${fid}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError fieldId={fid} message={error} />
      {max !== undefined && <LengthCounter id={`${fid}-count`} length={value.length} max={max} />}
    </div>
  );
}

/** An uploaded image's /media/ address, with Upload (the media pipeline: docs/decisions/060) and a thumbnail. */
export function ImageField({
  label,
  fid,
  value,
  error,
  max,
  hint = "An image uploaded here: PNG, JPEG, GIF or WebP up to 10 MB.",
  onValue,
}: {
  label: string;
  fid: string;
  value: string;
  error: string | undefined;
  max: number | undefined;
  hint?: string;
  onValue: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={fid}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={fid}
          value={value}
          maxLength={max}
          // Short enough to show whole in a narrow field; the hint below says how to fill it.
          placeholder="/media/…"
          autoCapitalize="none"
          spellCheck={false}
          {...fieldErrorProps(fid, error, `${fid}-hint`)}
          onChange={(event) => onValue(event.target.value)}
        />
        <ImageUploadButton onUploaded={onValue}>
          Upload<span className="sr-only"> {label.toLowerCase()}</span>
        </ImageUploadButton>
      </div>
      <p id={`${fid}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError fieldId={fid} message={error} />
      {/^\/media\//.test(value) && <img src={value} alt="" className="max-h-28 w-fit max-w-full rounded-lg border border-border object-contain" />}
    </div>
  );
}

/** The hero's image or product illustration, or neither. */
function VisualField({ block, errors, set, id }: Pick<FieldProps, "block" | "errors" | "set" | "id">) {
  if (block.type !== "hero") return null;
  const visual = block.visual;
  const fid = fieldId(id, "visual.kind");
  return (
    // The legend floats into the box, so it heads the group rather than cutting its border (docs/decisions/039).
    <fieldset className="grid gap-4 rounded-xl border border-border bg-subtle p-4">
      <legend className="float-left w-full text-sm font-semibold text-foreground">Visual</legend>
      <div className="grid gap-2">
        <Label htmlFor={fid}>Beside the headline</Label>
        <select
          id={fid}
          value={visual.kind}
          className={filterSelectClass}
          onChange={(event) => {
            const kind = event.target.value;
            set("visual", kind === "image" ? { kind, src: "", alt: "" } : kind === "illustration" ? { kind, name: illustrationOptions[0]!.value } : { kind: "none" });
          }}
        >
          <option value="none">Nothing</option>
          <option value="illustration">A product illustration</option>
          <option value="image">An uploaded image</option>
        </select>
      </div>
      {visual.kind === "illustration" && (
        <div className="grid gap-2">
          <Label htmlFor={fieldId(id, "visual.name")}>Illustration</Label>
          <select
            id={fieldId(id, "visual.name")}
            value={visual.name}
            className={filterSelectClass}
            {...fieldErrorProps(fieldId(id, "visual.name"), errors["visual.name"])}
            onChange={(event) => set("visual.name", event.target.value)}
          >
            {illustrationOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError fieldId={fieldId(id, "visual.name")} message={errors["visual.name"]} />
        </div>
      )}
      {visual.kind === "image" && (
        <>
          <ImageField
            label="Image"
            fid={fieldId(id, "visual.src")}
            value={visual.src}
            error={errors["visual.src"]}
            max={maxOf("hero", "visual.src")}
            onValue={(next) => set("visual.src", next)}
          />
          <TextField
            fid={fieldId(id, "visual.alt")}
            label="Alt text"
            value={visual.alt}
            max={maxOf("hero", "visual.alt")}
            error={errors["visual.alt"]}
            hint="What the image shows, for visitors who cannot see it."
            onValue={(next) => set("visual.alt", next)}
          />
        </>
      )}
    </fieldset>
  );
}

/** A block's list (features, stats, questions…): each item's fields, Remove per item, and Add up to the limit. */
function ListField({ spec, block, errors, set, id, revision }: Omit<FieldProps, "spec" | "prefix"> & { spec: Extract<FieldSpec, { kind: "list" }> }) {
  const items = (valueAt(block, spec.path) as object[] | undefined) ?? [];
  const max = maxOf(block.type, spec.path) ?? Infinity;
  const listError = errors[spec.path];
  const addId = fieldId(id, `${spec.path}.add`);
  const legendId = fieldId(id, `${spec.path}.legend`);
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className="grid gap-3" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-semibold text-foreground">
        {spec.label}{" "}
        <span className="font-normal text-muted-foreground">
          ({items.length} of {max})
        </span>
      </legend>
      <ol className="grid gap-3">
        {items.map((_, index) => {
          const name = `${spec.item} ${index + 1}`;
          return (
            <li key={index} className="grid gap-4 rounded-xl border border-border bg-subtle p-4">
              <div className="flex items-center justify-between gap-3">
                <h4 className="text-sm font-semibold text-foreground">{name}</h4>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  onClick={() => {
                    set(spec.path, items.filter((__, at) => at !== index));
                    addRef.current?.focus();
                  }}
                >
                  <Trash2 aria-hidden="true" />
                  Remove<span className="sr-only"> {name}</span>
                </Button>
              </div>
              {spec.fields.map((inner) => (
                <Field key={"path" in inner ? inner.path : "visual"} spec={inner} prefix={`${spec.path}.${index}.`} block={block} errors={errors} set={set} id={id} revision={revision} />
              ))}
            </li>
          );
        })}
      </ol>
      <div className="grid gap-2">
        <Button
          ref={addRef}
          id={addId}
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={items.length >= max}
          {...fieldErrorProps(addId, listError)}
          onClick={() => set(spec.path, [...items, spec.seed()])}
        >
          <Plus aria-hidden="true" />
          Add {spec.item.toLowerCase()}
        </Button>
        <FieldError fieldId={addId} message={listError} />
      </div>
    </fieldset>
  );
}
