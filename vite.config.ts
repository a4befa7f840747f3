import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";

/** Module ids matching any of `paths` (regular expressions in which "/" stands for either separator). */
const modules = (...paths: string[]) => new RegExp(paths.map((path) => path.replaceAll("/", String.raw`[\\/]`)).join("|"));

/**
 * Client chunks (docs/decisions/018): React, React DOM and React Router in one file that every CMS page
 * loads. The public pages load none of it: they are documents with one small script of their own
 * (docs/decisions/019).
 */
const clientChunkGroups = [{ name: "framework", test: modules("/node_modules/(react|react-dom|scheduler|react-router)/"), priority: 1 }];

/**
 * The public pages' script (docs/decisions/019-public-pages-are-documents.md): `app/site/main.ts`, bundled
 * as an entry of the client build of its own (hashed, in /assets). `virtual:site-script` tells the root
 * layout its address and those of the modules it imports at once (to preload them with it). The server
 * build reads them from the client build's manifest (React Router builds the client first and keeps the
 * manifest until the end); the dev server serves the source itself.
 */
function siteScript(): Plugin {
  const entry = "app/site/main.ts";
  const virtualId = "virtual:site-script";
  let root = process.cwd();
  let clientOutDir = "";
  let command: "build" | "serve" = "build";
  const moduleText = (script: { src: string; preload: string[] } | null) => `export default ${JSON.stringify(script)};`;
  return {
    name: "zuri-site-script",
    configResolved(config) {
      root = config.root;
      command = config.command;
      clientOutDir = resolve(root, config.environments.client?.build.outDir ?? "build/client");
    },
    buildStart() {
      if (command === "build" && this.environment.name === "client") {
        this.emitFile({ type: "chunk", id: resolve(root, entry), name: "site" });
      }
    },
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    load(id) {
      if (id !== `\0${virtualId}`) return undefined;
      if (command === "serve") return moduleText({ src: `/${entry}`, preload: [] });
      // The client build never renders a public page's script tag: only the server's HTML has one.
      if (this.environment.name === "client") return moduleText(null);
      type Chunk = { file: string; imports?: string[] };
      const manifest = JSON.parse(readFileSync(resolve(clientOutDir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
      const main = manifest[entry];
      if (!main) throw new Error(`${entry} is missing from the client build's manifest`);
      const imported = new Set<string>();
      const collect = (chunk: Chunk) => {
        for (const key of chunk.imports ?? []) {
          const file = manifest[key]?.file;
          if (file && !imported.has(file)) {
            imported.add(file);
            collect(manifest[key]!);
          }
        }
      };
      collect(main);
      return moduleText({ src: `/${main.file}`, preload: [...imported].map((file) => `/${file}`) });
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), siteScript()],
  build: { assetsInlineLimit: 0 },
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups } } } } } },
  server: { hmr: { port: 24678 } },
});
