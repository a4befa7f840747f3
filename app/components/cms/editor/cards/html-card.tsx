import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Node } from "@tiptap/core";
import { DOMSerializer, type DOMOutputSpec } from "@tiptap/pm/model";
import { ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { CardField, CardFrame, takeCardFocus } from "./card-frame.tsx";

/**
 * Raw HTML card (docs/decisions/076-post-cards.md): HTML typed by the writer, stored inside
 * `<div class="html-card">` and sanitised on save to the same allowlist as the rest of the post. The editor
 * never puts the typed HTML into the page as it is: it is parsed in an inert document and rebuilt without
 * scripts, frames, styles, event handlers or script URLs (the server's allowlist stays the authority).
 */
export const HtmlCard = Node.create({
  name: "htmlCard",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes: () => ({ html: { default: "", rendered: false } }),
  parseHTML: () => [{ tag: "div.html-card", priority: 60, getAttrs: (element) => ({ html: element.innerHTML.trim() }) }],
  renderHTML: ({ node }) => ["div", { class: "html-card" }, ...inertSpec(node.attrs.html as string)] as DOMOutputSpec,
  addNodeView: () => ReactNodeViewRenderer(HtmlView),
});

const DROPPED = new Set(["script", "style", "iframe", "frame", "frameset", "object", "embed", "link", "meta", "base", "form", "input", "button", "textarea", "select", "svg", "math", "template", "noscript", "title"]);
const UNSAFE_URL = /^\s*(javascript|vbscript|data):/i;

/** The typed HTML as output specs, read in a document that runs and loads nothing. */
export function inertSpec(html: string): DOMOutputSpec[] {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return Array.from(body.childNodes).flatMap(specOf);
}

function specOf(node: ChildNode): DOMOutputSpec[] {
  if (node.nodeType === 3) return [(node.textContent ?? "") as unknown as DOMOutputSpec];
  if (node.nodeType !== 1) return [];
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag) || !/^[a-z][a-z0-9]*$/.test(tag)) return [];
  const attributes: Record<string, string> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (name.startsWith("on") || name === "style" || name === "srcdoc" || name === "formaction") continue;
    if ((name === "href" || name === "src" || name === "xlink:href" || name === "action") && UNSAFE_URL.test(value)) continue;
    if (!/^[a-z][a-z0-9_:.-]*$/.test(name)) continue;
    attributes[name] = value;
  }
  return [[tag, attributes, ...Array.from(element.childNodes).flatMap(specOf)] as DOMOutputSpec];
}

function HtmlView({ node, updateAttributes, selected, deleteNode }: ReactNodeViewProps) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const shown = useRef<HTMLDivElement>(null);
  const html = node.attrs.html as string;
  useEffect(() => {
    if (takeCardFocus()) area.current?.focus();
  }, []);
  useLayoutEffect(() => {
    if (!preview || !shown.current) return;
    const { dom } = DOMSerializer.renderSpec(document, ["div", { class: "html-card" }, ...inertSpec(html)] as DOMOutputSpec);
    shown.current.replaceChildren(dom);
  }, [preview, html]);
  return (
    <CardFrame
      name="HTML"
      selected={selected}
      onRemove={deleteNode}
      settings={
        <button type="button" className="editor-card__preset" aria-pressed={preview} onClick={() => setPreview((on) => !on)}>
          Preview HTML
        </button>
      }
    >
      <div contentEditable={false}>
        {preview ? (
          <div ref={shown} className="editor-html__preview" aria-label="HTML preview" role="region" />
        ) : (
          <CardField id={`${id}-html`} label="HTML">
            <textarea
              ref={area}
              id={`${id}-html`}
              className="editor-html__code"
              spellCheck={false}
              rows={Math.min(14, Math.max(4, html.split("\n").length + 1))}
              value={html}
              aria-describedby={`${id}-hint`}
              onChange={(event) => updateAttributes({ html: event.target.value })}
            />
          </CardField>
        )}
        <p id={`${id}-hint`} className="editor-card__hint">
          Saved as the post allows: scripts, styles, frames and event attributes are removed.
        </p>
      </div>
    </CardFrame>
  );
}
