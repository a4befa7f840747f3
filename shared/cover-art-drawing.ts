import { hash32 } from "./cover-art.ts";

/**
 * The drawing of a post's generated cover (docs/decisions/059-generated-cover-art.md): 1200 × 630, the shape
 * of the uploaded covers, in the brand's indigo and teal. Deterministic: the same seed and label draw the same
 * bytes. One of five motifs (bars, a trend line, rings, a network, waves), picked by the label so a tag's posts
 * look related; everything else comes from the seed, so two posts of one tag never look alike: the colours, the
 * motif's values, where it sits, its size and tilt, and two faint shapes behind it (of a dot grid, an orbit, a band
 * of stripes and a small panel). The label is drawn in the system's sans-serif
 * (an image cannot load the page's web font, decision 017) and XML-escaped; nothing else comes from outside.
 */

const WIDTH = 1200;
const HEIGHT = 630;

/** The brand scales (app/app.css `--color-brand-*`, `--color-accent-*`) as hex: an SVG image cannot read CSS variables. */
const brand = { 950: "#1e1b4b", 900: "#312c85", 800: "#372aac", 700: "#432dd7", 600: "#4f39f6", 500: "#615fff", 400: "#7c86ff", 300: "#a3b3ff" };
const accent = { 700: "#00786f", 600: "#009689", 500: "#00bba7", 400: "#00d5be", 300: "#46ecd5" };

/** Background pairs, darkest first, and the colour the motif is drawn in: each with white text at AA contrast. */
const schemes = [
  { from: brand[950], to: brand[700], glow: accent[500], ink: accent[300] },
  { from: brand[950], to: accent[700], glow: brand[500], ink: accent[300] },
  { from: brand[900], to: brand[600], glow: accent[400], ink: "#ffffff" },
  { from: "#0b1437", to: brand[800], glow: brand[400], ink: accent[400] },
  { from: brand[950], to: brand[800], glow: accent[600], ink: brand[300] },
  { from: "#042f2e", to: brand[900], glow: accent[500], ink: accent[300] },
] as const;

/** A small deterministic random source (mulberry32). */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** XML text and attribute escaping: a label can never open an element or leave its attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

const round = (value: number) => Math.round(value * 10) / 10;

type Random = () => number;
type Scheme = (typeof schemes)[number];

function bars(random: Random, scheme: Scheme): string {
  const count = 8 + Math.floor(random() * 6);
  const left = 520 + random() * 60;
  const gap = 14;
  const width = (WIDTH - 64 - left - gap * (count - 1)) / count;
  const highlight = Math.floor(random() * count);
  let level = 0.25 + random() * 0.2;
  return Array.from({ length: count }, (_, index) => {
    level = Math.min(0.95, Math.max(0.12, level + (random() - 0.35) * 0.22));
    const height = level * 400;
    const x = left + index * (width + gap);
    const fill = index === highlight ? scheme.ink : "#ffffff";
    const opacity = index === highlight ? 0.95 : 0.14 + (index / count) * 0.2;
    return `<rect x="${round(x)}" y="${round(HEIGHT - 80 - height)}" width="${round(width)}" height="${round(height)}" rx="8" fill="${fill}" fill-opacity="${round(opacity * 100) / 100}"/>`;
  }).join("");
}

