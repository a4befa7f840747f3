import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ArrowDown, ArrowUp, ChevronDown, Copy, Trash2 } from "lucide-react";
import { BLOCKS_MAX, type LandingBlock } from "../../../../shared/landing-pages.ts";
import { cn } from "../../../lib/cn.ts";
import { Button } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { FieldError } from "../editor/field-error.tsx";
import { AddBlockDialog } from "./add-block-dialog.tsx";
import { BlockFields } from "./block-fields.tsx";
import { blockLabel, newBlock, newBlockId } from "./block-specs.ts";

/** Moves the item at `from` to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Which control of a block's header takes the focus after a change, by its `data-control`. */
type FocusTarget = { blockId: string; control: "toggle" | "up" | "down" } | { addButton: true };

/** What a closed block shows beside its type: its headline or heading, else the start of its text. */
export function blockSummary(block: LandingBlock): string {
  const record = block as unknown as Record<string, unknown>;
  for (const key of ["headline", "heading", "title"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  if (block.type === "richText") {
    // Its heading and first paragraph as "Why stockouts happen · Sales, stock and…", not run together.
    const text = block.html.replace(/<\/(h[1-6]|p|li|blockquote)>/g, " · ").replace(/<br\s*\/?>/g, " ").replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").replace(/\s+/g, " ");
    return text.replace(/^[\s·]+|[\s·]+$/g, "").replace(/(\s·)+/g, " ·").slice(0, 120);
  }
  return "";
}

/**
 * The page's blocks (docs/decisions/039-landing-page-editor.md): a card per block, closed to a one-line summary (its
 * type and headline) until opened, each on its own; a block with a refused field opens itself
 * (docs/decisions/039, "The editor's layout"). Each has Move up, Move down,
 * Duplicate and Remove (each named after its block, "Move Hero up"), Alt+ArrowUp / Alt+ArrowDown on a
 * block's header to move it with the focus following, and a polite announcement of each move
 * ("Hero moved to position 2 of 5"). Add block appends one of the nine types.
 */
export function BlockList({
  blocks,
  errors,
  listError,
  revision,
  onChange,
  onBlockChange,
}: {
  blocks: LandingBlock[];
  /** Messages by block id, then field path. */
  errors: Record<string, Record<string, string>>;
  /** The page's own message about its blocks ("Add at least one block before publishing."). */
  listError: string | undefined;
  revision: number;
  onChange: (blocks: LandingBlock[]) => void;
  onBlockChange: (block: LandingBlock, path: string) => void;
}) {
  const [announcement, setAnnouncement] = useState("");
  // The blocks the writer opened: none at first, so a long page reads as its outline; added and duplicated ones open.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const expand = (id: string) => setExpanded((current) => new Set(current).add(id));
  const focusTarget = useRef<FocusTarget | null>(null);
  const setFocusTarget = (target: FocusTarget) => {
    focusTarget.current = target;
  };
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  // The focus follows a moved, added or removed block once it is rendered where it now is.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    if ("addButton" in target) addRef.current?.focus();
    else {
      const header = listRef.current?.querySelector(`[data-block="${target.blockId}"]`);
      const control = header?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]:not(:disabled)`);
      (control ?? header?.querySelector<HTMLButtonElement>('[data-control="toggle"]'))?.focus();
    }
  });

  const move = (from: number, to: number, control: "toggle" | "up" | "down") => {
    if (to < 0 || to >= blocks.length) return;
    const block = blocks[from]!;
    onChange(moved(blocks, from, to));
    setAnnouncement(`${blockLabel(block)} moved to position ${to + 1} of ${blocks.length}`);
    setFocusTarget({ blockId: block.id, control });
  };

  const duplicate = (index: number) => {
    const copy = { ...structuredClone(blocks[index]!), id: newBlockId(blocks) };
    onChange([...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)]);
    expand(copy.id);
    setAnnouncement(`${blockLabel(copy)} duplicated: the copy is at position ${index + 2} of ${blocks.length + 1}`);
    setFocusTarget({ blockId: copy.id, control: "toggle" });
  };

  const remove = (index: number) => {
    const block = blocks[index]!;
    const rest = blocks.filter((_, at) => at !== index);
    onChange(rest);
    setAnnouncement(`${blockLabel(block)} removed`);
    const next = rest[index] ?? rest[index - 1];
    setFocusTarget(next ? { blockId: next.id, control: "toggle" } : { addButton: true });
  };

  const add = (type: LandingBlock["type"]) => {
    const block = newBlock(type, blocks);
    onChange([...blocks, block]);
    expand(block.id);
    setAnnouncement(`${blockLabel(block)} added at position ${blocks.length + 1} of ${blocks.length + 1}`);
    setFocusTarget({ blockId: block.id, control: "toggle" });
  };

  const onHeaderKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const control = (event.target as HTMLElement).closest<HTMLElement>("[data-control]")?.dataset.control;
    move(index, event.key === "ArrowUp" ? index - 1 : index + 1, control === "up" || control === "down" ? control : "toggle");
  };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="blocks-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="blocks-heading" className="text-lg font-semibold tracking-tight text-foreground">
            Blocks{blocks.length > 0 ? ` (${blocks.length})` : ""}
          </h2>
          <p id="blocks-hint" className="text-sm text-muted-foreground">
            Open a block to edit it. Move a block with its buttons, or with Alt+Up and Alt+Down arrows on its header.
          </p>
        </div>
        {blocks.length > 1 && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setExpanded(expanded.size === blocks.length ? new Set() : new Set(blocks.map((block) => block.id)))}>
            {expanded.size === blocks.length ? "Close all blocks" : "Open all blocks"}
          </Button>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only" data-testid="block-announcement">
        {announcement}
      </p>
      {blocks.length === 0 && (
        <Card className="border-dashed px-6 py-10 text-center text-sm text-muted-foreground">No blocks yet. Add the first one: a hero is the usual start.</Card>
      )}
      <ol ref={listRef} className="@container grid grid-cols-[minmax(0,1fr)] gap-3" aria-labelledby="blocks-heading">
        {blocks.map((block, index) => {
          const label = blockLabel(block);
          const open = expanded.has(block.id) || Object.keys(errors[block.id] ?? {}).length > 0;
          const bodyId = `block-${block.id}-body`;
          const summary = blockSummary(block);
          return (
            <li key={block.id} className="min-w-0" aria-label={`${label}, block ${index + 1} of ${blocks.length}`}>
              <Card className={cn("overflow-hidden", errors[block.id] && Object.keys(errors[block.id]!).length > 0 && "border-red-300")}>
                {/*
                  In a narrow column (beside the preview, or a phone) the headline takes its own line under the block's
                  number and type, as wide as the card; from 42 rem on one line (a container query on the list).
                */}
                <div
                  data-block={block.id}
                  className={cn(
                    "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 bg-white px-3 py-2 @2xl:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-4",
                    open && "border-b border-border",
                  )}
                  onKeyDown={(event) => onHeaderKey(event, index)}
                >
                  <h3 className="col-start-1 row-start-1 min-w-0 text-base font-semibold text-foreground">
                    {/* Named by its number and type ("3. Rich text"); the headline under or beside it is its description. */}
                    <button
                      type="button"
                      data-control="toggle"
                      aria-expanded={open}
                      aria-controls={bodyId}
                      aria-describedby={summary ? `${bodyId}-summary blocks-hint` : "blocks-hint"}
                      onClick={() => toggle(block.id)}
                      className="flex max-w-full items-center gap-2 rounded-md px-1.5 py-1.5 text-left outline-none hover:bg-subtle focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <ChevronDown className={cn("size-4 shrink-0 text-muted-foreground transition-transform", !open && "-rotate-90")} aria-hidden="true" />
                      <span className="truncate">
                        <span className="tabular-nums text-muted-foreground">{index + 1}.</span> {label}
                      </span>
                    </button>
                  </h3>
                  {summary && (
                    // A wider target for the pointer; the keyboard has the button.
                    <span
                      id={`${bodyId}-summary`}
                      onClick={() => toggle(block.id)}
                      className="col-span-2 row-start-2 min-w-0 cursor-pointer truncate pb-1.5 pl-7.5 text-sm text-muted-foreground @2xl:col-span-1 @2xl:col-start-2 @2xl:row-start-1 @2xl:pb-0 @2xl:pl-0"
                    >
                      {summary}
                    </span>
                  )}
                  <div className="col-start-2 row-start-1 flex shrink-0 items-center @2xl:col-start-3">
                    <Button type="button" variant="ghost" size="sm" data-control="up" disabled={index === 0} onClick={() => move(index, index - 1, "up")} aria-label={`Move ${label} up`} title="Move up (Alt+Up arrow)">
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      data-control="down"
                      disabled={index === blocks.length - 1}
                      onClick={() => move(index, index + 1, "down")}
                      aria-label={`Move ${label} down`}
                      title="Move down (Alt+Down arrow)"
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button type="button" variant="ghost" size="sm" disabled={blocks.length >= BLOCKS_MAX} onClick={() => duplicate(index)} aria-label={`Duplicate ${label}`} title="Duplicate">
                      <Copy aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(index)}
                      aria-label={`Remove ${label}`}
                      title="Remove"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <div id={bodyId} hidden={!open} className="p-4 sm:p-5">
                  <BlockFields block={block} errors={errors[block.id] ?? {}} onChange={onBlockChange} revision={revision} />
                </div>
              </Card>
            </li>
          );
        })}
      </ol>
      <div className="grid gap-2">
        <AddBlockDialog triggerRef={addRef} disabled={blocks.length >= BLOCKS_MAX} invalid={listError} onAdd={add} />
        <FieldError fieldId="add-block" message={listError} />
      </div>
    </section>
  );
}
