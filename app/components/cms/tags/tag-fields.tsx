import { META_DESCRIPTION_MAX, META_TITLE_MAX, TAG_NAME_MAX } from "../../../../shared/post-schema.ts";
import { TAG_DESCRIPTION_MAX } from "../../../../shared/tags.ts";
import { FieldError, fieldErrorProps } from "../editor/field-error.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { TagImageField, type TagImageValues } from "./tag-image-field.tsx";

/** What the tag form sends, as typed: shown again when the server refuses it. */
export interface TagFormValues extends TagImageValues {
  name: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

export const emptyTagValues: TagFormValues = {
  name: "",
  slug: "",
  description: "",
  image: "",
  imageAlt: "",
  imageDecorative: false,
  metaTitle: "",
  metaDescription: "",
};

const FIELDS = [
  { name: "name", label: "Name", max: TAG_NAME_MAX, hint: undefined },
  { name: "slug", label: "Slug", max: TAG_NAME_MAX, hint: "Its address, /blog/tag/{slug}. Empty: made from the name." },
  { name: "description", label: "Description", max: TAG_DESCRIPTION_MAX, hint: "Shown under the tag page's heading." },
  { name: "metaTitle", label: "Meta title", max: META_TITLE_MAX, hint: "The tag page's title in search results. Empty: the name." },
  { name: "metaDescription", label: "Meta description", max: META_DESCRIPTION_MAX, hint: "Empty: the description." },
] as const;

/**
 * A tag's fields, labelled, with their hints and the server's messages (docs/decisions/035): its image
 * after the description, as the page shows them.
 */
export function TagFields({ id, values, errors }: { id: string; values: TagFormValues; errors: Record<string, string> }) {
  return FIELDS.flatMap((field) => {
    const fieldId = `${id}-${field.name}`;
    const hintId = `${fieldId}-hint`;
    const common = {
      id: fieldId,
      name: field.name,
      defaultValue: values[field.name],
      maxLength: field.max,
      ...fieldErrorProps(fieldId, errors[field.name], ...(field.hint ? [hintId] : [])),
    };
    return [
      <div key={field.name} className="grid gap-2">
        <Label htmlFor={fieldId}>{field.label}</Label>
        {field.name === "description" || field.name === "metaDescription" ? (
          <Textarea rows={2} {...common} />
        ) : (
          <Input autoComplete="off" required={field.name === "name"} {...common} />
        )}
        {field.hint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {field.hint}
          </p>
        )}
        <FieldError fieldId={fieldId} message={errors[field.name]} />
      </div>,
      ...(field.name === "description" ? [<TagImageField key="image" id={id} values={values} errors={errors} />] : []),
    ];
  });
}
