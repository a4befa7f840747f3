import { useId } from "react";
import { Node } from "@tiptap/core";
import { closeHistory } from "@tiptap/pm/history";
import { Plugin } from "@tiptap/pm/state";
import { ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { Play } from "lucide-react";
import { EMBED_PROVIDER_NAMES, embedPageUrl, isValidEmbed, parseEmbedUrl, type EmbedProvider } from "../../../../../shared/embed.ts";
import { CardField, CardFrame } from "./card-frame.tsx";

/**
 * Embed card (docs/decisions/076-post-cards.md): a YouTube, Vimeo or X post stored as provider + id, shown on
 * the blog behind a click-to-load facade. A pasted address on an empty line becomes one; Undo turns it back
 * into the link.
 */
export const EmbedCard = Node.create({
  name: "embedCard",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes: () => ({
    provider: { default: "youtube", rendered: false },
    id: { default: "", rendered: false },
    title: { default: "", rendered: false },
    caption: { default: "", rendered: false },
  }),
  parseHTML: () => [
    {
      tag: "figure.embed-card",
      priority: 60,
      getAttrs: (element) => {
        const provider = element.getAttribute("data-provider") ?? "";
        const id = element.getAttribute("data-id") ?? "";
        if (!isValidEmbed(provider, id)) return false;
        const title = element.querySelector("a")?.textContent?.trim() ?? "";
        return {
          provider,
          id,
          title: title === embedPageUrl({ provider: provider as EmbedProvider, id }) ? "" : title,
          caption: element.querySelector("figcaption")?.textContent?.trim() ?? "",
        };
      },
    },
  ],
  renderHTML: ({ node }) => {
    const { provider, id, title, caption } = node.attrs as { provider: EmbedProvider; id: string; title: string; caption: string };
    const href = embedPageUrl({ provider, id });
    const link = ["a", { href }, title || `${EMBED_PROVIDER_NAMES[provider]}: ${href}`];
    return ["figure", { class: "embed-card", "data-provider": provider, "data-id": id }, link, ...(caption ? [["figcaption", {}, caption]] : [])];
  },
  addNodeView: () => ReactNodeViewRenderer(EmbedView),
  addProseMirrorPlugins() {
    const type = this.type;
    const linkType = this.editor.schema.marks.link;
    return [
      new Plugin({
        props: {
          // Ghost's behaviour: the address is pasted as a link, then made a card in a second undo step.
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData("text/plain")?.trim() ?? "";
            const embed = text && !/\s/.test(text) ? parseEmbedUrl(text) : null;
            const { $from, empty } = view.state.selection;
            if (!embed || !empty || $from.parent.type.name !== "paragraph" || $from.parent.content.size > 0 || $from.depth !== 1) return false;
            event.preventDefault();
            const start = $from.before();
            const withLink = view.state.tr.insertText(text);
            if (linkType) withLink.addMark($from.pos, $from.pos + text.length, linkType.create({ href: text }));
            view.dispatch(withLink);
            const paragraph = view.state.doc.nodeAt(start);
            const toCard = closeHistory(view.state.tr).replaceWith(start, start + (paragraph?.nodeSize ?? 0), type.create(embed));
            view.dispatch(toCard.scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});

function EmbedView({ node, updateAttributes, selected, deleteNode }: ReactNodeViewProps) {
  const id = useId();
  const { provider, title, caption } = node.attrs as { provider: EmbedProvider; id: string; title: string; caption: string };
  const name = EMBED_PROVIDER_NAMES[provider];
  return (
    <CardFrame
      name="Embed"
      selected={selected}
      onRemove={deleteNode}
      settings={
        <>
          <CardField id={`${id}-title`} label="Link text">
            <input id={`${id}-title`} value={title} placeholder={`${name} video`} onChange={(event) => updateAttributes({ title: event.target.value })} />
          </CardField>
          <CardField id={`${id}-caption`} label="Caption">
            <input id={`${id}-caption`} value={caption} onChange={(event) => updateAttributes({ caption: event.target.value })} />
          </CardField>
        </>
      }
    >
      <div contentEditable={false} className="editor-embed">
        <span className="editor-embed__play" aria-hidden="true">
          <Play className="size-5" />
        </span>
        <span className="editor-embed__text">
          <strong>{name}</strong>
          <span>{embedPageUrl({ provider, id: node.attrs.id as string })}</span>
          <span className="editor-embed__note">On the blog it loads only when a reader clicks it.</span>
        </span>
      </div>
    </CardFrame>
  );
}
