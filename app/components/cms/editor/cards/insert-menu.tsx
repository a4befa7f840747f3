import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { Editor } from "@tiptap/core";
import { Bookmark, ChevronDown, Code2, FileCode2, Megaphone, MousePointerClick, Plus, SquarePlay } from "lucide-react";
import { parseEmbedUrl } from "../../../../../shared/embed.ts";
import { Button } from "../../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../ui/dialog.tsx";
import { request } from "../post-api.ts";
import { UrlField } from "../url-field.tsx";
import type { BookmarkData } from "./bookmark-card.tsx";
import { requestCardFocus } from "./card-frame.tsx";
import { insertBlock } from "./insert-block.ts";

type Asked = "embed" | "bookmark" | null;

/**
 * The toolbar's Insert menu (WAI-ARIA menu button; docs/decisions/076-post-cards.md): Enter, Space or Down
 * opens it on the first item, Up on the last; arrows, Home and End move; Escape closes it back onto the button.
 */
export function InsertMenu({ editor, disabled }: { editor: Editor | null; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState<Asked>(null);
  const [position, setPosition] = useState({ top: 0, left: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const show = (focus: "first" | "last") => {
    if (disabled) return;
    const box = button.current!.getBoundingClientRect();
    setPosition({ top: box.bottom + 4, left: Math.max(8, Math.min(box.left, window.innerWidth - 248)) });
    setOpen(true);
    requestAnimationFrame(() => (focus === "first" ? items()[0] : items().at(-1))?.focus());
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const run = (action: () => void) => {
    close(false);
    action();
  };

  const actions = editor
    ? [
        { label: "Embed (YouTube, Vimeo, X)", icon: SquarePlay, act: () => setAsked("embed") },
        { label: "Bookmark", icon: Bookmark, act: () => setAsked("bookmark") },
        { label: "Callout", icon: Megaphone, act: () => insertBlock(editor, { type: "calloutCard", content: [{ type: "paragraph" }] }, "text") },
        {
          label: "Button",
          icon: MousePointerClick,
          act: () => {
            requestCardFocus();
            insertBlock(editor, { type: "buttonCard" }, "card");
          },
        },
        {
          label: "HTML",
          icon: FileCode2,
          act: () => {
            requestCardFocus();
            insertBlock(editor, { type: "htmlCard" }, "card");
          },
        },
        { label: "Code block", icon: Code2, act: () => insertBlock(editor, { type: "codeBlock" }, "text") },
      ]
    : [];

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const go = (next: number) => {
      event.preventDefault();
      all[(next + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") go(index + 1);
    else if (event.key === "ArrowUp") go(index - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") close(false);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        data-toolbar-item=""
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-disabled={disabled || undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (open ? close() : show("first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            event.stopPropagation();
            show(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
        className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 transition-colors hover:bg-white hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-expanded:bg-white"
      >
        <Plus className="size-4" aria-hidden={true} />
        Insert
        <ChevronDown className="size-3.5" aria-hidden={true} />
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-40" aria-hidden="true" onMouseDown={() => close(false)} />
          <div
            ref={menu}
            id={`${id}-menu`}
            role="menu"
            aria-labelledby={`${id}-button`}
            onKeyDown={onMenuKey}
            style={{ top: position.top, left: position.left }}
            className="fixed z-50 w-60 rounded-xl border border-border bg-white p-1.5 shadow-overlay"
          >
            {actions.map(({ label, icon: Icon, act }) => (
              <button
                key={label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => run(act)}
                className="flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-slate-700 hover:bg-subtle focus-visible:bg-primary-soft focus-visible:text-primary-strong focus-visible:outline-none"
              >
                <Icon className="size-4 shrink-0" aria-hidden={true} />
                {label}
              </button>
            ))}
          </div>
        </>
      )}
      {editor && <CardUrlDialog asked={asked} onClose={() => setAsked(null)} editor={editor} />}
    </>
  );
}

const ASK = {
  embed: {
    title: "Embed a video or post",
    description: "Paste a YouTube, Vimeo or X address. Readers see a placeholder until they click it.",
    label: "Video or post address",
    placeholder: "https://www.youtube.com/watch?v=…",
    submit: "Embed",
  },
  bookmark: {
    title: "Add a bookmark",
    description: "Paste a web page's address: its title, description and image are read and shown as a card.",
    label: "Page address",
    placeholder: "https://example.com/article",
    submit: "Add bookmark",
  },
} as const;

/** The address an embed or bookmark card starts from, asked in a dialog. */
function CardUrlDialog({ asked, onClose, editor }: { asked: Asked; onClose: () => void; editor: Editor }) {
  return (
    <Dialog open={asked !== null} onOpenChange={(open) => !open && onClose()}>
      {asked && <CardUrlForm key={asked} kind={asked} onClose={onClose} editor={editor} />}
    </Dialog>
  );
}

function CardUrlForm({ kind, onClose, editor }: { kind: "embed" | "bookmark"; onClose: () => void; editor: Editor }) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const text = ASK[kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kind === "embed") {
      const embed = parseEmbedUrl(url);
      if (!embed) return setError("Enter a YouTube, Vimeo or X (Twitter) post address.");
      insertBlock(editor, { type: "embedCard", attrs: { ...embed } });
      return onClose();
    }
    if (busy) return;
    setBusy(true);
    try {
      const bookmark = await request<BookmarkData>("POST", "/api/cms/bookmarks", { url: url.trim() });
      insertBlock(editor, { type: "bookmarkCard", attrs: { ...bookmark } });
      onClose();
    } catch (failure) {
      const fields = (failure as { fieldErrors?: Record<string, string> | null }).fieldErrors;
      setError(fields?.url ?? (failure as Error).message);
      setBusy(false);
    }
  };

  return (
    <DialogContent aria-describedby={`${id}-description`}>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription id={`${id}-description`}>{text.description}</DialogDescription>
        </DialogHeader>
        <UrlField
          id={`${id}-url`}
          label={text.label}
          value={url}
          autoFocus
          placeholder={text.placeholder}
          error={error}
          onValueChange={(value) => {
            setUrl(value);
            setError("");
          }}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Reading the page…" : text.submit}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
