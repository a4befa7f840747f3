import { useRef, useState } from "react";
import { ImageIcon, ImageUp, Trash2 } from "lucide-react";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
// A tag image takes the cover's rules (shared/tags.ts): one limit for both.
import { COVER_IMAGE_ALT_MAX } from "../../../shared/post-schema.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { FieldError, fieldErrorProps } from "./editor/field-error.tsx";
import { ImageUploadButton } from "./image-upload-button.tsx";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";

/** An image with its alt text or decorative mark, as typed. */
export interface ImageValue {
  url: string;
  alt: string;
  decorative: boolean;
}

type Parts<T> = Record<keyof ImageValue, T>;

export interface ImageFieldProps {
  /** The address field's id; the alt text and box take `{id}-alt` and `{id}-decorative`. */
  id: string;
  value: ImageValue;
  onChange: (patch: Partial<ImageValue>) => void;
  /** The form fields' names (what a form without JavaScript sends); the server's messages are keyed by them. */
  names: Parts<string>;
  errors: Partial<Record<string, string>>;
  /** What the image is, in the running text: "image", "cover image". It names the legend ("Cover image"), the
   * address ("Cover Image URL", the product document's label) and the buttons. */
  noun: string;
  urlHint: string;
  previewAlt: string;
  /** Shown in the preview's place when there is no image. */
  empty: string;
  /** Announced after Remove. */
  removed: string;
}

/**
 * An image picked for a post's cover (docs/product.md §2 Post Settings) or a tag (docs/decisions/035-tag-management.md,
 * "Tag image"): a preview, Upload (or Replace) and Remove, the address, and alt text or the decorative mark. Upload
 * and Remove need JavaScript; without it the address is typed or cleared by hand, the box is a native checkbox and
 * the alt text stays editable whatever the box says (the server ignores it for a decorative image). After Remove
 * the focus moves to the emptied address; an upload and a removal are announced.
 */
export function ImageField({ id, value, onChange, names, errors: byName, noun, ...text }: ImageFieldProps) {
  const hydrated = useHydrated();
  const [announcement, setAnnouncement] = useState("");
  const addressInput = useRef<HTMLInputElement>(null);
  const altId = `${id}-alt`;
  const decorativeId = `${id}-decorative`;
  const hintId = `${id}-hint`;
  const shown = value.url.trim();
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const errors = { url: byName[names.url], alt: byName[names.alt], decorative: byName[names.decorative] };

  return (
    <fieldset className="grid gap-3 rounded-lg border border-border bg-subtle/60 p-4">
      {/* A legend floats in the border unless it is a block of its own: it is laid out like the field labels. */}
      <legend className="float-left mb-1 text-sm font-medium text-foreground">{Noun}</legend>
      {shown ? (
        <img
          src={shown}
          {...responsiveMedia(shown, { sizes: "(min-width: 80rem) 22rem, 100vw" })}
          alt={text.previewAlt}
          width={1200}
          height={675}
          className="aspect-video w-full rounded-lg border border-border bg-muted object-cover"
        />
      ) : (
        <div className="flex aspect-[16/5] flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-border-strong bg-white px-3 text-center text-xs text-muted-foreground">
          <ImageIcon className="size-5" aria-hidden="true" />
          {text.empty}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <ImageUploadButton
          onUploaded={(url) => {
            onChange({ url });
            setAnnouncement(`${Noun} uploaded. Describe it in Alt text, or mark it as decorative.`);
          }}
          disabled={!hydrated}
          icon={ImageUp}
          size="sm"
          aria-describedby={hintId}
        >
          {/* Short words, so both buttons sit on one line in a narrow card; the names say what they act on. */}
          {shown ? (
            <>
              Replace<span className="sr-only"> {noun}</span>
            </>
          ) : (
            `Upload ${noun}`
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
              onChange({ url: "" });
              setAnnouncement(text.removed);
              // The button goes with the image: the address field, now empty, takes the focus.
              addressInput.current?.focus();
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove<span className="sr-only"> {noun}</span>
          </Button>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={id}>{noun.replace(/\b\w/g, (letter) => letter.toUpperCase())} URL</Label>
        <Input
          ref={addressInput}
          id={id}
          name={names.url}
          value={value.url}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://… or /media/…"
          onChange={(event) => onChange({ url: event.target.value })}
          {...fieldErrorProps(id, errors.url, hintId)}
        />
        <FieldError fieldId={id} message={errors.url} />
        <p id={hintId} className="text-xs text-muted-foreground">
          {text.urlHint}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={altId}>Alt text</Label>
        <Input
          id={altId}
          name={names.alt}
          value={value.alt}
          maxLength={COVER_IMAGE_ALT_MAX}
          // Without JavaScript the box cannot re-enable the field: it stays editable.
          disabled={hydrated && value.decorative}
          aria-required={shown !== "" && !value.decorative}
          placeholder={`What the ${noun} shows`}
          onChange={(event) => onChange({ alt: event.target.value })}
          {...fieldErrorProps(altId, errors.alt, `${altId}-hint`)}
        />
        <FieldError fieldId={altId} message={errors.alt} />
        <p id={`${altId}-hint`} className="text-xs text-muted-foreground">
          Required with {/^[aeiou]/.test(noun) ? "an" : "a"} {noun}, for readers who cannot see it.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={decorativeId}
          type="checkbox"
          name={names.decorative}
          value="true"
          checked={value.decorative}
          onChange={(event) => onChange({ decorative: event.target.checked })}
          className="size-4 shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          {...fieldErrorProps(decorativeId, errors.decorative)}
        />
        <Label htmlFor={decorativeId} className="font-normal">
          Decorative image (no alt text)
        </Label>
      </div>
      <FieldError fieldId={decorativeId} message={errors.decorative} />
    </fieldset>
  );
}
