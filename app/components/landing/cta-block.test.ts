import { describe, expect, it } from "vitest";
import { ctaButtonOnPage } from "./cta-block.tsx";

/** A call to action's button on a page with the demo form (docs/decisions/038). */
describe("ctaButtonOnPage", () => {
  const button = (href: string) => ({ label: "Get Started", href });

  it("sends a button to /book-demo to the form on the page when the page has one", () => {
    for (const href of ["/book-demo", "/book-demo/", "/book-demo?plan=team", "/book-demo#form"]) {
      expect(ctaButtonOnPage(button(href), true)).toEqual(button("#demo"));
    }
  });

  it("keeps the editor's target without a form on the page, and any target other than /book-demo", () => {
    expect(ctaButtonOnPage(button("/book-demo"), false)).toEqual(button("/book-demo"));
    for (const href of ["/product", "/book-demo-guide", "https://example.com/book-demo"]) {
      expect(ctaButtonOnPage(button(href), true)).toEqual(button(href));
    }
  });
});
