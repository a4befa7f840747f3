import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { NodeViewWrapper, type ReactNodeViewProps } from "@tiptap/react";
import { Captions, Trash2 } from "lucide-react";
import { IMAGE_CARD_LAYOUTS, imageCardClass, type ImageCardLayout } from "../../../../shared/image-card.ts";
import { Divider, ToolbarButton, useRovingFocus } from "./editor-toolbar.tsx";
import type { ImageCardAttributes } from "./image-card.ts";

const layoutLabels: Record<ImageCardLayout, string> = { normal: "Normal", wide: "Wide", full: "Full" };

/**
 * An image card while it is written (docs/decisions/056): the image, its caption editable in place, and, while
 * the card is selected, a toolbar for its alt text, caption and width. Tab from the selected card reaches the
 * toolbar (app/components/cms/editor/image-card.ts); Escape, or Enter in a field, goes back to the text.
 */
export function ImageCardView({ node, selected, editor, getPos, updateAttributes, deleteNode }: ReactNodeViewProps) {
  const { src, alt, title, layout, caption } = node.attrs as ImageCardAttributes;
  const [altOpen, setAltOpen] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  /** Set by the Caption button: the new caption field takes the focus as it appears. */
  const focusNewCaption = useRef(false);
  const captionRef = useRef<HTMLTextAreaElement>(null);
  const roving = useRovingFocus(toolbarRef);
  const id = useId();
  const editable = editor.isEditable;

  useEffect(() => {
    if (caption === null || !focusNewCaption.current) return;
    focusNewCaption.current = false;
    captionRef.current?.focus();
  }, [caption]);
  // The alt text field closes with the card's selection (state adjusted while rendering, not in an effect).
  if (altOpen && !selected) setAltOpen(false);

  // The card stays selected (a NodeSelection): focusing the editor again puts the keyboard back on it.
  const backToText = () => editor.commands.focus();
  const selectCard = () => {
    const pos = getPos();
    if (!selected && typeof pos === "number") editor.commands.setNodeSelection(pos);
  };
  const closeAlt = () => {
    setAltOpen(false);
    toolbarRef.current?.querySelector<HTMLElement>("[aria-expanded]")?.focus();
  };
  const leaveField = (event: KeyboardEvent, leave: () => void) => {
    if (event.key !== "Enter" && event.key !== "Escape") return;
    event.preventDefault();
    leave();
  };

  return (
    <NodeViewWrapper as="figure" className={imageCardClass(layout)} data-selected={selected || undefined}>
      {selected && editable && (
        <div className="image-card-tools" contentEditable={false}>
          <div
            ref={toolbarRef}
            role="toolbar"
            aria-label="Image"
            onFocus={roving.onFocus}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                backToText();
              } else roving.onKeyDown(event);
            }}
            className="mx-auto flex w-fit max-w-full flex-wrap items-center justify-center gap-0.5 rounded-lg border border-border bg-white p-1 shadow-overlay"
          >
            <ToolbarButton label="Alt text" showLabel expanded={altOpen} onClick={() => setAltOpen((open) => !open)} />
            <ToolbarButton
              icon={Captions}
              label="Caption"
              pressed={caption !== null}
              onClick={() => {
                if (caption !== null) return updateAttributes({ caption: null });
                focusNewCaption.current = true;
                updateAttributes({ caption: "" });
              }}
            />
            <Divider />
            <div role="group" aria-label="Width" className="flex items-center gap-0.5">
              {IMAGE_CARD_LAYOUTS.map((value) => (
                <ToolbarButton
                  key={value}
                  label={layoutLabels[value]}
                  showLabel
                  pressed={layout === value}
                  onClick={() => updateAttributes({ layout: value })}
                />
              ))}
            </div>
            <ToolbarButton
              icon={Trash2}
              label="Remove image"
              onClick={() => {
                deleteNode();
                editor.commands.focus();
              }}
            />
          </div>
          {altOpen && (
            <div className="mt-1.5 grid gap-1.5 rounded-lg border border-border bg-white p-3 shadow-overlay">
              <label htmlFor={`${id}-alt`} className="text-xs font-semibold text-foreground">
                Alt text
              </label>
              <input
                id={`${id}-alt`}
                ref={(input) => input?.focus()}
                value={alt ?? ""}
                aria-describedby={`${id}-alt-hint`}
                onChange={(event) => updateAttributes({ alt: event.target.value })}
                onKeyDown={(event) => leaveField(event, closeAlt)}
                className="h-8 rounded-md border border-border-strong bg-white px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              />
              <p id={`${id}-alt-hint`} className="text-xs text-muted-foreground">
                Describe the image for people who cannot see it. Press Enter when done.
              </p>
            </div>
          )}
        </div>
      )}
      <img src={src} alt={alt ?? ""} title={title ?? undefined} draggable data-drag-handle="" />
      {caption !== null && (
        <figcaption>
          <textarea
            ref={captionRef}
            aria-label="Caption"
            rows={1}
            value={caption}
            placeholder="Write a caption"
            readOnly={!editable}
            // Only the selected card's caption is in the Tab order, so Tab from the text reaches its toolbar first.
            tabIndex={selected ? 0 : -1}
            onFocus={selectCard}
            onChange={(event) => updateAttributes({ caption: event.target.value.replace(/\s*\n\s*/g, " ") })}
            onKeyDown={(event) => leaveField(event, backToText)}
            className="image-card-caption"
          />
        </figcaption>
      )}
    </NodeViewWrapper>
  );
}
