/**
 * The public pages' script and the modules it imports at once, set at build time by vite.config.ts
 * (docs/decisions/019); null in the client build, which never renders a public page's script tag.
 */
declare module "virtual:site-script" {
  const script: { src: string; preload: string[] } | null;
  export default script;
}
