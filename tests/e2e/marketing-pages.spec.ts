import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";

/** Every content page of docs/product.md §2, with the headings docs/product.md §2 names for it. */
const pages = [
  {
    path: "/",
    h1: "Instantly get actionable smart business decisions",
    headings: [
      "From scattered data to clear decisions",
      "AI-Powered Analytics",
      "Unified Data Platform",
      "Customizable & Scalable",
      "Why It Matters",
      "Increase Revenue",
      "Reduce Costs",
      "Faster Execution",
      "Competitive Edge",
      "Set Up in Minutes",
      "Teams that decide with Zuri",
      "Get Started – It's Free",
    ],
  },
  {
    path: "/product",
    h1: "One platform from raw data to confident decisions",
    headings: [
      "Everything you need to turn data into decisions",
      "AI analytics",
      "Unified data hub",
      "Data capture & scoring",
      "Dashboards & sharing",
      "Built for Scale & Security",
      "Operational Excellence",
      "Customer Insights",
      "Risk & Compliance",
      "Why teams choose Zuri",
      "With you from day one",
    ],
  },
  {
    path: "/zuri-ai",
    h1: "Your analyst that answers in plain English",
    headings: [
      "What Zuri AI does for you",
      "Natural-language queries",
      "Automated insights",
      "Forecasting & recommendations",
      "AI-assisted data preparation",
      "Ease of Use",
      "Faster Decisions",
      "Enhanced Accuracy",
      "Business Intelligence",
      "Customer Analytics",
      "Compliance & Risk Management",
    ],
  },
  {
    path: "/industries",
    h1: "Decision intelligence for every sector",
    headings: [
      "Startups and scaleups",
      "Financial services",
      "Healthcare",
      "Retail and e-commerce",
      "Education",
      "Technology",
      "More sales, fewer empty shelves",
      "And Many More",
    ],
  },
  {
    path: "/enterprise",
    h1: "Decision intelligence at enterprise scale",
    headings: [
      "Why enterprises choose us",
      "Enterprise capabilities, built in",
      "Single sign-on & role-based access",
      "Multi-team & multi-organization management",
      "Custom scoring models & data pipelines",
      "External database connectors",
      "AI column generation",
      "Dashboards with drill-downs",
      "Audit logs",
      "API access & webhooks",
      "Safeguards you can see working",
      "Two-step sign-in",
      "Scoped API tokens",
      "Signed webhooks",
      "Deployment options",
      "Services and support",
      "Talk to Sales",
    ],
  },
  {
    path: "/features",
    h1: "Every capability you need to decide with confidence",
    headings: [
      "Natural-language queries",
      "Automated insights",
      "Forecasting & recommendations",
      "Unified data hub",
      "Upload CSV or Excel",
      "Smart joins & computed fields",
      "Drag-and-drop forms",
      "Scoring & assessment",
      "Real-time dashboards",
      "Export & sharing",
    ],
  },
  {
    path: "/privacy",
    h1: "Privacy Policy",
    headings: [
      "1. Data we collect",
      "2. How we use your data",
      "3. Legal bases for processing",
      "4. Sharing your data",
      "5. Data retention",
      "6. Cookies",
      "7. Your rights under the GDPR",
      "8. International transfers",
      "9. Security",
      "10. Children under 16",
    ],
  },
  {
    path: "/terms",
    h1: "Terms of Service",
    headings: [
      "1. Eligibility",
      "2. Use of the services",
      "3. Data ownership",
      "4. Data protection and the GDPR",
      "5. Subscriptions, free and paid plans",
      "6. Termination",
      "7. Limitation of liability",
      "8. Governing law",
      "9. Contact",
    ],
  },
];

/** The call-to-action wording of docs/product.md §1; every such link must lead to the demo page. */
const ctaName = /get started|book a demo|schedule a demo|get a free trial|request a demo/i;

async function expectKeyHeadings(page: Page, spec: (typeof pages)[number]) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
  for (const heading of spec.headings) {
    await expect(page.getByRole("heading", { name: heading, exact: true }).first(), heading).toBeVisible();
  }
}

