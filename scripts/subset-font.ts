/**
 * `node scripts/subset-font.ts`: writes app/assets/fonts/inter-latin-wght-400-700.woff2, the font every
 * page preloads (docs/decisions/016). From @fontsource-variable/inter's Latin file it keeps the same
 * characters (the unicode-range in app/app.css) and only the weights the site uses (400–700, still
 * variable), with the default OpenType features: 48.3 KB becomes 28.6 KB. Run it again after
 * upgrading @fontsource-variable/inter and commit the result.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/** The Latin subset's unicode-range, as in app/app.css. */
export const LATIN_RANGES: [number, number][] = [
  [0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da],
  [0x02dc, 0x02dc], [0x0304, 0x0304], [0x0308, 0x0308], [0x0329, 0x0329], [0x2000, 0x206f], [0x20ac, 0x20ac],
  [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const source = createRequire(import.meta.url).resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const target = "app/assets/fonts/inter-latin-wght-400-700.woff2";
const text = LATIN_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");
const input = readFileSync(source);
const output = await subsetFont(input, text, { targetFormat: "woff2", variationAxes: { wght: { min: 400, max: 700 } } });
writeFileSync(target, output);
console.log(`${target}: ${(input.length / 1024).toFixed(1)} KB -> ${(output.length / 1024).toFixed(1)} KB`);
