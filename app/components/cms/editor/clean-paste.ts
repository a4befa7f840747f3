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
  // Word for the web (Word Online) writes no mso- styles, but its own class names and data-ccp-* attributes.
  if (/\b(OutlineElement|NormalTextRun|ListContainerWrapper)\b|data-ccp-/.test(html)) return "Word";
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

/**
 * The level of a heading in the source: h1–h6, Word's MsoHeadingN and MsoTitle (1), Word for the web's
 * <p role="heading" aria-level="N">. Undefined for anything else.
 */
function sourceHeadingLevel(element: Element): number | undefined {
  const className = element.getAttribute("class") ?? "";
  const level =
    /^h([1-6])$/i.exec(element.tagName)?.[1] ??
    /\bMsoHeading(\d)\b/.exec(className)?.[1] ??
    (/\bMsoTitle\b/.test(className) ? "1" : undefined) ??
    (element.getAttribute("role") === "heading" ? /^[1-6]$/.exec(element.getAttribute("aria-level") ?? "")?.[0] : undefined);
  return level === undefined ? undefined : Number(level);
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
  /** How far the paste's top heading level is below Heading 1 (its headings move up by as much). */
  headingShift: number;
  /** A link is underlined by the page's style; Google Docs' underline on it is not the writer's. */
  inLink: boolean;
  images: PastedImage[];
  /** Shared by every nested context (a heading's is a copy). */
  dropped: { unreadable: number };
  imageSrc: NonNullable<CleanPasteOptions["imageSrc"]>;
}

export function cleanPastedHtml(doc: Document, html: string, options: CleanPasteOptions = {}): CleanPaste {
  const levels = Array.from(doc.body.querySelectorAll("*")).map(sourceHeadingLevel).filter((level) => level !== undefined);
  const ctx: Context = {
    doc,
    inHeading: false,
    fromEditor: /data-pm-slice=/.test(html),
    // docs/decisions/055: a document whose top heading is Heading 2 (as Word and Google Docs documents often are)
    // starts at the editor's Heading 2 too, instead of skipping a level under the post title.
    headingShift: levels.length > 0 ? Math.min(...levels) - 1 : 0,
    inLink: false,
    images: [],
    dropped: { unreadable: 0 },
    imageSrc: options.imageSrc ?? ((image) => image.src),
  };
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

/**
 * The children of a node, cleaned; runs of Word's mso-list paragraphs become one nested list, and Word for the
 * web's one-item lists (each in its own wrapper) are joined again.
 */
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
  return joinLists(ctx, result);
}

const tagOf = (element: Element) => element.tagName.toLowerCase();

interface ListItem {
  level: number;
  ordered: boolean;
  content: Node[];
  /** Word for the web's data-listid: items of one list that it wrote as separate one-item lists. */
  listId?: string;
  /** The source's start number of an ordered list (Google Docs and Word for the web continue a list with it). */
  start?: number;
}

/** The items each built list was made from, so lists can be joined again (see joinLists). */
const builtFrom = new WeakMap<Node, ListItem[]>();

/**
 * Word for the web puts every list item in a list of its own (`<div class="ListContainerWrapper"><ul><li
 * data-listid="5" data-aria-level="2">`); consecutive ones of the same data-listid are one list, nested by level.
 */
function joinLists(ctx: Context, nodes: Node[]): Node[] {
  const joined: Node[] = [];
  let last: { index: number; items: ListItem[] } | null = null;
  for (const node of nodes) {
    const items = builtFrom.get(node);
    if (!items) {
      if (!isBlank(node)) last = null;
      joined.push(node);
      continue;
    }
    const previousId = last?.items[last.items.length - 1]?.listId;
    if (last && previousId !== undefined && previousId === items[0]?.listId) {
      last.items = [...last.items, ...items];
      joined.splice(last.index, joined.length - last.index, buildList(ctx, last.items));
      continue;
    }
    last = { index: joined.length, items };
    joined.push(node);
  }
  return joined;
}

