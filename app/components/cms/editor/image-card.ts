import Image from "@tiptap/extension-image";
import { NodeSelection } from "@tiptap/pm/state";
import { ReactNodeViewRenderer } from "@tiptap/react";
import { IMAGE_CARD_LAYOUTS, imageCardClass, imageCardLayoutOf, type ImageCardLayout } from "../../../../shared/image-card.ts";
import { ImageCardView } from "./image-card-view.tsx";

export interface ImageCardAttributes {
  src: string;
  alt: string | null;
  title: string | null;
  width: string | null;
  height: string | null;
  layout: ImageCardLayout;
  /** The caption's plain text; null when the card has none ("" while one is being written). */
  caption: string | null;
}

/** The image of a card (`figure.image-card > img`), or the bare `<img>` of a post saved before cards. */
const imageOf = (element: HTMLElement) => (element.tagName === "FIGURE" ? element.querySelector("img") : element);

/**
 * The editor's image, as a card (docs/decisions/056): `<figure class="image-card[ image-card--wide|--full]">`
 * with the image and an optional plain-text `<figcaption>`. Still the node "image", so uploads, pasting,
 * dropping and `setImage` are unchanged; an older post's bare `<img>` opens as a Normal card without caption.
 */
export const ImageCard = Image.extend({
  addAttributes() {
    const fromImage = (name: string) => ({
      default: null,
      parseHTML: (element: HTMLElement) => imageOf(element)?.getAttribute(name) ?? null,
    });
    return {
      src: fromImage("src"),
      alt: fromImage("alt"),
      title: fromImage("title"),
      width: fromImage("width"),
      height: fromImage("height"),
      layout: {
        default: "normal",
        parseHTML: (element: HTMLElement) => (element.tagName === "FIGURE" ? imageCardLayoutOf(element.className) : "normal"),
        rendered: false,
      },
      caption: {
        default: null,
        parseHTML: (element: HTMLElement) => element.querySelector(":scope > figcaption")?.textContent ?? null,
        rendered: false,
      },
    };
  },

  parseHTML() {
    return [
      // Before the bare image, so a card's own <img> is not read a second time.
      { tag: "figure.image-card", priority: 60, getAttrs: (element: HTMLElement) => (element.querySelector("img[src]") ? null : false) },
      ...(this.parent?.() ?? []),
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const { layout, caption } = node.attrs as ImageCardAttributes;
    const figure = ["figure", { class: imageCardClass(IMAGE_CARD_LAYOUTS.includes(layout) ? layout : "normal") }, ["img", HTMLAttributes]] as const;
    // An empty caption is no caption: the page shows none, and the sanitiser would drop it.
    return caption?.trim() ? [...figure, ["figcaption", caption.trim()]] : [...figure];
  },

  addNodeView() {
    return ReactNodeViewRenderer(ImageCardView);
  },

  addKeyboardShortcuts() {
    return {
      // Tab from a selected card reaches its toolbar (Alt text, Caption, Width, Remove): WAI-ARIA toolbar pattern.
      Tab: ({ editor }) => {
        const { selection } = editor.state;
        if (!(selection instanceof NodeSelection) || selection.node.type.name !== this.name) return false;
        const card = editor.view.nodeDOM(selection.from);
        const tools = card instanceof HTMLElement ? card.querySelectorAll<HTMLElement>("[data-toolbar-item]") : [];
        const current = Array.from(tools).find((item) => item.tabIndex === 0) ?? tools[0];
        current?.focus();
        return Boolean(current);
      },
    };
  },
});
