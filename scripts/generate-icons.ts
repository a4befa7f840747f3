/**
 * Regenerates the favicon, app icons and the default Open Graph image in public/ from SVG sources.
 * Run after changing the logo: `node scripts/generate-icons.ts`. The outputs are committed.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import sharp from "sharp";

const publicDir = resolve(import.meta.dirname, "..", "public");

const mark = (size: number, radius: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <defs><linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#312e81"/></linearGradient></defs>
  <rect width="32" height="32" rx="${radius}" fill="url(#g)"/>
  <path d="M9 10.5h13L10 21.5h13" fill="none" stroke="#fff" stroke-width="2.75" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="23" cy="21.5" r="2.6" fill="#2dd4bf"/>
</svg>`;

const ogImage = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1200" y2="630" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#312e81"/></linearGradient>
    <linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#4338ca"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g opacity="0.18" stroke="#a5b4fc" stroke-width="1">
    ${Array.from({ length: 12 }, (_, i) => `<line x1="${100 * i}" y1="0" x2="${100 * i}" y2="630"/>`).join("")}
    ${Array.from({ length: 7 }, (_, i) => `<line x1="0" y1="${100 * i}" x2="1200" y2="${100 * i}"/>`).join("")}
  </g>
  <path d="M900 560 L960 500 L1010 520 L1070 420 L1110 380" fill="none" stroke="#2dd4bf" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="1110" cy="380" r="12" fill="#2dd4bf"/>
  <g transform="translate(96 150) scale(3)">
    <rect width="32" height="32" rx="8" fill="url(#g)"/>
    <path d="M9 10.5h13L10 21.5h13" fill="none" stroke="#fff" stroke-width="2.75" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="23" cy="21.5" r="2.6" fill="#2dd4bf"/>
  </g>
  <text x="218" y="222" font-family="Inter, DejaVu Sans, sans-serif" font-size="72" font-weight="700" fill="#fff">Zuri</text>
  <text x="96" y="360" font-family="Inter, DejaVu Sans, sans-serif" font-size="52" font-weight="700" fill="#fff">Decision intelligence</text>
  <text x="96" y="425" font-family="Inter, DejaVu Sans, sans-serif" font-size="52" font-weight="700" fill="#fff">for the modern enterprise</text>
  <text x="96" y="520" font-family="Inter, DejaVu Sans, sans-serif" font-size="28" fill="#c7d2fe">Actionable business decisions from your data</text>
</svg>`;

const png = (svg: string, size: number) => sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();

/** An .ico holding one PNG image (supported by every current browser). */
function icoFromPng(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, image]);
}

writeFileSync(resolve(publicDir, "favicon.svg"), mark(32, 8));
writeFileSync(resolve(publicDir, "favicon.ico"), icoFromPng(await png(mark(32, 8), 32), 32));
// Apple and maskable icons get square corners; the platform applies its own mask.
writeFileSync(resolve(publicDir, "apple-touch-icon.png"), await png(mark(180, 0), 180));
writeFileSync(resolve(publicDir, "icon-192.png"), await png(mark(192, 0), 192));
writeFileSync(resolve(publicDir, "icon-512.png"), await png(mark(512, 0), 512));
writeFileSync(resolve(publicDir, "og-image.png"), await sharp(Buffer.from(ogImage)).png({ compressionLevel: 9 }).toBuffer());
writeFileSync(
  resolve(publicDir, "site.webmanifest"),
  `${JSON.stringify(
    {
      name: "Zuri",
      short_name: "Zuri",
      description: "Decision intelligence for the modern enterprise",
      start_url: "/",
      display: "browser",
      background_color: "#ffffff",
      theme_color: "#4f46e5",
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    null,
    2,
  )}\n`,
);
console.log("icons written to", publicDir);
