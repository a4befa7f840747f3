import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails the test with a readable list when axe finds any WCAG 2.x A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[]; include?: string[] } = {}) {
  // axe.run in the page (legacy mode: it still reaches same-origin frames), reporting violations only.
  // The default runPartial/finishRun path serialises every node that passed into a second page, which
  // on a long page (the API reference: ~20 s a scan) costs more than the audit; violations are the same.
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  // `include` scans only those parts of the page (a journey that checks one widget, not the page again).
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // Axe reads colours as they are at that instant: let entrance animations (a toast fading in, seen
  // failing colour contrast under load) finish first. Endless animations are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}
