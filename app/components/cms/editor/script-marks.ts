import { Mark } from "@tiptap/core";

/**
 * Superscript and subscript (docs/decisions/055): footnote markers and chemical formulas survive a paste from
 * Word or Google Docs. Tiptap's own extensions are not published for the editor's Tiptap version, so these are
 * the two small marks they would be: <sup> and <sub>, mutually exclusive, Ctrl+. and Ctrl+, as in Tiptap.
 */
declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    superscript: { toggleSuperscript: () => ReturnType };
    subscript: { toggleSubscript: () => ReturnType };
  }
}

export const Superscript = Mark.create({
  name: "superscript",
  excludes: "subscript",
  parseHTML: () => [{ tag: "sup" }, { style: "vertical-align", getAttrs: (value) => (value === "super" ? null : false) }],
  renderHTML: () => ["sup", 0],
  addCommands() {
    return { toggleSuperscript: () => ({ commands }) => commands.toggleMark(this.name) };
  },
  addKeyboardShortcuts() {
    return { "Mod-.": () => this.editor.commands.toggleSuperscript() };
  },
});

export const Subscript = Mark.create({
  name: "subscript",
  excludes: "superscript",
  parseHTML: () => [{ tag: "sub" }, { style: "vertical-align", getAttrs: (value) => (value === "sub" ? null : false) }],
  renderHTML: () => ["sub", 0],
  addCommands() {
    return { toggleSubscript: () => ({ commands }) => commands.toggleMark(this.name) };
  },
  addKeyboardShortcuts() {
    return { "Mod-,": () => this.editor.commands.toggleSubscript() };
  },
});
