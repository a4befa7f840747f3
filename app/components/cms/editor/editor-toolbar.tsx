import { useLayoutEffect, type ComponentType, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  ChevronDown,
  Code2,
  ImagePlus,
  Italic,
  Grid2x2X,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  RemoveFormatting,
  PanelTop,
  Strikethrough,
  Subscript,
  Superscript,
  Table,
  TableColumnsSplit,
  TableRowsSplit,
  Underline,
  Undo2,
} from "lucide-react";
import { cn } from "../../../lib/cn.ts";
import { tableState } from "./table.ts";
import { textSizes, type TextSize } from "./text-size.ts";
import { CODE_LANGUAGES } from "../../../../shared/post-cards.ts";
import { InsertMenu } from "./cards/insert-menu.tsx";

interface EditorToolbarProps {
  ref: RefObject<HTMLDivElement | null>;
  editor: Editor | null;
  onLink: () => void;
  onImage: () => void;
}

const blockStyles = [
  { value: "paragraph", label: "Paragraph" },
  { value: "h2", label: "Heading 2" },
  { value: "h3", label: "Heading 3" },
  { value: "h4", label: "Heading 4" },
] as const;
type BlockStyle = (typeof blockStyles)[number]["value"];

const sizeLabels: Record<TextSize, string> = { small: "Small", large: "Large", huge: "Huge" };

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move
 * between controls; every button has a name and, for toggles, aria-pressed showing its state.
 */
