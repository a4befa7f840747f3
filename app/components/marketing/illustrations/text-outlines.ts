import { readFileSync } from "node:fs";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";

/**
 * Turns every <text> of a rendered illustration into Inter's glyph outlines (docs/decisions/017): an SVG
 * used as an image cannot load the page's web font, so the words are drawn with the font the site ships
 * (app/assets/fonts), shaped by HarfBuzz (kerning included) at each text's weight. Each glyph is defined
 * once per weight in <defs> and placed with <use>, so repeated letters cost a few bytes.
 *
 * Handles what the components write: <text> with x and y, or <tspan>s with x and y (one line each), and
 * <tspan>s without them that continue a line in another weight or colour; font-size, font-weight,
 * text-anchor and letter-spacing on the text, a <tspan> or an enclosing <g>. Each outlined text keeps
 * its font-size attribute, which tests/e2e/illustrations.spec.ts reads to check the rendered size.
 */
const FONT = "app/assets/fonts/inter-latin-wght-400-700.woff2";
/** Glyph coordinates are stored in 1/256 em (Inter has 2048 units per em): 0.1 px at 13 px on a 2x screen. */
const UNITS_PER_EM = 256;

const inherited = ["font-size", "font-weight", "text-anchor", "letter-spacing"] as const;
type Style = Partial<Record<(typeof inherited)[number], string>>;

let fontPromise: Promise<hb.Font> | undefined;
async function loadFont() {
  // HarfBuzz reads TrueType, not WOFF2: subset-font (which the font script uses) unpacks it.
  const truetype = await subsetFont(readFileSync(FONT), "", { targetFormat: "truetype", keepAllGlyphs: true });
  return new hb.Font(new hb.Face(new hb.Blob(truetype)));
}

export async function outlineText(svg: string): Promise<string> {
  const font = await (fontPromise ??= loadFont());
  const scale = UNITS_PER_EM / font.face.upem;
  const glyphs = new Map<string, string>();

  /**
   * One line of text as <use>s in a group that scales 1/256-em units to its size, y up. A line is one or more
   * segments (a <tspan> without x and y continues the line) that may change weight and paint, not size.
   */
  const line = (segments: { text: string; style: Style; paint: string }[], x: number, y: number, style: Style, attributes: string) => {
    const size = Number(style["font-size"] ?? 16);
    let pen = 0;
    const parts = segments.map((segment) => {
      if (segment.style["font-size"] !== style["font-size"]) throw new Error(`a line has one font-size: ${segment.text}`);
      const weight = Number(segment.style["font-weight"] ?? 400);
      const spacing = (Number(segment.style["letter-spacing"] ?? 0) * UNITS_PER_EM) / size;
      font.setVariations([new hb.Variation("wght", weight)]);
      const buffer = new hb.Buffer();
      buffer.addText(segment.text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const uses: string[] = [];
      for (const glyph of buffer.getGlyphInfosAndPositions()) {
        if (glyph.codepoint === 0) throw new Error(`the site's Inter subset has no glyph for a character of “${segment.text}”`);
        const id = `g${weight / 100}_${glyph.codepoint}`;
        if (!glyphs.has(id)) glyphs.set(id, glyphPath(font.glyphToPath(glyph.codepoint), scale));
        if (glyphs.get(id)) uses.push(`<use href="#${id}"${pen ? ` x="${Math.round(pen)}"` : ""}/>`);
        pen += (glyph.xAdvance ?? 0) * scale + spacing;
      }
      return segment.paint ? `<g${segment.paint}>${uses.join("")}</g>` : uses.join("");
    });
    const anchor = style["text-anchor"];
    const width = pen * (size / UNITS_PER_EM);
    const left = x - (anchor === "middle" ? width / 2 : anchor === "end" ? width : 0);
    const k = round(size / UNITS_PER_EM, 6);
    return `<g font-size="${size}"${attributes} transform="matrix(${k} 0 0 -${k} ${round(left, 2)} ${round(y, 2)})">${parts.join("")}</g>`;
  };

  const stack: Style[] = [{}];
  const out = svg.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>|<(\/?)g\b([^>]*)>/g, (match, textAttrs, body, close, attrs) => {
    if (textAttrs === undefined) {
      if (close) stack.pop();
      else stack.push({ ...stack.at(-1), ...pick(attrs as string) });
      return match;
    }
    const all = attributesOf(textAttrs as string);
    const style = { ...stack.at(-1), ...pick(textAttrs as string) };
    // Segments: plain text, or <tspan>s that start a new line (x and y) or continue the current one.
    const lines: { x: number; y: number; style: Style; segments: { text: string; style: Style; paint: string }[] }[] = [];
    if (all.x !== undefined && all.y !== undefined) lines.push({ x: Number(all.x), y: Number(all.y), style, segments: [] });
    for (const [, spanAttrs, spanText, plain] of (body as string).matchAll(/<tspan\b([^>]*)>([^<]*)<\/tspan>|([^<]+)/g)) {
      const span = attributesOf(spanAttrs ?? "");
      const spanStyle = { ...style, ...pick(spanAttrs ?? "") };
      if (span.x !== undefined && span.y !== undefined) lines.push({ x: Number(span.x), y: Number(span.y), style: spanStyle, segments: [] });
      else if (span.x !== undefined || span.y !== undefined || !lines.length) throw new Error(`a <tspan> needs both x and y, or neither inside a positioned line: ${match}`);
      lines.at(-1)!.segments.push({ text: unescape(spanText ?? plain!), style: spanStyle, paint: keepPaint(span) });
    }
    if ((body as string).replace(/<tspan\b[^>]*>[^<]*<\/tspan>|[^<]+/g, "") !== "") throw new Error(`unsupported ${match}`);
    const drawn = lines.map((each) => line(each.segments, each.x, each.y, each.style, ""));
    return drawn.length === 1 ? drawn[0]!.replace(/^<g /, `<g${keepPaint(all)} `) : `<g${keepPaint(all)}>${drawn.join("")}</g>`;
  });

  const defs = [...glyphs].filter(([, d]) => d).map(([id, d]) => `<path id="${id}" d="${d}"/>`).join("");
  return out.replace(/<\/svg>$/, `<defs>${defs}</defs></svg>`);
}

