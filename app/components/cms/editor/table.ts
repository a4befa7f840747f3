import { findParentNode, type Editor } from "@tiptap/core";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";

/**
 * Tables in the post editor (docs/decisions/055): rows, header cells and cells, no column resizing (the public
 * page sizes columns to their content). Tab and Shift+Tab move between cells; unlike Tiptap's default, Tab in the
 * last cell does not add a row: it leaves the editor as Tab does anywhere else, so a keyboard user is never
 * trapped (rows are added with the table controls). Arrow keys move the cursor out of the table into the text.
 */
const PostTable = Table.extend({
  addKeyboardShortcuts() {
    return {
      ...this.parent?.(),
      Tab: () => this.editor.commands.goToNextCell(),
    };
  },
}).configure({ resizable: false });

export const tableExtensions = [PostTable, TableRow, TableHeader, TableCell];

/** Whether the cursor is in a table, and whether that table's first row is a header row. */
export function tableState(editor: Editor) {
  const table = findParentNode((node) => node.type.name === "table")(editor.state.selection);
  const firstCell = table?.node.firstChild?.firstChild;
  return { inTable: Boolean(table), headerRow: firstCell?.type.name === "tableHeader" };
}