/** The marker Word draws before a list paragraph or numbered heading ("1.", "a)", "·"), in an mso-list:Ignore span. */
function wordMarker(element: Element): string {
  return (
    Array.from(element.querySelectorAll("span"))
      .find((span) => styleOf(span).get("mso-list") === "ignore")
      ?.textContent?.replace(/\u00a0/g, " ")
      .trim() ?? ""
  );
}

/** A marker that numbers ("1.", "iv)", "a.", a multilevel heading's "2.1"); bullets ("·", "o", "§", "●") do not. */
const isNumberMarker = (marker: string) => /^(\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]$|^\d{1,3}(\.\d{1,3})+\.?$/i.test(marker);

/** Word's list paragraph: its level from mso-list, its kind from the marker Word draws in an mso-list:Ignore span. */
function wordListItem(p: Element, ctx: Context): ListItem {
  const level = Number(msoListOf(p)![2]);
  return { level, ordered: isNumberMarker(wordMarker(p)), content: cleanChildren(p, ctx) };
}

/** Nested ul/ol from items with levels (Word's mso-list, Google Docs' aria-level, or real nesting). */
function buildList(ctx: Context, items: ListItem[]): HTMLElement {
  const root = el(ctx, items[0]?.ordered ? "ol" : "ul");
  const start = items[0]?.ordered ? items[0].start : undefined;
  if (start !== undefined && start !== 1) root.setAttribute("start", String(start));
  builtFrom.set(root, items);
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

/**
 * Google Docs and Word for the web number headings by putting each in a one-item list (`<ol start="2"><li><h2>`).
 * A list whose every item is one heading becomes those headings, each with its number as text; else null.
 */
function numberedHeadings(ctx: Context, items: ListItem[]): Node[] | null {
  const headings = items.map((item) => item.content.filter((node) => !isBlank(node)));
  const isHeading = (node: Node) => node.nodeType === 1 && /^h[2-4]$/.test(tagOf(node as Element));
  if (items.length === 0 || !headings.every((nodes) => nodes.length === 1 && isHeading(nodes[0]!))) return null;
  return headings.map(([heading], index) => {
    const item = items[index]!;
    if (item.ordered && item.level === 1) heading!.insertBefore(ctx.doc.createTextNode(`${(items[0]!.start ?? 1) + index}. `), heading!.firstChild);
    return heading!;
  });
}

/**
 * Inline runs wrapped in paragraphs. A list item starts with a paragraph, as the editor's do (`leadParagraph`); a cell
 * may start with an image, which is a block in the editor (an empty paragraph before it would stay in the post).
 */
function blocksFrom(ctx: Context, nodes: Node[], leadParagraph = true): Node[] {
  const blocks: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    // A run of only line breaks (Google Docs ends a cell or item with one) is not a paragraph.
    if (textOf(run)) blocks.push(el(ctx, "p", run));
    run = [];
  };
  for (const node of nodes) {
    if (node.nodeType === 1 && BLOCKS.has(tagOf(node as Element))) {
      flush();
      blocks.push(node);
    } else run.push(node);
  }
  flush();
  if (blocks.length === 0 || (leadParagraph && (blocks[0] as Element).tagName?.toLowerCase() !== "p")) blocks.unshift(el(ctx, "p"));
  return blocks;
}

/**
 * Items of a ul/ol, flattened with their levels: Google Docs nests a list inside the list, not the item, and says
 * the level in aria-level; Word for the web says it in data-aria-level.
 */
