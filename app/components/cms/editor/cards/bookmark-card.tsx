import { Node } from "@tiptap/core";
import { ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { CardFrame } from "./card-frame.tsx";

/** What POST /api/cms/bookmarks answers (docs/api-posts.md), the card's attributes. */
export interface BookmarkData {
  url: string;
  title: string;
  description: string;
  image: string | null;
  publisher: string;
}

/**
 * Bookmark card (docs/decisions/076-post-cards.md): a link to another page with its title, description,
 * publisher and image, read by the server; the image is a copy in the media store.
 */
export const BookmarkCard = Node.create({
  name: "bookmarkCard",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes: () => ({
    url: { default: "", rendered: false },
    title: { default: "", rendered: false },
    description: { default: "", rendered: false },
    publisher: { default: "", rendered: false },
    image: { default: null, rendered: false },
  }),
  parseHTML: () => [
    {
      tag: "figure.bookmark-card",
      priority: 60,
      getAttrs: (element) => {
        const text = (name: string) => element.querySelector(`.bookmark-card__${name}`)?.textContent?.trim() ?? "";
        return {
          url: element.querySelector("a")?.getAttribute("href") ?? "",
          title: text("title"),
          description: text("description"),
          publisher: text("publisher"),
          image: element.querySelector("img")?.getAttribute("src") ?? null,
        };
      },
    },
  ],
  renderHTML: ({ node }) => {
    const { url, title, description, publisher, image } = node.attrs as BookmarkData;
    const span = (name: string, value: string) => (value ? [["span", { class: `bookmark-card__${name}` }, value]] : []);
    return [
      "figure",
      { class: "bookmark-card" },
      ["a", { href: url }, ...span("title", title || url), ...span("description", description), ...span("publisher", publisher), ...(image ? [["img", { src: image, alt: "" }]] : [])],
    ];
  },
  addNodeView: () => ReactNodeViewRenderer(BookmarkView),
});

function BookmarkView({ node, selected, deleteNode }: ReactNodeViewProps) {
  const { url, title, description, publisher, image } = node.attrs as BookmarkData;
  return (
    <CardFrame name="Bookmark" selected={selected} onRemove={deleteNode}>
      <div contentEditable={false} className="bookmark-card">
        <a href={url} tabIndex={-1} onClick={(event) => event.preventDefault()}>
          <span className="bookmark-card__title">{title || url}</span>
          {description && <span className="bookmark-card__description">{description}</span>}
          <span className="bookmark-card__publisher">{publisher}</span>
          {image && <img src={image} alt="" />}
        </a>
      </div>
    </CardFrame>
  );
}