/**
 * HarfBuzz's absolute path in font units as short relative commands in whole 1/256 em (each point rounded
 * once, so no drift).
 */
function glyphPath(d: string, scale: number) {
  let out = "";
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let previous = "";
  for (const [, command, numbers] of d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    if (command === "Z") {
      out += "z";
      [x, y, previous] = [startX, startY, "z"];
      continue;
    }
    const values = numbers!.split(/[ ,]+/).filter(Boolean).map((value) => Math.round(Number(value) * scale));
    const relative: number[] = [];
    for (let index = 0; index < values.length; index += 2) relative.push(values[index]! - x, values[index + 1]! - y);
    [x, y] = [values.at(-2)!, values.at(-1)!];
    if (command === "M") [startX, startY] = [x, y];
    let [letter, args] = [command!.toLowerCase(), relative];
    if (letter === "l" && relative[0] === 0 && relative[1] === 0) continue;
    if (letter === "l" && relative[1] === 0) [letter, args] = ["h", [relative[0]!]];
    else if (letter === "l" && relative[0] === 0) [letter, args] = ["v", [relative[1]!]];
    const text = args.join(" ").replace(/ -/g, "-");
    // A command repeated needs no letter again (SVG paths), only a separator unless the number is negative.
    out += letter === previous && letter !== "m" ? (text.startsWith("-") ? text : ` ${text}`) : letter + text;
    previous = letter;
  }
  return out;
}

const attributesOf = (attrs: string) =>
  Object.fromEntries([...attrs.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])) as Record<string, string>;

const pick = (attrs: string): Style => {
  const all = attributesOf(attrs);
  return Object.fromEntries(inherited.filter((name) => name in all).map((name) => [name, all[name]]));
};

/** What the outlines keep of a text's attributes: paint (fill, opacity…), not position or font. */
const keepPaint = (all: Record<string, string>) =>
  Object.entries(all)
    .filter(([name]) => !["x", "y", "font-family", ...inherited].includes(name))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("");

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** What renderToStaticMarkup escapes in text. */
export const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27);/g, (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'" })[entity]!);
