import type { Editor, JSONContent } from "@tiptap/core";

/**
 * Puts a card where the cursor is (docs/decisions/076-post-cards.md): an empty top-level line is replaced,
 * otherwise the card goes after the block the cursor is in (or after a selected card). "text": the cursor
 * moves into the card's first text (callout, code block); "card": the card's own view takes the focus (its
 * first field), so the editor does not.
 */
export function insertBlock(editor: Editor, content: JSONContent, focus: "editor" | "text" | "card" = "editor") {
  const { selection } = editor.state;
  const { $from } = selection;
  const block = $from.depth === 0 ? null : $from.node(1);
  const emptyLine = block?.type.name === "paragraph" && block.content.size === 0;
  const from = !block ? selection.to : emptyLine ? $from.before(1) : $from.after(1);
  const to = emptyLine ? $from.after(1) : from;
  const chain = focus === "card" ? editor.chain() : editor.chain().focus();
  chain.insertContentAt({ from, to }, content);
  if (focus === "text") chain.setTextSelection(from + (content.content ? 2 : 1));
  chain.run();
}