function listItems(list: Element, ctx: Context, depth: number, into: ListItem[] = []): ListItem[] {
  const ordered = tagOf(list) === "ol";
  const start = /^\d{1,4}$/.test(list.getAttribute("start") ?? "") ? Number(list.getAttribute("start")) : undefined;
  const first = into.length;
  for (const child of Array.from(list.children)) {
    const tag = tagOf(child);
    if (tag === "ul" || tag === "ol") listItems(child, ctx, depth + 1, into);
    else if (tag === "li") {
      const ariaLevel = Number(child.getAttribute("aria-level") ?? child.getAttribute("data-aria-level"));
      const own = Array.from(child.childNodes).filter((node) => !(node.nodeType === 1 && /^(ul|ol)$/.test(tagOf(node as Element))));
      const item: ListItem = { level: ariaLevel >= 1 ? ariaLevel : depth, ordered, content: [] };
      const listId = child.getAttribute("data-listid");
      if (listId) item.listId = listId;
      if (into.length === first && ordered && start !== undefined) item.start = start;
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
    return numberedHeadings(ctx, items) ?? (items.length > 0 ? [keepSlice(element, buildList(ctx, items))] : []);
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
  const heading = sourceHeadingLevel(element);
  if (heading) {
    const children = cleanChildren(element, { ...ctx, inHeading: true });
    // A heading Word numbers (style "mso-list:l5 level1") keeps its number as text: the editor's headings have none.
    const marker = msoListOf(element) ? wordMarker(element) : "";
    if (isNumberMarker(marker) && textOf(children)) children.unshift(ctx.doc.createTextNode(`${marker} `));
    const level = ctx.fromEditor ? Math.min(4, Math.max(2, heading)) : headingLevel(heading - ctx.headingShift);
    return hasText(children) ? [keepSlice(element, el(ctx, `h${level}`, children))] : imagesIn(children);
  }
  if (/\bMso(Intense)?Quote\b/.test(className)) {
    return [el(ctx, "blockquote", [el(ctx, "p", cleanChildren(element, ctx))])];
  }
  if (tag === "p") {
    const children = cleanChildren(element, ctx);
    // An empty paragraph (Word's <o:p>&nbsp;</o:p> spacer) is not kept; an image in it is, on its own: the editor's
    // image is a block, and a paragraph around it would leave an empty paragraph before it in the post.
    return hasText(children) ? [keepSlice(element, el(ctx, "p", children))] : imagesIn(children);
  }
  if (tag === "a") {
    const href = (element.getAttribute("href") ?? "").trim();
    const children = cleanChildren(element, { ...ctx, inLink: true });
    if (!LINK_HREF.test(href) || href.startsWith("#_")) return children; // Word's bookmarks (#_Toc…) lead nowhere here.
    const a = el(ctx, "a", children);
    a.setAttribute("href", href);
    // Word ends a link's text with the space before the next word ("John Doe </a>added"): that space is not the link's.
    const texts: Text[] = [];
    const walk = (node: Node) => (node.nodeType === 3 ? texts.push(node as Text) : node.childNodes.forEach(walk));
    walk(a);
    const last = texts[texts.length - 1];
    const trailing = /\s+$/.exec(last?.data ?? "")?.[0];
    if (last && trailing && last.data.trim() !== "") {
      last.data = last.data.slice(0, -trailing.length);
      return [...wrapStyleMarks(ctx, style, a), ctx.doc.createTextNode(" ")];
    }
    return wrapStyleMarks(ctx, style, a);
  }

  // Word for the web ends each paragraph with an "EOP" span holding a no-break space: not the writer's text.
  if (tag === "span" && /\bEOP\b/.test(className)) return [];
  let children = cleanChildren(element, ctx);
  const mark = INLINE_MARKS[tag];
  // Google Docs wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">: not bold, even
  // where the style was lost on the way (a capture re-saved without styles still has the id).
  const notBold =
    (tag === "b" || tag === "strong") &&
    (/^(normal|[1-5]00)$/.test(style.get("font-weight") ?? "") || (element.getAttribute("id") ?? "").startsWith("docs-internal-guid-"));
  if (mark && !notBold && !hasBlock(children) && !(mark === "strong" && ctx.inHeading)) {
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

/** A mark wraps text only: around blocks (a table, a list) it would break them apart. */
const hasBlock = (nodes: Node[]) => nodes.some((node) => node.nodeType === 1 && BLOCKS.has(tagOf(node as Element)) && !isImage(node));
const isImage = (node: Node) => node.nodeType === 1 && tagOf(node as Element) === "img";
/** Whether nodes hold text (not only spaces, line breaks or images). */
const hasText = (nodes: Node[]) => nodes.some((node) => (node.textContent ?? "").replace(/\u00a0/g, " ").trim() !== "");
/** The images among nodes and inside them (an image-only paragraph's, unwrapped from marks). */
const imagesIn = (nodes: Node[]): Node[] =>
  nodes.flatMap((node) => (isImage(node) ? [node] : node.nodeType === 1 ? Array.from((node as Element).querySelectorAll("img")) : []));
/** Whether nodes hold anything to keep: text or an image. Line breaks alone do not count (Google Docs' blank lines). */
const textOf = (nodes: Node[]) => nodes.some((node) => (node.textContent ?? "").replace(/\u00a0/g, " ").trim() !== "" || (node.nodeType === 1 && (isImage(node) || (node as Element).querySelector("img"))));
const notEmptyParagraph = (node: Node) => !(node.nodeType === 1 && tagOf(node as Element) === "p" && !textOf(Array.from(node.childNodes)));

/** ProseMirror's own clipboard marker (data-pm-slice) is kept, so copying within the editor stays exact. */
function keepSlice(from: Element, to: HTMLElement): HTMLElement {
  const slice = from.getAttribute("data-pm-slice");
  if (slice) to.setAttribute("data-pm-slice", slice);
  return to;
}

/** Google Docs' styled spans: font-weight ≥ 600, italic, underline, line-through, vertical-align as marks. */
function wrapStyleMarks(ctx: Context, style: Map<string, string>, ...nodes: Node[]): Node[] {
  if (!textOf(nodes) || hasBlock(nodes)) return nodes;
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
  // Google Docs draws a checklist's boxes as images (aria-roledescription="checkbox"): not pictures of the post.
  if (img.getAttribute("aria-roledescription") === "checkbox") return [];
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
 * Tables keep rows and cells (colspan/rowspan too). A row in thead or of th cells is a header row, unless every row
 * is (Google Docs and Word mark a whole table so when its rows repeat on each page: that says nothing). Else Word
 * and Google Docs mark a header row only by formatting, so a first row whose every cell is filled and all bold
 * becomes the header row.
 */
function cleanTable(table: Element, ctx: Context): Node[] {
  const rows = Array.from(table.querySelectorAll("tr"))
    .filter((row) => row.closest("table") === table)
    .map((row) => ({ row, cells: Array.from(row.children).filter((cell) => /^t[dh]$/.test(tagOf(cell))) }))
    .filter(({ cells }) => cells.length > 0);
  const marked = rows.map(({ row, cells }) => tagOf(row.parentElement ?? row) === "thead" || cells.every((cell) => tagOf(cell) === "th"));
  const trustMarks = rows.length < 2 || marked.some((isHeader) => !isHeader);
  const out = el(ctx, "table");
  const body = el(ctx, "tbody");
  out.append(body);
  rows.forEach(({ cells }, index) => {
    const cleaned = cells.map((cell) => blocksFrom(ctx, cleanChildren(cell, ctx), false).filter((node, i) => i === 0 || notEmptyParagraph(node)));
    const boldRow = index === 0 && !(trustMarks && marked[0]) && cleaned.every((blocks) => textOf(blocks) && allBold(blocks));
    const header = (trustMarks && marked[index]) || boldRow;
    const tr = el(ctx, "tr");
    cells.forEach((cell, i) => {
      const blocks = cleaned[i]!;
      if (boldRow) blocks.forEach(unwrapStrong);
      const out = el(ctx, header || (trustMarks && tagOf(cell) === "th") ? "th" : "td", blocks);
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
