import { JsonScript } from "./json-ld.tsx";

/**
 * Speculation Rules (docs/decisions/016): the browser prefetches a same-site public page when the
 * visitor hovers or starts to press a link to it ("moderate"), so the next document is usually
 * in memory before the click. Browsers without support ignore the script. The CMS, the API, media,
 * feeds and robots.txt, nofollow links, downloads and links to new tabs are never speculated.
 */
const rules = {
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: ["/cms", "/cms/*", "/api/*", "/media/*", "/*.xml", "/*.txt"] } },
          { not: { selector_matches: "[rel~=nofollow], [download], [target=_blank]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

export function SpeculationRules() {
  return <JsonScript type="speculationrules" data={rules} />;
}
