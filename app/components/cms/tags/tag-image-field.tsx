import { useState } from "react";
import { ImageField } from "../image-field.tsx";

/** The image part of the tag form, as typed: shown again when the server refuses it. */
export interface TagImageValues {
  image: string;
  imageAlt: string;
  imageDecorative: boolean;
}

/**
 * A tag's image (docs/decisions/035-tag-management.md, "Tag image"): the shared image field, as a post's cover,
 * holding what is typed until the form is sent.
 */
export function TagImageField({ id, values, errors }: { id: string; values: TagImageValues; errors: Record<string, string> }) {
  const [value, setValue] = useState({ url: values.image, alt: values.imageAlt, decorative: values.imageDecorative });
  return (
    <ImageField
      id={`${id}-image`}
      value={value}
      onChange={(patch) => setValue((current) => ({ ...current, ...patch }))}
      names={{ url: "image", alt: "imageAlt", decorative: "imageDecorative" }}
      errors={errors}
      noun="image"
      urlHint="Shown in the tag page’s header, in its feed and when the page is shared. A wide picture (16:9) works best."
      previewAlt="Tag image preview"
      empty="No image: the tag page shows its header without one."
      removed="Image removed. Save the tag to keep the change."
    />
  );
}