export function EditorToolbar({ ref, editor, onLink, onImage }: EditorToolbarProps) {
  // useEditorState recomputes on transactions; until the first one, read the new editor directly.
  const tracked = useEditorState({ editor, selector: ({ editor: e }) => (e ? selectToolbarState(e) : null) });
  const state = tracked ?? (editor ? selectToolbarState(editor) : null);
  const roving = useRovingFocus(ref);
  const chain = () => editor!.chain().focus();
  const disabled = !editor || !state;

  const setBlock = (value: string) => {
    if (value === "paragraph") chain().setParagraph().run();
    else if (value) chain().setHeading({ level: Number(value.slice(1)) as 2 | 3 | 4 }).run();
  };
  const setSize = (value: string) => {
    if (value === "") chain().unsetTextSize().run();
    else chain().setTextSize(value as TextSize).run();
  };

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
      // One row that scrolls sideways when it does not fit (a phone), never wrapping onto more rows
      // (docs/decisions/061, "The editor's layout"); every control stays in the arrow-key order. While more
      // follows, a shadow at its end says so (editor.css).
      className="editor-toolbar flex items-center overflow-x-auto border-b border-border px-1.5 py-1.5 [scrollbar-width:thin] *:shrink-0"
    >
      <ToolbarSelect
        label="Text style"
        value={state?.block ?? "paragraph"}
        disabled={disabled}
        onChange={setBlock}
        className="w-27"
      >
        {state?.block === "" && <option value="">Other</option>}
        {blockStyles.map((style) => (
          <option key={style.value} value={style.value}>
            {style.label}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarSelect label="Text size" value={state?.size ?? ""} disabled={disabled} onChange={setSize} className="w-22">
        <option value="">Normal</option>
        {textSizes.map((size) => (
          <option key={size} value={size}>
            {sizeLabels[size]}
          </option>
        ))}
      </ToolbarSelect>
      <Divider />
      <ToolbarButton icon={Bold} label="Bold" shortcut="Ctrl+B" pressed={state?.bold} disabled={disabled} onClick={() => chain().toggleBold().run()} />
      <ToolbarButton icon={Italic} label="Italic" shortcut="Ctrl+I" pressed={state?.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()} />
      <ToolbarButton icon={Underline} label="Underline" shortcut="Ctrl+U" pressed={state?.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()} />
      <ToolbarButton icon={Strikethrough} label="Strikethrough" shortcut="Ctrl+Shift+S" pressed={state?.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()} />
      <ToolbarButton icon={Superscript} label="Superscript" shortcut="Ctrl+." pressed={state?.superscript} disabled={disabled} onClick={() => chain().toggleSuperscript().run()} />
      <ToolbarButton icon={Subscript} label="Subscript" shortcut="Ctrl+," pressed={state?.subscript} disabled={disabled} onClick={() => chain().toggleSubscript().run()} />
      <Divider />
      <ToolbarButton icon={List} label="Bulleted list" pressed={state?.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()} />
      <ToolbarButton icon={ListOrdered} label="Numbered list" pressed={state?.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()} />
      <ToolbarButton icon={Quote} label="Quote" pressed={state?.blockquote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()} />
      <ToolbarButton icon={Code2} label="Code block" pressed={state?.codeBlock} disabled={disabled} onClick={() => chain().toggleCodeBlock().run()} />
      <Divider />
      <ToolbarButton icon={Link2} label="Link" shortcut="Ctrl+K" pressed={state?.link} disabled={disabled} onClick={onLink} />
      <ToolbarButton icon={ImagePlus} label="Image" disabled={disabled} onClick={onImage} />
      <ToolbarButton
        icon={Table}
        label="Table"
        disabled={disabled || state?.inTable}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {state?.inTable && (
        // docs/decisions/055: the table's own controls, shown while the cursor is in a table.
        <div role="group" aria-label="Table" className="flex items-center gap-0.5 rounded-lg bg-brand-50 px-0.5">
          <ToolbarButton icon={BetweenHorizontalEnd} label="Add row below" onClick={() => chain().addRowAfter().run()} />
          <ToolbarButton icon={TableRowsSplit} label="Delete row" onClick={() => chain().deleteRow().run()} />
          <ToolbarButton icon={BetweenVerticalEnd} label="Add column right" onClick={() => chain().addColumnAfter().run()} />
          <ToolbarButton icon={TableColumnsSplit} label="Delete column" onClick={() => chain().deleteColumn().run()} />
          <ToolbarButton icon={PanelTop} label="Header row" pressed={state.headerRow} onClick={() => chain().toggleHeaderRow().run()} />
          <ToolbarButton icon={Grid2x2X} label="Delete table" onClick={() => chain().deleteTable().run()} />
        </div>
      )}
      <InsertMenu editor={editor} disabled={disabled} />
      {state?.codeBlock && (
        <ToolbarSelect
          label="Code language"
          value={state.language}
          disabled={disabled}
          onChange={(language) => chain().updateAttributes("codeBlock", { language: language || null }).run()}
          className="w-32"
        >
          {CODE_LANGUAGES.map((language) => (
            <option key={language.value} value={language.value}>
              {language.label}
            </option>
          ))}
        </ToolbarSelect>
      )}
      <Divider />
      <ToolbarButton icon={Undo2} label="Undo" shortcut="Ctrl+Z" disabled={disabled || !state?.canUndo} onClick={() => chain().undo().run()} />
      <ToolbarButton icon={Redo2} label="Redo" shortcut="Ctrl+Shift+Z" disabled={disabled || !state?.canRedo} onClick={() => chain().redo().run()} />
      <ToolbarButton
        icon={RemoveFormatting}
        label="Clear formatting"
        disabled={disabled}
        onClick={() => chain().unsetAllMarks().clearNodes().run()}
      />
    </div>
  );
}

function selectToolbarState(e: Editor) {
  const heading = ([2, 3, 4] as const).find((level) => e.isActive("heading", { level }));
  return {
    block: (heading ? `h${heading}` : e.isActive("paragraph") ? "paragraph" : "") as BlockStyle | "",
    size: (e.getAttributes("textSize").size as TextSize | undefined) ?? "",
    bold: e.isActive("bold"),
    italic: e.isActive("italic"),
    underline: e.isActive("underline"),
    strike: e.isActive("strike"),
    superscript: e.isActive("superscript"),
    subscript: e.isActive("subscript"),
    bulletList: e.isActive("bulletList"),
    orderedList: e.isActive("orderedList"),
    blockquote: e.isActive("blockquote"),
    codeBlock: e.isActive("codeBlock"),
    language: String(e.getAttributes("codeBlock").language ?? ""),
    link: e.isActive("link"),
    ...(({ inTable, headerRow }) => ({ inTable, headerRow }))(tableState(e)),
    canUndo: e.can().undo(),
    canRedo: e.can().redo(),
  };
}

/** A toolbar's button: an icon named by `label`, or with `showLabel` the label itself as its text. */
export function ToolbarButton({
  icon: Icon,
  label,
  showLabel,
  shortcut,
  pressed,
  expanded,
  disabled,
  onClick,
}: {
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  label: string;
  showLabel?: boolean;
  shortcut?: string;
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-toolbar-item=""
      aria-label={showLabel ? undefined : label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      aria-expanded={expanded}
      // aria-disabled, not disabled: a disabled control stays reachable in a toolbar (WAI-ARIA APG).
      aria-disabled={disabled || undefined}
      title={shortcut ? `${label} (${shortcut})` : label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => !disabled && onClick()}
      className={cn(
        "inline-flex h-8 min-w-7 items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-white hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        pressed && "bg-primary-soft text-primary-strong hover:bg-primary-soft-hover hover:text-primary-strong",
        showLabel && "gap-1.5 px-1.5 text-xs font-medium whitespace-nowrap",
        disabled && "cursor-not-allowed text-slate-400 hover:bg-transparent hover:text-slate-400",
      )}
    >
      {Icon && <Icon className="size-4" aria-hidden={true} />}
      {showLabel && label}
    </button>
  );
}

function ToolbarSelect({
  label,
  value,
  disabled,
  onChange,
  className,
  children,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  // A native select (its list is the platform's, keyboard and screen reader included), drawn like the toolbar's
  // buttons: no box until hovered, its own chevron (docs/decisions/061, "The editor's layout").
  return (
    <span className={cn("relative inline-flex shrink-0", className)}>
      <select
        data-toolbar-item=""
        aria-label={label}
        value={value}
        aria-disabled={disabled || undefined}
        onChange={(event) => !disabled && onChange(event.target.value)}
        className="h-8 w-full cursor-pointer appearance-none rounded-md border border-transparent bg-transparent pr-7 pl-2 text-sm font-medium text-slate-700 transition-colors hover:border-border hover:bg-white hover:text-foreground focus-visible:border-border focus-visible:bg-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2 text-muted-foreground" aria-hidden={true} />
    </span>
  );
}

export function Divider() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-border-strong" />;
}

/**
 * Roving tabindex: only the last focused control is in the Tab order (the DOM remembers which: the
 * one with tabindex 0); arrows, Home and End move between them.
 */
export function useRovingFocus(ref: RefObject<HTMLDivElement | null>) {
  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>("[data-toolbar-item]") ?? []);
  const makeCurrent = (target: HTMLElement | undefined) => {
    const all = items();
    const chosen = target && all.includes(target) ? target : (all.find((item) => item.tabIndex === 0) ?? all[0]);
    for (const item of all) item.tabIndex = item === chosen ? 0 : -1;
  };
  useLayoutEffect(() => makeCurrent(undefined));

  return {
    onFocus: (event: { target: EventTarget }) => makeCurrent(event.target as HTMLElement),
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const all = items();
      const index = all.indexOf(event.target as HTMLElement);
      if (index < 0) return;
      const next =
        event.key === "ArrowRight"
          ? (index + 1) % all.length
          : event.key === "ArrowLeft"
            ? (index - 1 + all.length) % all.length
            : event.key === "Home"
              ? 0
              : event.key === "End"
                ? all.length - 1
                : -1;
      if (next < 0) return;
      event.preventDefault();
      all[next]?.focus();
    },
  };
}