for (const spec of pages) {
  test.describe(`page ${spec.path}`, () => {
    test("answers 200 and renders its key headings", async ({ page }) => {
      const response = await page.goto(spec.path);
      expect(response?.status()).toBe(200);
      await expectKeyHeadings(page, spec);
    });

    test("every call to action points to /book-demo", async ({ page }) => {
      await page.goto(spec.path);
      const ctas = page.locator("a[data-cta]").or(page.getByRole("link", { name: ctaName }));
      const hrefs = await ctas.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(new Set(hrefs)).toEqual(new Set(["/book-demo"]));
    });

    for (const width of [390, 1440]) {
      test(`has no axe violations at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(spec.path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test("each page has its own title and meta description", async ({ request }) => {
  const seen = new Map<string, string>();
  for (const spec of pages) {
    const html = await (await request.get(spec.path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(title, spec.path).toMatch(/Zuri/);
    expect(description.length, spec.path).toBeGreaterThan(50);
    expect(seen.get(title), `${spec.path} repeats the title of ${seen.get(title)}`).toBeUndefined();
    seen.set(title, spec.path);
  }
});

test("Talk to Sales offers Book a Demo and a Contact Sales e-mail to the sales mailbox", async ({ page }) => {
  await page.goto("/enterprise");
  const talkToSales = page.getByRole("region", { name: "Talk to Sales" });
  await expect(talkToSales.getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", "/book-demo");
  await expect(talkToSales.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", /^mailto:sales@/);
});

test("the home page's final call to action takes the visitor to the demo page", async ({ page }) => {
  await page.goto("/");
  const finalCta = page.getByRole("region", { name: "Get Started – It's Free" });
  await expect(finalCta.getByText("Try Free. No credit card required.")).toBeVisible();
  await finalCta.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/book-demo$/);
});

/**
 * A grid of cards uses the width it has: more than one card to a row, and every row, the last one too, covered
 * from the grid's left edge to its right (by a card alone on its row spanning it, or by a card spanning rows).
 */
async function expectFullRows(grid: Locator) {
  const { box, cards } = await grid.evaluate((element) => ({
    box: element.getBoundingClientRect().toJSON() as DOMRect,
    cards: [...element.children].map((child) => child.getBoundingClientRect().toJSON() as DOMRect),
  }));
  const rowTops = new Set(cards.map((card) => Math.round(card.top)));
  expect(rowTops.size, "rows of cards").toBeLessThan(cards.length);
  for (const top of rowTops) {
    const row = cards.filter((card) => card.top <= top + 1 && card.bottom > top + 1);
    // Within 2 px: a grid drawn as one bordered panel has its border inside its box.
    expect(Math.abs(Math.min(...row.map((card) => card.left)) - box.left), `left edge of the row at ${top}`).toBeLessThanOrEqual(2);
    expect(Math.abs(Math.max(...row.map((card) => card.right)) - box.right), `right edge of the row at ${top}`).toBeLessThanOrEqual(2);
  }
}

for (const width of [768, 1440]) {
  test(`card grids have no half-empty rows at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/zuri-ai");
    await expectFullRows(page.getByRole("region", { name: "What Zuri AI does for you" }).locator(".grid").first());
    await expectFullRows(page.getByRole("region", { name: "Less time finding answers, more time acting on them" }).getByRole("list"));
    await page.goto("/industries");
    await expectFullRows(page.getByRole("region", { name: "Built for the way your industry works" }).getByRole("list"));
    await page.goto("/");
    await expectFullRows(page.getByRole("group", { name: "Sample quotes" }));
  });
}

test("every step of /features shows a product picture", async ({ page }) => {
  await page.goto("/features");
  for (const step of [
    "All your data, in one hub",
    "Collect what is missing, score it consistently",
    "Answers in plain English",
    "The right view for every team",
  ]) {
    await expect(page.getByRole("region", { name: step }).getByRole("img"), step).toHaveCount(1);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page renders its complete content", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expectKeyHeadings(page, pages[0]!);
    await expect(page.getByRole("img", { name: /Zuri dashboard/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Zuri setup in three steps/ })).toBeVisible();
    await expect(page.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(3);
    await expect(page.getByText("Try Free. No credit card required.").first()).toBeVisible();
  });
});
