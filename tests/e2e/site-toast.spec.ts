import { expect, test, type Page } from "@playwright/test";
import { waitForPageScript } from "./page-script.ts";

/**
 * The toasts of docs/product.md §4 and §9, raised by a real feature: the demo form's success and failure.
 * The API answer is stubbed so the test controls which toast appears.
 */
async function answerDemoRequestsWith(page: Page, status: number) {
  await page.unroute("**/api/book-demo");
  await page.route("**/api/book-demo", (route) =>
    route.fulfill({ status, contentType: "application/json", body: status < 300 ? '{"ok":true}' : '{"message":"x"}' }),
  );
}

async function submitDemoForm(page: Page) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Request a Demo" }) });
  await form.getByLabel("Full Name").fill("Ada Lovelace");
  await form.getByLabel("Email").fill("ada@company.example");
  await form.getByLabel("Organization").fill("Analytical Engines Ltd");
  await form.getByRole("button", { name: "Request a Demo" }).click();
}

const toasts = (page: Page) => page.locator('[data-slot="toast"]');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, analytics: false, marketing: false })),
  );
});

test("a new toast replaces the older one: at most one is visible", async ({ page }) => {
  await answerDemoRequestsWith(page, 500);
  await page.goto("/book-demo");
  await waitForPageScript(page);
  await submitDemoForm(page);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText("Something went wrong.");
  await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");

  await answerDemoRequestsWith(page, 200);
  await submitDemoForm(page);
  await expect(toasts(page)).toContainText("Demo Request Submitted!");
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveAttribute("data-variant", "default");
  await expect(page.getByText("Something went wrong.")).toHaveCount(0);
});

test("a toast closes by itself after 5000 ms", async ({ page }) => {
  // The page's time moves only as the test says, so the machine's speed cannot eat into the 5000 ms.
  await page.clock.install({ time: new Date("2026-11-26T10:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-26T10:00:01Z"));
  await answerDemoRequestsWith(page, 200);
  await page.goto("/book-demo");
  await waitForPageScript(page);
  await submitDemoForm(page);
  await expect(toasts(page)).toContainText("Demo Request Submitted!");
  await page.mouse.move(0, 0); // hovering the toast would pause its timer
  await page.clock.runFor(4_000);
  await expect(toasts(page)).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(toasts(page)).toHaveCount(0);
});

test("swiping a toast right past 50 px dismisses it; a shorter swipe does not", async ({ page }) => {
  await answerDemoRequestsWith(page, 200);
  await page.goto("/book-demo");
  await waitForPageScript(page);
  await submitDemoForm(page);
  const toast = toasts(page);
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 40;

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 20, y, { steps: 5 });
  await page.mouse.move(x + 30, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toBeVisible();

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y, { steps: 5 });
  await page.mouse.move(x + 120, y, { steps: 5 });
  await page.mouse.up();
  await expect(toasts(page)).toHaveCount(0);
});

test("F8 moves focus to the notification region, and the close button dismisses the toast", async ({ page }) => {
  await answerDemoRequestsWith(page, 500);
  await page.goto("/book-demo");
  await waitForPageScript(page);
  await submitDemoForm(page);
  await expect(toasts(page)).toBeVisible();
  await page.keyboard.press("F8");
  const region = page.getByRole("region", { name: /Notifications/ });
  await expect.poll(() => region.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.getByRole("button", { name: "Close notification" }).click();
  await expect(toasts(page)).toHaveCount(0);
});

for (const [width, maxWidth] of [
  [390, 390],
  [1440, 420],
] as const) {
  test(`the toast viewport is at most ${maxWidth} px wide at ${width} px and leaves the cookie banner's Accept All uncovered`, async ({ page }) => {
    // No choice stored yet: the banner is fixed at the bottom while the toast shows (docs/decisions/069).
    await page.addInitScript(() => window.localStorage.removeItem("cookieConsent"));
    await page.setViewportSize({ width, height: 900 });
    await answerDemoRequestsWith(page, 200);
    await page.goto("/book-demo");
    await waitForPageScript(page);
    const acceptAll = page.getByRole("region", { name: "We value your privacy" }).getByRole("button", { name: "Accept All" });
    await expect(acceptAll).toBeVisible();
    // Sent with Enter from the form: the banner may cover the submit button.
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Request a Demo" }) });
    await form.getByLabel("Full Name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@company.example");
    await form.getByLabel("Organization").fill("Analytical Engines Ltd");
    await form.getByLabel("Organization").press("Enter");
    await expect(toasts(page)).toBeVisible();
    const viewport = (await page.locator('[data-slot="toast-viewport"]').boundingBox())!;
    expect(viewport.width).toBe(maxWidth);
    const toast = (await toasts(page).boundingBox())!;
    const button = (await acceptAll.boundingBox())!;
    expect(toast.y + toast.height <= button.y || button.y + button.height <= toast.y || toast.x + toast.width <= button.x || button.x + button.width <= toast.x).toBe(true);
  });
}
