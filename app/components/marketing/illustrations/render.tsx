import { renderToStaticMarkup } from "react-dom/server";
import { illustrationCatalog } from "./catalog.tsx";
import { outlineText, unescape } from "./text-outlines.ts";

/**
 * The files `npm run illustrations` writes to app/assets/illustrations/ (docs/decisions/017): one SVG
 * per illustration and variant, and one `{name}.ts` per illustration, which imports its files (hashed
 * URLs) and exports `{name}Illustration`: their sizes and the wide composition's <title> as the text
 * alternative. Their text is drawn as Inter's outlines (text-outlines.ts).
 * Rendering is deterministic, so a test can check the files on disk are what the components draw.
 */
export interface IllustrationFile {
  name: string;
  contents: string;
}

export type IllustrationVariant = "wide" | "narrow";

export async function renderIllustrationFiles(): Promise<IllustrationFile[]> {
  const files: IllustrationFile[] = [];
  for (const [name, variants] of Object.entries(illustrationCatalog)) {
    const imports: string[] = [];
    const rendered: string[] = [];
    let alt = "";
    for (const variant of ["wide", "narrow"] as const) {
      const element = (variants as Partial<Record<IllustrationVariant, React.ReactElement>>)[variant];
      if (!element) continue;
      const svg = await outlineText(renderToStaticMarkup(element));
      const size = /^<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg);
      if (!size || !svg.includes('xmlns="http://www.w3.org/2000/svg"')) {
        throw new Error(`${name} (${variant}): the root <svg> needs xmlns, width and height`);
      }
      const title = /<title[^>]*>([^<]+)<\/title>/.exec(svg)?.[1];
      if (!title) throw new Error(`${name} (${variant}): the <svg> needs a <title> saying what it shows`);
      alt ||= unescape(title);
      const file = `${name}-${variant}.svg`;
      const binding = `${camel(name)}${variant === "wide" ? "Wide" : "Narrow"}`;
      files.push({ name: file, contents: `${svg}\n` });
      imports.push(`import ${binding} from "./${file}";`);
      rendered.push(`${variant}: { src: ${binding}, width: ${size[1]}, height: ${size[2]} }`);
    }
    // One module per illustration: a page's chunk carries the text and addresses of its own only.
    files.push({
      name: `${name}.ts`,
      contents: [
        "// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.",
        'import type { IllustrationImage } from "../../components/marketing/illustration.tsx";',
        ...imports,
        "",
        `export const ${camel(name)}Illustration: IllustrationImage = {\n  alt: ${JSON.stringify(alt)},\n  ${rendered.join(",\n  ")},\n};`,
        "",
      ].join("\n"),
    });
  }
  return files;
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
