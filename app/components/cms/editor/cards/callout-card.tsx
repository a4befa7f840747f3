import { useId } from "react";
import { Node } from "@tiptap/core";
import { NodeViewContent, ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { CALLOUT_LABELS, CALLOUT_TYPES, type CalloutType } from "../../../../../shared/post-cards.ts";
import { CardField, CardFrame } from "./card-frame.tsx";

/** Callout card (docs/decisions/076-post-cards.md): paragraphs with marks and links, in a box of one of four types. */
export const CalloutCard = Node.create({
  name: "calloutCard",
  group: "block",
  content: "paragraph+",
  defining: true,
  addAttributes: () => ({ type: { default: "info", rendered: false } }),
  parseHTML: () => [
    {
      tag: "aside.callout",
      getAttrs: (element) => ({ type: CALLOUT_TYPES.find((type) => element.classList.contains(`callout--${type}`)) ?? "info" }),
    },
  ],
  renderHTML: ({ node }) => ["aside", { class: `callout callout--${node.attrs.type as CalloutType}` }, 0],
  addNodeView: () => ReactNodeViewRenderer(CalloutView),
});

function CalloutView({ node, updateAttributes, selected, deleteNode }: ReactNodeViewProps) {
  const id = useId();
  const type = node.attrs.type as CalloutType;
  return (
    <CardFrame
      name="Callout"
      selected={selected}
      onRemove={deleteNode}
      settings={
        <CardField id={`${id}-type`} label="Callout type">
          <select id={`${id}-type`} value={type} onChange={(event) => updateAttributes({ type: event.target.value })}>
            {CALLOUT_TYPES.map((value) => (
              <option key={value} value={value}>
                {CALLOUT_LABELS[value]}
              </option>
            ))}
          </select>
        </CardField>
      }
    >
      <NodeViewContent className={`callout callout--${type}`} />
    </CardFrame>
  );
}
