import { HYDRATION_SCRIPT_ID, startHydrationScript } from "./hydration.ts";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
/** React Router's module script; React writes the nonce first when there is one. */
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;

/**
 * A complete document as React Router rendered it, made to hydrate after load (app/lib/hydration.ts):
 * its module preloads are dropped, its module script (the imports of the entry and the matched
 * routes) becomes an inert copy with an id, and a small classic script starts that copy later.
 * Answers the document unchanged if it has no module script (nothing to defer).
 */
export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const nonce = script[1] ?? "";
  const end = html.indexOf("</script>", script.index) + "</script>".length;
  const inert = html
    .slice(script.index, end)
    .replace(script[0], `<script type="text/x-deferred-module" id="${HYDRATION_SCRIPT_ID}"${nonce}>`);
  const starter = `<script${nonce}>${startHydrationScript}</script>`;
  return (html.slice(0, script.index) + inert + starter + html.slice(end)).replace(MODULE_PRELOAD, "");
}
