import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** Module ids matching any of `paths` (regular expressions in which "/" stands for either separator). */
const modules = (...paths: string[]) => new RegExp(paths.map((path) => path.replaceAll("/", String.raw`[\\/]`)).join("|"));
const appFiles = (dir: string, names: string) => String.raw`/app/${dir}/(${names})\.tsx?$`;
const icons = (names: string) => String.raw`/node_modules/lucide-react/dist/esm/icons/(${names})\.mjs$`;

/**
 * Client chunks for the public pages (docs/decisions/018). Left to itself the bundler makes one chunk per
 * set of routes that share a module: a public page loaded 38–56 files, each with about 0.9 KB of response
 * headers. These groups put what the public pages load anyway into a few files. A group also takes the
 * dependencies of its modules that no higher group took; anything else keeps the automatic chunking.
 */
const clientChunkGroups = [
  // React, React DOM and React Router: every page, public or CMS.
  { name: "framework", test: modules("/node_modules/(react|react-dom|scheduler|react-router)/"), priority: 6 },
  // What every public page runs as it hydrates (root and marketing layout) and other routes import too;
  // the toast store and Label, used at once by some public pages and later by the site chrome; small icons
  // shared by the chrome, the marketing pages and the CMS.
  {
    name: "site",
    test: modules(
      appFiles("lib", "nonce|cookie-consent|site-config|cache-scope|seo|blog|cn|toast|analytics"),
      appFiles("components/site", "logo|social-icons|json-ld|error-page|error-titles"),
      appFiles("components/ui", "button|label"),
      icons("external-link|x|chevron-down|check"),
    ),
    priority: 5,
  },
  // Dialogs and toasts (Radix): the site chrome loads them while hydrating (decision 013), the CMS at once.
  // Roving focus and the Radix hooks are here too, so the CMS's tabs and tooltips need nothing below.
  {
    name: "overlays",
    test: modules(
      appFiles("components/site", "toaster"),
      appFiles("components/ui", "toast|dialog"),
      "/node_modules/@radix-ui/(react-roving-focus|react-direction|react-use-[a-z-]+)/",
    ),
    priority: 4,
  },
  // Positioning (Floating UI): the header's Product menu and the CMS's tooltips.
  { name: "popper", test: modules("/node_modules/@radix-ui/react-popper/"), priority: 3 },
  // The rest of the deferred site chrome (decision 013): header menus and drawer, cookie preferences.
  { name: "site-chrome", test: modules(appFiles("components/site", "site-header|cookie-preferences-dialog")), priority: 2 },
  // Sections and cards shared by the marketing pages.
  {
    name: "marketing",
    test: modules(
      appFiles("components/marketing", "illustration|page-hero|feature-grid-section|arrow-link|check-list|book-demo-button|cta-band"),
      appFiles("components/ui", "section|feature-card"),
      icons("arrow-right"),
    ),
    priority: 1,
  },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups } } } } } },
  server: { hmr: { port: 24678 } },
});
