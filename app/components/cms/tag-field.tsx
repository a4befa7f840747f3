import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Tags, X } from "lucide-react";
import { TAG_NAME_MAX, TAGS_PER_POST_MAX, TOO_MANY_TAGS, tagSlug, withoutAccents } from "../../../shared/post-schema.ts";
import { cn } from "../../lib/cn.ts";
import type { CmsTag } from "../../../server/services/tags.ts";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card.tsx";
import { FieldError, fieldErrorProps } from "./editor/field-error.tsx";

/** How many suggestions the list shows at once. */
const SUGGESTIONS_SHOWN = 8;

const fold = (value: string) => withoutAccents(value.toLowerCase()).trim();
/** A name as the schema will keep it: runs of spaces made one (shared/post-schema.ts). */
const cleanName = (value: string) => value.replace(/\s+/g, " ").trim();

/** Every tag, for suggestions; read once per editor from GET /api/cms/tags (docs/decisions/045). */
function useTagSuggestions(): CmsTag[] {
  const [tags, setTags] = useState<CmsTag[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/cms/tags", { credentials: "include", headers: { accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<CmsTag[]>) : []))
      .then(setTags)
      // Without suggestions the field still takes new names.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return tags;
}

interface TagFieldProps {
  /** The post's tag names, in the order they were added. */
  value: string[];
  onChange: (names: string[]) => void;
  /** The server's or the schema's message for `tags`. */
  error: string | undefined;
}

/**
 * The post's tags (docs/decisions/042, 045): chips with a remove button, and a combobox (WAI-ARIA
 * APG "combobox with listbox popup") suggesting existing tags as the writer types. Arrow keys move
 * through the suggestions, Enter adds the highlighted one or the typed name, a comma adds the typed
 * name, Backspace in an empty box removes the last tag, Escape closes the list. At most 10 tags of
 * 40 characters (TAGS_PER_POST_MAX, TAG_NAME_MAX); names that make one slug are one tag.
 */
export function TagField({ value, onChange, error }: TagFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const suggestions = useTagSuggestions();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  const chosen = useMemo(() => new Set(value.map(tagSlug)), [value]);
  const options = useMemo(() => {
    const typed = fold(text);
    const available = suggestions.filter((tag) => !chosen.has(tag.slug));
    if (!typed) return available.slice(0, SUGGESTIONS_SHOWN);
    // Names that start with the text first, then names with a word that does.
    const starts = available.filter((tag) => fold(tag.name).startsWith(typed));
    const words = available.filter((tag) => !fold(tag.name).startsWith(typed) && fold(tag.name).includes(` ${typed}`));
    return [...starts, ...words].slice(0, SUGGESTIONS_SHOWN);
  }, [suggestions, chosen, text]);
  const expanded = open && options.length > 0;
  const full = value.length >= TAGS_PER_POST_MAX;

  const add = (raw: string) => {
    const name = cleanName(raw);
    if (!name) return;
    const slug = tagSlug(name);
    if (!slug || chosen.has(slug)) {
      setText("");
      return;
    }
    if (full) {
      setLimitMessage(TOO_MANY_TAGS);
      return;
    }
    // An existing tag keeps its own spelling (docs/decisions/042).
    const existing = suggestions.find((tag) => tag.slug === slug);
    const added = existing?.name ?? name.slice(0, TAG_NAME_MAX);
    onChange([...value, added]);
    setAnnouncement(`Added tag ${added}.`);
    setText("");
    setActive(-1);
  };

  const remove = (name: string, { refocus }: { refocus: boolean }) => {
    onChange(value.filter((tag) => tag !== name));
    setAnnouncement(`Removed tag ${name}.`);
    setLimitMessage(null);
    if (refocus) inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        setActive((current) => (options.length === 0 ? -1 : (current + 1) % options.length));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        setActive((current) => (options.length === 0 ? -1 : current <= 0 ? options.length - 1 : current - 1));
        break;
      case "Enter":
        // Never the editor's form submit: Enter here adds a tag.
        event.preventDefault();
        if (expanded && active >= 0 && options[active]) add(options[active].name);
        else add(text);
        break;
      case ",":
        event.preventDefault();
        add(text);
        break;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText("");
          setOpen(false);
        }
        break;
      case "Backspace":
        if (text === "" && value.length > 0) {
          event.preventDefault();
          remove(value.at(-1)!, { refocus: false });
        }
        break;
    }
  };

  const hintId = `${id}-hint`;
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="flex items-center gap-2 text-lg leading-snug font-semibold tracking-tight">
          <Tags className="size-4 text-primary" aria-hidden="true" />
          Tags
        </h2>
        <CardDescription>Readers browse the blog by tag.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <label htmlFor={inputId} className="text-sm leading-none font-medium text-foreground">
          Add a tag
        </label>
        {value.length > 0 && (
          <ul aria-label="Tags on this post" className="flex flex-wrap gap-1.5">
            {value.map((name) => (
              <li
                key={tagSlug(name) || name}
                className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-3 text-sm font-medium text-primary-strong ring-1 ring-brand-200"
              >
                {name}
                <button
                  type="button"
                  aria-label={`Remove tag ${name}`}
                  onClick={() => remove(name, { refocus: true })}
                  className="flex size-6 items-center justify-center rounded-full text-primary-strong outline-none hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="relative">
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
            autoComplete="off"
            maxLength={TAG_NAME_MAX}
            value={text}
            placeholder={full ? "Tag limit reached" : "e.g. Forecasting"}
            {...fieldErrorProps(inputId, error ?? limitMessage ?? undefined, hintId)}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              setLimitMessage(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            className="flex h-10 w-full min-w-0 rounded-lg border border-border-strong bg-white px-3 py-2 text-sm text-foreground shadow-xs outline-none placeholder:text-slate-500 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive"
          />
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Existing tags"
            hidden={!expanded}
            className="absolute top-full right-0 left-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-white p-1 shadow-card"
          >
            {options.map((tag, index) => (
              <li
                key={tag.slug}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                // Chosen with the pointer before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(tag.name);
                }}
                onMouseMove={() => setActive(index)}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-3 rounded-md px-2.5 py-2 text-sm text-foreground",
                  index === active && "bg-primary-soft text-primary-strong",
                )}
              >
                <span className="truncate">{tag.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {tag.count} {tag.count === 1 ? "post" : "posts"}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <FieldError fieldId={inputId} message={error ?? limitMessage ?? undefined} />
        <p id={hintId} className="text-xs text-muted-foreground">
          Enter or comma adds a tag; Backspace removes the last. {value.length}/{TAGS_PER_POST_MAX} tags, up to {TAG_NAME_MAX}{" "}
          characters each.
        </p>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </CardContent>
    </Card>
  );
}