function trend(random: Random, scheme: Scheme): string {
  const points: [number, number][] = [];
  let y = 430 + random() * 80;
  for (let index = 0; index <= 11; index++) {
    points.push([420 + index * 65, y]);
    y = Math.max(140, Math.min(540, y - 18 + (random() - 0.45) * 90));
  }
  const line = points.map(([x, py]) => `${round(x)} ${round(py)}`).join(" L");
  const [lastX, lastY] = points.at(-1)!;
  const marks = points
    .filter((_, index) => index % 3 === 2)
    .map(([x, py]) => `<circle cx="${round(x)}" cy="${round(py)}" r="7" fill="${scheme.from}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>`)
    .join("");
  return (
    `<path d="M${line} L${round(lastX)} ${HEIGHT + 200} L420 ${HEIGHT + 200} Z" fill="url(#area)"/>` +
    `<path d="M${line}" fill="none" stroke="${scheme.ink}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    marks +
    `<circle cx="${round(lastX)}" cy="${round(lastY)}" r="14" fill="${scheme.ink}"/><circle cx="${round(lastX)}" cy="${round(lastY)}" r="30" fill="${scheme.ink}" fill-opacity="0.2"/>`
  );
}

function rings(random: Random, scheme: Scheme): string {
  const cx = 820 + random() * 160;
  const cy = 300 + random() * 80;
  return Array.from({ length: 4 }, (_, index) => {
    const radius = 70 + index * 62;
    const circumference = 2 * Math.PI * radius;
    const share = 0.35 + random() * 0.55;
    const colour = index === 1 ? scheme.ink : "#ffffff";
    const opacity = index === 1 ? 0.95 : 0.18 + index * 0.06;
    return (
      `<circle cx="${round(cx)}" cy="${round(cy)}" r="${radius}" fill="none" stroke="#ffffff" stroke-opacity="0.07" stroke-width="26"/>` +
      `<circle cx="${round(cx)}" cy="${round(cy)}" r="${radius}" fill="none" stroke="${colour}" stroke-opacity="${round(opacity * 100) / 100}" stroke-width="26" stroke-linecap="round" stroke-dasharray="${round(circumference * share)} ${round(circumference)}" transform="rotate(${Math.floor(random() * 360)} ${round(cx)} ${round(cy)})"/>`
    );
  }).join("");
}

function network(random: Random, scheme: Scheme): string {
  const nodes = Array.from({ length: 11 + Math.floor(random() * 4) }, () => [500 + random() * 640, 90 + random() * 460] as const);
  const edges: string[] = [];
  nodes.forEach(([x1, y1], index) => {
    const nearest = nodes
      .map(([x2, y2], other) => ({ other, distance: Math.hypot(x2 - x1, y2 - y1) }))
      .filter(({ other }) => other > index)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 2);
    for (const { other } of nearest) {
      const [x2, y2] = nodes[other]!;
      edges.push(`<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="#ffffff" stroke-opacity="0.22" stroke-width="3"/>`);
    }
  });
  const hub = Math.floor(random() * nodes.length);
  const dots = nodes
    .map(([x, y], index) =>
      index === hub
        ? `<circle cx="${round(x)}" cy="${round(y)}" r="34" fill="${scheme.ink}" fill-opacity="0.2"/><circle cx="${round(x)}" cy="${round(y)}" r="16" fill="${scheme.ink}"/>`
        : `<circle cx="${round(x)}" cy="${round(y)}" r="${round(7 + random() * 7)}" fill="#ffffff" fill-opacity="${round((0.45 + random() * 0.4) * 100) / 100}"/>`,
    )
    .join("");
  return edges.join("") + dots;
}

function waves(random: Random, scheme: Scheme): string {
  const count = 3 + Math.floor(random() * 3);
  const highlight = Math.floor(random() * count);
  const spread = 50 + random() * 50;
  return Array.from({ length: count }, (_, index) => {
    const base = 260 + index * spread + random() * 30;
    const amplitude = 30 + random() * 50;
    const phase = random() * Math.PI * 2;
    const length = 380 + random() * 260;
    const points = Array.from({ length: 25 }, (_, step) => {
      // Past both edges, so a shifted or tilted wave still runs off the picture.
      const x = -200 + ((WIDTH + 400) / 24) * step;
      return `${round(x)} ${round(base + Math.sin(phase + (x / length) * Math.PI * 2) * amplitude)}`;
    }).join(" L");
    const colour = index === highlight ? scheme.ink : "#ffffff";
    const opacity = index === highlight ? 0.9 : 0.12 + index * 0.05;
    return `<path d="M${points}" fill="none" stroke="${colour}" stroke-opacity="${round(opacity * 100) / 100}" stroke-width="${index === highlight ? 6 : 4}" stroke-linecap="round"/>`;
  }).join("");
}

const motifs = [bars, trend, rings, network, waves];

/** Faint shapes behind the motif, two per post: below the label or in a corner, never over the label's chip. */
function dots(random: Random, scheme: Scheme): string {
  const x0 = 880 + random() * 150;
  const y0 = 50 + random() * 80;
  const lit = Math.floor(random() * 24);
  return Array.from({ length: 24 }, (_, index) => {
    const [x, y] = [x0 + (index % 6) * 28, y0 + Math.floor(index / 6) * 28];
    return `<circle cx="${round(x)}" cy="${round(y)}" r="4" fill="${index === lit ? scheme.ink : "#ffffff"}" fill-opacity="${index === lit ? 0.9 : 0.16}"/>`;
  }).join("");
}

function orbit(random: Random, scheme: Scheme): string {
  const cx = 600 + random() * 500;
  const cy = random() < 0.5 ? -40 + random() * 120 : 520 + random() * 120;
  const radius = 160 + random() * 160;
  const angle = random() * Math.PI * 2;
  return (
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(radius)}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round"/>` +
    `<circle cx="${round(cx + Math.cos(angle) * radius)}" cy="${round(cy + Math.sin(angle) * radius)}" r="9" fill="${scheme.ink}" fill-opacity="0.8"/>`
  );
}

function stripes(random: Random): string {
  const x0 = 760 + random() * 300;
  const slope = 120 + random() * 120;
  return Array.from({ length: 6 }, (_, index) => {
    const x = x0 + index * 26;
    return `<line x1="${round(x)}" y1="-10" x2="${round(x - slope)}" y2="${HEIGHT + 10}" stroke="#ffffff" stroke-opacity="0.05" stroke-width="10"/>`;
  }).join("");
}

