/**
 * Clean paste (docs/decisions/055): HTML from Word, Google Docs, Notion or a web page is rewritten into exactly
 * the elements the post editor has (headings 2–4, paragraphs, nested lists, quotes, code, tables, links, bold,
 * italic, underline, strike, superscript, subscript, images), before ProseMirror parses it. Fonts, colours,
 * classes, mso-* styles, <o:p>, conditional comments and empty spans are dropped. Pure: it works on the
 * Document it is given (the browser's DOMParser in the editor, linkedom in unit tests).
 */

export type PasteSource = "Word" | "Google Docs" | "Notion";

/** An image the paste carried, by how the editor can keep it (docs/decisions/055). */
export interface PastedImage {
  /** The source's own address: data:, blob: (to upload) or http(s) (to import). */
  src: string;
  kind: "upload" | "import";
  /** The source's alt text, as it was (see meaningfulAlt). */
  alt: string;
}

export interface CleanPaste {
  html: string;
  images: PastedImage[];
  /** Images no web page can read (Word's file:// pictures, other schemes): dropped, and the writer is told. */
  unreadableImages: number;
  source: PasteSource | null;
}

export interface CleanPasteOptions {
  /** The src an image gets in the pasted HTML, e.g. a placeholder until its upload is done. Default: its own. */
  imageSrc?: (image: PastedImage, index: number) => string;
}

