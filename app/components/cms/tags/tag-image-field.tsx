import { useRef, useState } from "react";
import { ImageIcon, ImageUp, Trash2 } from "lucide-react";
import { TAG_IMAGE_ALT_MAX } from "../../../../shared/tags.ts";
import { responsiveMedia } from "../../../../shared/media-sizes.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { FieldError, fieldErrorProps } from "../editor/field-error.tsx";
import { ImageUploadButton } from "../image-upload-button.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";

/** The image part of the tag form, as typed: shown again when the server refuses it. */
export interface TagImageValues {
  image: string;
  imageAlt: string;
  imageDecorative: boolean;
}

/**
 * A tag's image (docs/decisions/035-tag-management.md, "Tag image"), as a post's cover is set in the editor
 * (app/components/cms/editor/post-settings-card.tsx): upload or an address, a preview, Remove, and alt text
 * or the decorative mark. Upload and Remove need JavaScript; without it the address is typed or cleared
 * by hand, and the alt text stays editable whatever the box says (the server ignores it for a
 * decorative image).
 */
export function TagImageField({ id, values, errors }: { id: string; values: TagImageValues; errors: Record<string, string> }) {
  const hydrated = useHydrated();
  const [image, setImage] = useState(values.image);
  const [alt, setAlt] = useState(values.imageAlt);
  const [decorative, setDecorative] = useState(values.imageDecorative);
  const [announcement, setAnnouncement] = useState("");
  const addressInput = useRef<HTMLInputElement>(null);
  const fieldId = `${id}-image`;
  const altId = `${id}-image-alt`;
  const decorativeId = `${id}-image-decorative`;
  const shown = image.trim();

  return (
    <fieldset className="grid gap-3 rounded-lg border border-border bg-subtle/60 p-4">
      {/* A legend floats in the border unless it is a block of its own: it is laid out like the field labels. */}
      <legend className="float-left mb-1 text-sm font-medium text-foreground">Image</legend>
      {shown ? (
        <img
          src={shown}
          {...responsiveMedia(shown, { sizes: "(min-width: 80rem) 22rem, 100vw" })}
          alt="Tag image preview"
          width={1200}
          height={675}
          className="aspect-video w-full rounded-lg border border-border bg-muted object-cover"
        />
      ) : (
        <div className="flex aspect-[16/5] flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-border-strong bg-white text-center text-xs text-muted-foreground">
          <ImageIcon className="size-5" aria-hidden="true" />
          No image: the tag page shows its header without one.
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <ImageUploadButton
          onUploaded={(address) => {
            setImage(address);
            setAnnouncement("Image uploaded. Describe it in Alt text, or mark it as decorative.");
          }}
          disabled={!hydrated}
          icon={ImageUp}
          size="sm"
          aria-describedby={`${fieldId}-hint`}
        >
          {/* Short words, so both buttons sit on one line in the narrow card; the names say "image". */}
          {shown ? (
            <>
              Replace<span className="sr-only"> image</span>
            </>
          ) : (
            "Upload image"
          )}
        </ImageUploadButton>
        {shown && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={!hydrated}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => {
              setImage("");
              setAnnouncement("Image removed. Save the tag to keep the change.");
              // The button goes with the image: the address field, now empty, takes the focus.
              addressInput.current?.focus();
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove<span className="sr-only"> image</span>
          </Button>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>Image URL</Label>
        <Input
          ref={addressInput}
          id={fieldId}
          name="image"
          value={image}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://… or /media/…"
          onChange={(event) => setImage(event.target.value)}
          {...fieldErrorProps(fieldId, errors.image, `${fieldId}-hint`)}
        />
        <FieldError fieldId={fieldId} message={errors.image} />
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          Shown in the tag page&rsquo;s header, in its feed and when the page is shared. A wide picture (16:9) works best.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={altId}>Alt text</Label>
        <Input
          id={altId}
          name="imageAlt"
          value={alt}
          maxLength={TAG_IMAGE_ALT_MAX}
          // Without JavaScript the box cannot re-enable the field: it stays editable.
          disabled={hydrated && decorative}
          aria-required={shown !== "" && !decorative}
          placeholder="What the image shows"
          onChange={(event) => setAlt(event.target.value)}
          {...fieldErrorProps(altId, errors.imageAlt, `${altId}-hint`)}
        />
        <FieldError fieldId={altId} message={errors.imageAlt} />
        <p id={`${altId}-hint`} className="text-xs text-muted-foreground">
          Required with an image, for readers who cannot see it.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={decorativeId}
          type="checkbox"
          name="imageDecorative"
          value="true"
          checked={decorative}
          onChange={(event) => setDecorative(event.target.checked)}
          className="size-4 shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          {...fieldErrorProps(decorativeId, errors.imageDecorative)}
        />
        <Label htmlFor={decorativeId} className="font-normal">
          Decorative image (no alt text)
        </Label>
      </div>
      <FieldError fieldId={decorativeId} message={errors.imageDecorative} />
    </fieldset>
  );
}