function panel(random: Random, scheme: Scheme): string {
  const x = 70 + random() * 200;
  const y = 400 + random() * 70;
  const fill = 0.35 + random() * 0.5;
  return (
    `<rect x="${round(x)}" y="${round(y)}" width="220" height="120" rx="16" fill="#ffffff" fill-opacity="0.06" stroke="#ffffff" stroke-opacity="0.14" stroke-width="2"/>` +
    `<rect x="${round(x + 24)}" y="${round(y + 30)}" width="90" height="10" rx="5" fill="#ffffff" fill-opacity="0.3"/>` +
    `<rect x="${round(x + 24)}" y="${round(y + 62)}" width="172" height="12" rx="6" fill="#ffffff" fill-opacity="0.1"/>` +
    `<rect x="${round(x + 24)}" y="${round(y + 62)}" width="${round(172 * fill)}" height="12" rx="6" fill="${scheme.ink}" fill-opacity="0.85"/>`
  );
}

const secondaries = { dots, orbit, stripes, panel };
const secondaryKinds = Object.keys(secondaries) as (keyof typeof secondaries)[];

/** Where the motif sits, by the seed: shifted, scaled and tilted about its centre, right of the label's safe area. */
function placement(random: Random): string {
  const [cx, cy] = [840, 330];
  const dx = -50 + random() * 90;
  const dy = -40 + random() * 70;
  const scale = 0.82 + random() * 0.3;
  const tilt = -4 + random() * 8;
  return `translate(${round(cx + dx)} ${round(cy + dy)}) rotate(${round(tilt)}) scale(${Math.round(scale * 100) / 100}) translate(${-cx} ${-cy})`;
}

/**
 * The label's safe area: cards crop the art from its top-left corner (object-position left top) into boxes as
 * narrow as about 1.2 : 1, so the chip stays within the left ~540 of its 1200 units. A label longer than 16
 * characters breaks between words onto more lines (docs/decisions/059).
 */
const LINE_CHARS = 16;
const LINE_HEIGHT = 42;

/** `label` in lines of at most LINE_CHARS characters where its words allow. */
export function labelLines(label: string): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && Array.from(`${last} ${word}`).length <= LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** "natural-language-queries" -> "NATURAL LANGUAGE QUERIES": the label of a tag slug. */
export const labelOfSlug = (slug: string) => slug.replace(/-+/g, " ").trim().toUpperCase();

/** The SVG of one cover: `seed` from the address, `label` (a tag's name, or none) drawn in its top-left corner. */
export function renderCoverArt(seed: number, label: string | null): string {
  const random = randomFrom(seed);
  const scheme = schemes[seed % schemes.length]!;
  const motif = motifs[(label ? hash32(label) : seed >>> 8) % motifs.length]!;
  // Two different kinds of secondary shape.
  const first = (seed >>> 3) % secondaryKinds.length;
  const behind = [first, (first + 1 + ((seed >>> 5) % (secondaryKinds.length - 1))) % secondaryKinds.length].map((index) => secondaryKinds[index]!);
  const angle = Math.floor(random() * 60) + 15;
  const glowX = round(700 + random() * 400);
  const glowY = round(random() * HEIGHT);
  const lines = label ? labelLines(label.slice(0, 40)) : [];
  // Wide enough for the widest capitals of a fallback font (decision 017): about 0.75 em each, plus padding.
  const chipWidth = Math.round(Math.max(0, ...lines.map((line) => Array.from(line).length)) * 23 + 60);
  const chipHeight = 64 + (lines.length - 1) * LINE_HEIGHT;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs>` +
    `<linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${scheme.from}"/><stop offset="1" stop-color="${scheme.to}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${scheme.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${scheme.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scheme.ink}" stop-opacity="0.35"/><stop offset="1" stop-color="${scheme.ink}" stop-opacity="0"/></linearGradient>` +
    `<pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"/></pattern>` +
    `</defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>` +
    `<circle cx="${glowX}" cy="${glowY}" r="520" fill="url(#glow)"/>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#grid)"/>` +
    behind.map((kind) => `<g data-secondary="${kind}">${secondaries[kind](random, scheme)}</g>`).join("") +
    `<g transform="${placement(random)}">${motif(random, scheme)}</g>` +
    (lines.length > 0
      ? `<rect x="56" y="56" width="${chipWidth}" height="${chipHeight}" rx="${lines.length > 1 ? 24 : 32}" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>` +
        `<text x="84" y="99" fill="#ffffff" font-family="Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="30" font-weight="600" letter-spacing="2">` +
        (lines.length === 1
          ? escapeXml(lines[0]!)
          : lines.map((line, index) => `<tspan x="84" dy="${index === 0 ? 0 : LINE_HEIGHT}">${escapeXml(line)}</tspan>`).join("")) +
        `</text>`
      : "") +
    `</svg>`
  );
}
