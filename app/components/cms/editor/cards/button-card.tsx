import { useEffect, useId, useRef } from "react";
import { Node } from "@tiptap/core";
import { ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { siteConfig } from "../../../../../shared/site-config.ts";
import { BOOK_A_DEMO_LABEL } from "../../../../../shared/post-cards.ts";
import { checkLinkUrl } from "../url-rules.ts";
import { CardField, CardFrame, takeCardFocus } from "./card-frame.tsx";

/** Button card (docs/decisions/076-post-cards.md): one centred call to action; "Book a Demo" fills itself in. */
export const ButtonCard = Node.create({
  name: "buttonCard",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes: () => ({ label: { default: "", rendered: false }, href: { default: "", rendered: false } }),
  parseHTML: () => [
    {
      tag: "p.button-card",
      priority: 60,
      getAttrs: (element) => {
        const link = element.querySelector("a");
        return { label: link?.textContent?.trim() ?? element.textContent?.trim() ?? "", href: link?.getAttribute("href") ?? "" };
      },
    },
  ],
  renderHTML: ({ node }) => {
    const { label, href } = node.attrs as { label: string; href: string };
    return ["p", { class: "button-card" }, ["a", { class: "button-card__link", href }, label || href]];
  },
  addNodeView: () => ReactNodeViewRenderer(ButtonView),
});

function ButtonView({ node, updateAttributes, selected, deleteNode }: ReactNodeViewProps) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const { label, href } = node.attrs as { label: string; href: string };
  const check = href ? checkLinkUrl(href) : null;
  useEffect(() => {
    if (takeCardFocus()) first.current?.focus();
  }, []);
  return (
    <CardFrame
      name="Button"
      selected={selected}
      onRemove={deleteNode}
      settings={
        <>
          <CardField id={`${id}-label`} label="Button text">
            <input ref={first} id={`${id}-label`} value={label} onChange={(event) => updateAttributes({ label: event.target.value })} />
          </CardField>
          <CardField id={`${id}-href`} label="Button link">
            <input
              id={`${id}-href`}
              value={href}
              placeholder="/book-demo or https://…"
              aria-invalid={check && !check.ok ? true : undefined}
              aria-describedby={check && !check.ok ? `${id}-error` : undefined}
              onChange={(event) => updateAttributes({ href: event.target.value })}
            />
          </CardField>
          <button type="button" className="editor-card__preset" onClick={() => updateAttributes({ label: BOOK_A_DEMO_LABEL, href: siteConfig.demoPath })}>
            Use “{BOOK_A_DEMO_LABEL}”
          </button>
          {check && !check.ok && (
            <p id={`${id}-error`} role="alert" className="editor-card__error">
              {check.message}
            </p>
          )}
        </>
      }
    >
      <p contentEditable={false} className="button-card">
        <span className="button-card__link">{label || "Button text"}</span>
      </p>
    </CardFrame>
  );
}
