import type { Editor, JSONContent } from "@tiptap/core";

/**
 * Puts a card where the cursor is (docs/decisions/076-post-cards.md): an empty top-level line is replaced,
 * otherwise the card goes after the block the cursor is in. With `cursorInside`, the cursor moves into the
 * card's first text (callout, code block).
 */
export function insertBlock(editor: Editor, content: JSONContent, cursorInside = false) {
  const { selection } = editor.state;
  const { $from } = selection;
  // A selected card (the selection is at the top level): after it.
  const block = $from.depth === 0 ? null : $from.node(1);
  const emptyLine = block?.type.name === "paragraph" && block.content.size === 0;
  const from = !block ? selection.to : emptyLine ? $from.before(1) : $from.after(1);
  const to = emptyLine ? $from.after(1) : from;
  const chain = editor.chain().focus().insertContentAt({ from, to }, content);
  (cursorInside ? chain.setTextSelection(from + (content.content ? 2 : 1)) : chain).run();
}