export function pasteSource(html: string): PasteSource | null {
  if (/docs-internal-guid-/i.test(html)) return "Google Docs";
  if (/urn:schemas-microsoft-com:office|class=["']?Mso|mso-/i.test(html)) return "Word";
  if (/notionvc:/i.test(html)) return "Notion";
  return null;
}

/**
 * docs/decisions/055: the post title is the page's h1, so a document's Title and Heading 1 become the editor's
 * Heading 2, Heading 2 becomes Heading 3, and Heading 3–6 become Heading 4.
 */
export function headingLevel(sourceLevel: number): 2 | 3 | 4 {
  return sourceLevel <= 1 ? 2 : sourceLevel === 2 ? 3 : 4;
}

/** Alt text worth prefilling: not empty, not Word's "Picture 1", not a file name, not an automatic caption. */
export function meaningfulAlt(alt: string): string {
  const text = alt.replace(/\s+/g, " ").trim();
  if (text === "") return "";
  if (/^(picture|image|graphic|grafik|bild|img|photo|screenshot|chart|diagram)[\s_-]*\d*$/i.test(text)) return "";
  if (/^[\w .()-]+\.(png|jpe?g|gif|bmp|webp|tiff?|emf|wmf|svg)$/i.test(text)) return "";
  if (/description automatically generated/i.test(text)) return "";
  return text;
}

const DROPPED = new Set([
  "script", "style", "meta", "link", "title", "head", "template", "iframe", "object", "embed", "svg", "math",
  "noscript", "xml", "button", "input", "select", "textarea", "form", "colgroup", "col", "video", "audio", "canvas",
]);
const INLINE_MARKS: Record<string, string> = {
  b: "strong", strong: "strong", i: "em", em: "em", cite: "em", u: "u", ins: "u", s: "s", strike: "s", del: "s",
  sup: "sup", sub: "sub", code: "code", kbd: "code", samp: "code", tt: "code",
};
const BLOCKS = new Set(["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "pre", "table", "hr", "img"]);
const LINK_HREF = /^(https?:|mailto:|tel:|\/|#)/i;

interface Context {
  doc: Document;
  inHeading: boolean;
  /** Copied from a ProseMirror editor (this one): its h2–h4 are already the editor's levels. */
  fromEditor: boolean;
  /** A link is underlined by the page's style; Google Docs' underline on it is not the writer's. */
  inLink: boolean;
  images: PastedImage[];
  /** Shared by every nested context (a heading's is a copy). */
  dropped: { unreadable: number };
  imageSrc: NonNullable<CleanPasteOptions["imageSrc"]>;
}

export function cleanPastedHtml(doc: Document, html: string, options: CleanPasteOptions = {}): CleanPaste {
  const ctx: Context = { doc, inHeading: false, fromEditor: /data-pm-slice=/.test(html), inLink: false, images: [], dropped: { unreadable: 0 }, imageSrc: options.imageSrc ?? ((image) => image.src) };
  const out = doc.createElement("div");
  // A <br> between blocks (Google Docs puts one around tables) would become an empty paragraph.
  out.append(...cleanChildren(doc.body, ctx).filter((node) => !(node.nodeType === 1 && tagOf(node as Element) === "br")));
  return { html: out.innerHTML, images: ctx.images, unreadableImages: ctx.dropped.unreadable, source: pasteSource(html) };
}

function el(ctx: Context, tag: string, children: Node[] = []): HTMLElement {
  const element = ctx.doc.createElement(tag);
  element.append(...children);
  return element;
}

function styleOf(element: Element): Map<string, string> {
  const style = new Map<string, string>();
  for (const part of (element.getAttribute("style") ?? "").split(";")) {
    const colon = part.indexOf(":");
    if (colon > 0) style.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim().toLowerCase());
  }
  return style;
}

/** Word's "mso-list:l0 level2 lfo1": list l0, level 2. */
const msoListOf = (element: Element) => /^(l\d+)\s+level(\d+)/.exec(styleOf(element).get("mso-list") ?? "");
const isBlank = (node: Node) =>
  node.nodeType === 8 || (node.nodeType === 3 && (node.textContent ?? "").trim() === "");

/** The children of a node, cleaned; runs of Word's mso-list paragraphs become one nested list. */
function cleanChildren(parent: Node, ctx: Context): Node[] {
  const result: Node[] = [];
  const nodes = Array.from(parent.childNodes);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.nodeType === 1 && tagOf(node as Element) === "p" && msoListOf(node as Element)) {
      const items: ListItem[] = [];
      const listId = msoListOf(node as Element)![1];
      let j = i;
      for (; j < nodes.length; j++) {
        const next = nodes[j]!;
        if (isBlank(next)) continue;
        if (next.nodeType !== 1 || tagOf(next as Element) !== "p" || msoListOf(next as Element)?.[1] !== listId) break;
        items.push(wordListItem(next as Element, ctx));
        i = j;
      }
      result.push(buildList(ctx, items));
      continue;
    }
    result.push(...cleanNode(node, ctx));
  }
  return result;
}

const tagOf = (element: Element) => element.tagName.toLowerCase();

interface ListItem {
  level: number;
  ordered: boolean;
  content: Node[];
}

/** Word's list paragraph: its level from mso-list, its kind from the marker Word draws in an mso-list:Ignore span. */
function wordListItem(p: Element, ctx: Context): ListItem {
  const level = Number(msoListOf(p)![2]);
  const marker = Array.from(p.querySelectorAll("span"))
    .find((span) => styleOf(span).get("mso-list") === "ignore")
    ?.textContent?.replace(/\u00a0/g, " ")
    .trim() ?? "";
  const ordered = /^(\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]$/i.test(marker);
  return { level, ordered, content: cleanChildren(p, ctx) };
}

/** Nested ul/ol from items with levels (Word's mso-list, Google Docs' aria-level, or real nesting). */
function buildList(ctx: Context, items: ListItem[]): HTMLElement {
  const root = el(ctx, items[0]?.ordered ? "ol" : "ul");
  const stack: HTMLElement[] = [root];
  for (const item of items) {
    const level = Math.max(1, Math.min(item.level, stack.length + 1));
    while (stack.length > level) stack.pop();
    while (stack.length < level) {
      const parent = stack[stack.length - 1]!;
      let li = parent.lastElementChild as HTMLElement | null;
      if (!li) {
        li = el(ctx, "li", [el(ctx, "p")]);
        parent.append(li);
      }
      const list = el(ctx, item.ordered ? "ol" : "ul");
      li.append(list);
      stack.push(list);
    }
    stack[stack.length - 1]!.append(el(ctx, "li", blocksFrom(ctx, item.content)));
  }
  return root;
}

/** Inline runs wrapped in paragraphs, so a list item or cell starts with a paragraph as the editor's do. */
function blocksFrom(ctx: Context, nodes: Node[]): Node[] {
  const blocks: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    if (run.some((node) => !isBlank(node))) blocks.push(el(ctx, "p", run));
    run = [];
  };
  for (const node of nodes) {
    if (node.nodeType === 1 && BLOCKS.has(tagOf(node as Element))) {
      flush();
      blocks.push(node);
    } else run.push(node);
  }
  flush();
  if (blocks.length === 0 || (blocks[0] as Element).tagName?.toLowerCase() !== "p") blocks.unshift(el(ctx, "p"));
  return blocks;
}

/** Items of a ul/ol, flattened with their levels: Google Docs nests a list inside the list, not the item. */
function listItems(list: Element, ctx: Context, depth: number, into: ListItem[] = []): ListItem[] {
  const ordered = tagOf(list) === "ol";
  for (const child of Array.from(list.children)) {
    const tag = tagOf(child);
    if (tag === "ul" || tag === "ol") listItems(child, ctx, depth + 1, into);
    else if (tag === "li") {
      const ariaLevel = Number(child.getAttribute("aria-level"));
      const own = Array.from(child.childNodes).filter((node) => !(node.nodeType === 1 && /^(ul|ol)$/.test(tagOf(node as Element))));
      const item: ListItem = { level: ariaLevel >= 1 ? ariaLevel : depth, ordered, content: [] };
      for (const node of own) item.content.push(...cleanNode(node, ctx));
      into.push(item);
      for (const nested of Array.from(child.children).filter((node) => /^(ul|ol)$/.test(tagOf(node)))) {
        listItems(nested, ctx, item.level + 1, into);
      }
    }
  }
  return into;
}

function cleanNode(node: Node, ctx: Context): Node[] {
  if (node.nodeType === 3) return [ctx.doc.createTextNode(node.textContent ?? "")];
  if (node.nodeType !== 1) return [];
  const element = node as Element;
  const tag = tagOf(element);
  if (DROPPED.has(tag) || tag.includes(":")) return [];
  const style = styleOf(element);
  if (style.get("mso-list") === "ignore" || style.get("display") === "none" || style.get("mso-hide") === "all") return [];
  if (tag === "br") return element.getAttribute("class")?.includes("Apple-interchange-newline") ? [] : [el(ctx, "br")];
  if (tag === "hr") return [el(ctx, "hr")];
  if (tag === "img") return cleanImage(element, ctx);
  if (tag === "ul" || tag === "ol") {
    const items = listItems(element, ctx, 1);
    return items.length > 0 ? [keepSlice(element, buildList(ctx, items))] : [];
  }
  if (tag === "table") return cleanTable(element, ctx);
  if (tag === "pre") {
    const code = el(ctx, "code", [ctx.doc.createTextNode(element.textContent ?? "")]);
    const language = /\blanguage-([A-Za-z0-9+#-]{1,32})\b/.exec(element.querySelector("code")?.getAttribute("class") ?? "")?.[1];
    if (language) code.setAttribute("class", `language-${language.toLowerCase()}`);
    return [keepSlice(element, el(ctx, "pre", [code]))];
  }
  if (tag === "blockquote") return [keepSlice(element, el(ctx, "blockquote", blocksFrom(ctx, cleanChildren(element, ctx)).filter(notEmptyParagraph)))];

  const className = element.getAttribute("class") ?? "";
  const heading = /^h([1-6])$/.exec(tag)?.[1] ?? /\bMsoHeading(\d)\b/.exec(className)?.[1] ?? (/\bMsoTitle\b/.test(className) ? "1" : undefined);
  if (heading) {
    const children = cleanChildren(element, { ...ctx, inHeading: true });
    const level = ctx.fromEditor ? Math.min(4, Math.max(2, Number(heading))) : headingLevel(Number(heading));
    return textOf(children) ? [keepSlice(element, el(ctx, `h${level}`, children))] : children.filter(isImage);
  }
  if (/\bMso(Intense)?Quote\b/.test(className)) {
    return [el(ctx, "blockquote", [el(ctx, "p", cleanChildren(element, ctx))])];
  }
  if (tag === "p") {
    const children = cleanChildren(element, ctx);
    // An empty paragraph (Word's <o:p>&nbsp;</o:p> spacer) is not kept; an image in it is.
    return textOf(children) ? [keepSlice(element, el(ctx, "p", children))] : children.filter(isImage);
  }
  if (tag === "a") {
    const href = (element.getAttribute("href") ?? "").trim();
    const children = cleanChildren(element, { ...ctx, inLink: true });
    if (!LINK_HREF.test(href) || href.startsWith("#_")) return children; // Word's bookmarks (#_Toc…) lead nowhere here.
    const a = el(ctx, "a", children);
    a.setAttribute("href", href);
    return wrapStyleMarks(ctx, style, a);
  }

  let children = cleanChildren(element, ctx);
  const mark = INLINE_MARKS[tag];
  // Google Docs wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">: not bold.
  const notBold = (tag === "b" || tag === "strong") && /^(normal|[1-5]00)$/.test(style.get("font-weight") ?? "");
  if (mark && !notBold && !(mark === "strong" && ctx.inHeading)) {
    if (children.length === 0 || !textOf(children)) return children;
    children = [el(ctx, mark, children)];
  }
  // The editor's own text sizes (text-size.ts) survive a copy inside the editor.
  const size = tag === "span" ? /\btext-size-(small|large|huge)\b/.exec(className)?.[0] : undefined;
  if (size && textOf(children)) {
    const span = el(ctx, "span", children);
    span.setAttribute("class", size);
    children = [span];
  }
  if (tag === "span" || tag === "font" || mark) return wrapStyleMarks(ctx, style, ...children);
  // div, section, article, header, center and anything else: its content without it.
  return children;
}

const isImage = (node: Node) => node.nodeType === 1 && tagOf(node as Element) === "img";
const textOf = (nodes: Node[]) => nodes.some((node) => (node.textContent ?? "").replace(/\u00a0/g, " ").trim() !== "" || (node.nodeType === 1 && (isImage(node) || (node as Element).querySelector("img, br"))));
const notEmptyParagraph = (node: Node) => !(node.nodeType === 1 && tagOf(node as Element) === "p" && !textOf(Array.from(node.childNodes)));

/** ProseMirror's own clipboard marker (data-pm-slice) is kept, so copying within the editor stays exact. */
function keepSlice(from: Element, to: HTMLElement): HTMLElement {
  const slice = from.getAttribute("data-pm-slice");
  if (slice) to.setAttribute("data-pm-slice", slice);
  return to;
}

/** Google Docs' styled spans: font-weight ≥ 600, italic, underline, line-through, vertical-align as marks. */
function wrapStyleMarks(ctx: Context, style: Map<string, string>, ...nodes: Node[]): Node[] {
  if (!textOf(nodes)) return nodes;
  let wrapped = nodes;
  const weight = style.get("font-weight") ?? "";
  const decoration = `${style.get("text-decoration") ?? ""} ${style.get("text-decoration-line") ?? ""}`;
  const align = style.get("vertical-align") ?? "";
  const wrap = (tag: string) => (wrapped = [el(ctx, tag, wrapped)]);
  if ((weight === "bold" || weight === "bolder" || /^[6-9]00$/.test(weight)) && !ctx.inHeading) wrap("strong");
  if (style.get("font-style") === "italic") wrap("em");
  if (decoration.includes("underline") && !ctx.inLink) wrap("u");
  if (decoration.includes("line-through")) wrap("s");
  if (align === "super") wrap("sup");
  if (align === "sub") wrap("sub");
  return wrapped;
}

function cleanImage(img: Element, ctx: Context): Node[] {
  const src = (img.getAttribute("src") ?? "").trim();
  const alt = img.getAttribute("alt") ?? "";
  let kind: PastedImage["kind"] | null = null;
  if (/^\/media\/[A-Za-z0-9._-]+$/.test(src)) {
    const image = el(ctx, "img");
    image.setAttribute("src", src);
    if (alt) image.setAttribute("alt", alt);
    return [image];
  }
  if (/^(data:image\/|blob:)/i.test(src)) kind = "upload";
  else if (/^https?:\/\/[^\s/]/i.test(src)) kind = "import";
  if (!kind) {
    if (src) ctx.dropped.unreadable++;
    return [];
  }
  const pasted: PastedImage = { src, kind, alt };
  const image = el(ctx, "img");
  image.setAttribute("src", ctx.imageSrc(pasted, ctx.images.length));
  const prefill = meaningfulAlt(alt);
  if (prefill) image.setAttribute("alt", prefill);
  ctx.images.push(pasted);
  return [image];
}

/**
 * Tables keep rows and cells (colspan/rowspan too). Word and Google Docs mark a header row only by formatting,
 * so a first row whose every filled cell is all bold becomes the header row; real th and thead are kept.
 */
function cleanTable(table: Element, ctx: Context): Node[] {
  const rows = Array.from(table.querySelectorAll("tr")).filter((row) => row.closest("table") === table);
  const out = el(ctx, "table");
  const body = el(ctx, "tbody");
  out.append(body);
  rows.forEach((row, index) => {
    const cells = Array.from(row.children).filter((cell) => /^t[dh]$/.test(tagOf(cell)));
    if (cells.length === 0) return;
    const inHead = tagOf(row.parentElement ?? row) === "thead";
    const cleaned = cells.map((cell) => blocksFrom(ctx, cleanChildren(cell, ctx)).filter((node, i) => i === 0 || notEmptyParagraph(node)));
    const boldRow = index === 0 && cleaned.some((blocks) => textOf(blocks)) && cleaned.every((blocks) => !textOf(blocks) || allBold(blocks));
    const tr = el(ctx, "tr");
    cells.forEach((cell, i) => {
      const header = inHead || tagOf(cell) === "th" || boldRow;
      const blocks = cleaned[i]!;
      if (boldRow) blocks.forEach(unwrapStrong);
      const out = el(ctx, header ? "th" : "td", blocks);
      for (const span of ["colspan", "rowspan"]) {
        const value = cell.getAttribute(span);
        if (value && /^\d{1,3}$/.test(value) && value !== "1") out.setAttribute(span, value);
      }
      tr.append(out);
    });
    body.append(tr);
  });
  return body.children.length > 0 ? [keepSlice(table, out)] : [];
}

function allBold(blocks: Node[]): boolean {
  const texts: Text[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3 && (node.textContent ?? "").trim()) texts.push(node as Text);
    node.childNodes.forEach(walk);
  };
  blocks.forEach(walk);
  return texts.length > 0 && texts.every((text) => text.parentElement?.closest("strong") != null);
}

function unwrapStrong(node: Node) {
  if (node.nodeType !== 1) return;
  for (const strong of Array.from((node as Element).querySelectorAll("strong"))) strong.replaceWith(...Array.from(strong.childNodes));
}
