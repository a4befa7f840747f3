import { JsonScript } from "./json-ld.tsx";

/** Same-site public pages: not the CMS, the API, media, feeds or robots.txt, nofollow links, downloads or new tabs. */
const publicPages = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: ["/cms", "/cms/*", "/api/*", "/media/*", "/*.xml", "/*.txt"] } },
    { not: { selector_matches: "[rel~=nofollow], [download], [target=_blank]" } },
  ],
};

/**
 * Speculation Rules (docs/decisions/016, 019): when the visitor hovers or starts to press a link to a public
 * page ("moderate"), the browser prerenders it, so the next document is usually on screen at the click.
 * A public page is a document whose one script only adds behaviour (its page view waits until it is
 * shown), so prerendering it is cheap and safe. Browsers that cannot prerender fall back to a prefetch;
 * browsers without Speculation Rules ignore the script.
 */
const rules = {
  prerender: [{ where: publicPages, eagerness: "moderate" }],
  prefetch: [{ where: publicPages, eagerness: "moderate" }],
};

export function SpeculationRules() {
  return <JsonScript type="speculationrules" data={rules} />;
}
