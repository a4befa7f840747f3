import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";

/** Every public page, including a blog post, the demo form and a landing page (docs/decisions/038). */
export const publicPages = (postSlug: string, landingPath: string) => [
  landingPath,
  "/",
  "/product",
  "/zuri-ai",
  "/industries",
  "/enterprise",
  "/features",
  "/blog",
  `/blog/${postSlug}`,
  "/book-demo",
  "/privacy",
  "/terms",
];

export type Category = "performance" | "accessibility" | "best-practices" | "seo";

export interface PageAudit {
  path: string;
  /** A category Lighthouse could not score (a metric failed) is missing here, never 0. */
  scores: Partial<Record<Category, number>>;
  /** Why Lighthouse could not measure something on this run (runtime or metric errors). */
  errors: string[];
  /** Audits that failed in a category other than performance, for a readable failure message. */
  failures: string[];
  fcpMs?: number;
  lcpMs?: number;
  cls?: number;
  tbtMs?: number;
  scriptTransferBytes?: number;
  html?: string;
}

/**
 * Lighthouse's default (mobile, simulated throttling) config on Debian's Chromium. `withoutScripts`: the
 * page's script files are blocked (the inline <head> script stays), for the baseline a public page's LCP is
 * compared with (docs/decisions/019).
 */
export async function auditPages(
  baseUrl: string,
  paths: string[],
  { categories, html = false, withoutScripts = false }: { categories: Category[]; html?: boolean; withoutScripts?: boolean },
): Promise<PageAudit[]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const audits: PageAudit[] = [];
    for (const path of paths) {
      const result = await lighthouse(
        `${baseUrl}${path}`,
        {
          port: chrome.port,
          output: html ? "html" : "json",
          logLevel: "error",
          onlyCategories: categories,
          ...(withoutScripts ? { blockedUrlPatterns: ["*.js"] } : {}),
        },
      );
      if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      const numeric = (id: string) => lhr.audits[id]?.numericValue;
      const resources = lhr.audits["resource-summary"]?.details as
        | { items?: { resourceType: string; transferSize: number }[] }
        | undefined;
      const failures = Object.values(lhr.categories)
        .filter((category) => category.id !== "performance")
        .flatMap((category) => category.auditRefs.map((ref) => ({ ref, category })))
        .filter(({ ref }) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map(({ ref, category }) => `${category.id}: ${ref.id} — ${lhr.audits[ref.id]?.title}`);
      audits.push({
        path,
        scores: Object.fromEntries(
          Object.values(lhr.categories)
            .filter((category) => category.score !== null)
            .map((category) => [category.id, Math.round(category.score! * 100)]),
        ),
        errors: [
          ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
          ...Object.values(lhr.audits)
            .filter((audit) => audit.scoreDisplayMode === "error")
            .map((audit) => `${audit.id}: ${audit.errorMessage ?? "error"}`),
        ],
        failures,
        fcpMs: numeric("first-contentful-paint"),
        lcpMs: numeric("largest-contentful-paint"),
        cls: numeric("cumulative-layout-shift"),
        tbtMs: numeric("total-blocking-time"),
        scriptTransferBytes: resources?.items?.find((item) => item.resourceType === "script")?.transferSize,
        html: html ? (result.report as string) : undefined,
      });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}
