import { Mark, mergeAttributes } from "@tiptap/core";

/** docs/product.md §9: the editor's text sizes. Each renders as exactly `<span class="text-size-{size}">`, the only span the blog's sanitiser keeps. */
export const textSizes = ["small", "large", "huge"] as const;
export type TextSize = (typeof textSizes)[number];

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    textSize: {
      setTextSize: (size: TextSize) => ReturnType;
      unsetTextSize: () => ReturnType;
    };
  }
}

export const TextSizeMark = Mark.create({
  name: "textSize",

  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (element) => textSizes.find((size) => element.classList.contains(`text-size-${size}`)) ?? null,
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return textSizes.map((size) => ({ tag: `span.text-size-${size}`, attrs: { size } }));
  },

  renderHTML({ mark }) {
    return ["span", mergeAttributes({ class: `text-size-${mark.attrs.size as TextSize}` }), 0];
  },

  addCommands() {
    return {
      setTextSize:
        (size) =>
        ({ commands }) =>
          commands.setMark(this.name, { size }),
      unsetTextSize:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name),
    };
  },
});
