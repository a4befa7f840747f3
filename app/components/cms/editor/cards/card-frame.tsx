import type { ReactNode } from "react";
import { NodeViewWrapper } from "@tiptap/react";
import { Trash2 } from "lucide-react";
import { cn } from "../../../../lib/cn.ts";

/**
 * The frame every card shows in the editor (docs/decisions/076-post-cards.md): its name, a Remove button and
 * its settings, labelled and reachable by keyboard. Outlined when the card is selected.
 */
export function CardFrame({
  name,
  selected,
  onRemove,
  children,
  settings,
  as = "div",
}: {
  name: string;
  selected: boolean;
  onRemove: () => void;
  children?: ReactNode;
  settings?: ReactNode;
  as?: "div" | "aside";
}) {
  return (
    <NodeViewWrapper as={as} role="group" aria-label={`${name} card`} className={cn("editor-card", selected && "editor-card--selected")} data-card={name}>
      <div contentEditable={false} className="editor-card__bar">
        <span className="editor-card__name">{name}</span>
        <button type="button" className="editor-card__remove" aria-label={`Remove ${name.toLowerCase()} card`} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden={true} />
        </button>
      </div>
      {children}
      {settings && (
        <div contentEditable={false} className="editor-card__settings">
          {settings}
        </div>
      )}
    </NodeViewWrapper>
  );
}

/** A labelled field inside a card's settings. */
export function CardField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="editor-card__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** Set by the Insert menu: the next card view to mount takes the focus (its first field). */
let focusNextCard = false;
export const requestCardFocus = () => {
  focusNextCard = true;
};
export const takeCardFocus = () => {
  const take = focusNextCard;
  focusNextCard = false;
  return take;
};
