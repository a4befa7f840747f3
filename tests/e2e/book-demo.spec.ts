import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { waitForPageScript } from "./page-script.ts";

const visitor = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  organization: "Analytical Engines Ltd",
  message: "We would like weekly stock forecasts for 40 stores.",
};

async function fillDemoForm(page: Page, values: Partial<typeof visitor> = visitor) {
  const form = page.getByRole("form", { name: "Your details" });
  if (values.name !== undefined) await form.getByLabel("Full Name").fill(values.name);
  if (values.email !== undefined) await form.getByLabel("Email").fill(values.email);
  if (values.phone !== undefined) await form.getByLabel("Phone").fill(values.phone);
  if (values.organization !== undefined) await form.getByLabel("Organization").fill(values.organization);
  if (values.message !== undefined) await form.getByLabel("Additional Information").fill(values.message);
  return form;
}

/** A toast on screen: a list item in the 'Notifications (F8)' region (app/site/toasts.ts). */
const toastWith = (page: Page, title: string) =>
  page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem").filter({ hasText: title });

/** The page's script has set the form up, so a click is the JavaScript path (docs/decisions/019). */
async function gotoHydrated(page: Page, path = "/book-demo") {
  await page.goto(path);
  await waitForPageScript(page);
}

test.describe("book a demo with JavaScript", () => {
  test("a visitor books a demo: success toast, and a confirmation that stays in the form's place", async ({ page }) => {
    await gotoHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Personalized Demo");
    const form = await fillDemoForm(page);
    const posted = page.waitForRequest((request) => request.url().endsWith("/api/book-demo") && request.method() === "POST");
    await form.getByRole("button", { name: "Request a Demo" }).click();

    const body = (await posted).postDataJSON();
    expect(body).toMatchObject(visitor);
    expect(body.formToken).toMatch(/^v1\.\d+\./);
    const toast = toastWith(page, "Demo Request Submitted!");
    await expect(toast).toContainText("Our team will contact you within 24 hours to schedule your demo.");
    // The form is gone (nothing to send twice); the confirmation stays after the toast has gone.
    await expect(form).toHaveCount(0);
    const confirmation = page.getByRole("main").getByRole("status");
    await expect(confirmation.getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(toast).toHaveCount(0, { timeout: 8000 });
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByRole("link", { name: "Submit another request" })).toHaveAttribute("href", "/book-demo");
  });

  test("an invalid e-mail shows its message, sends nothing and keeps the form", async ({ page }) => {
    let posts = 0;
    page.on("request", (request) => void (request.url().endsWith("/api/book-demo") && (posts += 1)));
    await gotoHydrated(page);
    const form = await fillDemoForm(page, { ...visitor, email: "ada-at-example" });
    const email = form.getByLabel("Email");

    await email.blur();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");

    await form.getByRole("button", { name: "Request a Demo" }).click();
    await expect(email).toBeFocused();
    await expect(form.getByLabel("Full Name")).toHaveValue(visitor.name);
    await expect(form.getByLabel("Additional Information")).toHaveValue(visitor.message);
    expect(posts).toBe(0);

    await email.fill(visitor.email);
    await expect(form.getByText("Please enter a valid email address.")).toHaveCount(0);
  });

  test("the docs/product.md §5 messages appear for each field left invalid on submit", async ({ page }) => {
    await gotoHydrated(page);
    const form = await fillDemoForm(page, { name: "A" });
    await form.getByRole("button", { name: "Request a Demo" }).click();
    await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Organization name is required.")).toBeVisible();
    await expect(form.getByLabel("Full Name")).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("a server failure shows the destructive toast and keeps what was typed", async ({ page }) => {
    await page.route("**/api/book-demo", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal server error"}' }),
    );
    await gotoHydrated(page);
    const form = await fillDemoForm(page);
    await form.getByRole("button", { name: "Request a Demo" }).click();

    const toast = toastWith(page, "Something went wrong.");
    await expect(toast).toContainText("Your demo request couldn't be submitted. Please try again.");
    await expect(toast).toHaveClass(/destructive/);
    await expect(form.getByLabel("Full Name")).toHaveValue(visitor.name);
    await expect(form.getByLabel("Email")).toHaveValue(visitor.email);
    await expect(form.getByLabel("Organization")).toHaveValue(visitor.organization);
    await expect(form.getByLabel("Additional Information")).toHaveValue(visitor.message);
    await expect(form.getByRole("button", { name: "Request a Demo" })).toBeEnabled();
  });

  test("the submit button reads 'Submitting...' and is disabled while sending", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route("**/api/book-demo", async (route) => {
      await held;
      await route.fulfill({ status: 201, contentType: "application/json", body: '{"message":"Demo request received"}' });
    });
    await gotoHydrated(page);
    const form = await fillDemoForm(page);
    await form.getByRole("button", { name: "Request a Demo" }).click();

    const sending = form.getByRole("button", { name: "Submitting..." });
    await expect(sending).toBeDisabled();
    await expect(sending.locator("[data-slot=spinner]")).toBeVisible();
    release();
    await expect(toastWith(page, "Demo Request Submitted!")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();
  });

  for (const [device, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`the page has no axe violations on a ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page);
      await expectNoAxeViolations(page);
    });
  }

  test("the confirmation shown without JavaScript has no axe violations", async ({ page }) => {
    // axe needs JavaScript, so it looks at the no-JavaScript confirmation page with it.
    await gotoHydrated(page, "/book-demo?submitted=1");
    await expect(page.getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("book a demo without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts and shows the confirmation on a server-rendered page", async ({ page }) => {
    await page.goto("/book-demo");
    const form = await fillDemoForm(page);
    await form.getByRole("button", { name: "Request a Demo" }).click();
    await expect(page).toHaveURL(/\/book-demo\?submitted=1$/);
    await expect(page.getByRole("heading", { name: "Demo Request Submitted!" })).toBeVisible();
    await expect(page.getByText("Our team will contact you within 24 hours to schedule your demo.")).toBeVisible();
  });

  test("invalid fields come back with their messages and the typed values", async ({ page }) => {
    await page.goto("/book-demo");
    const form = await fillDemoForm(page, { ...visitor, email: "ada-at-example", organization: "" });
    await form.getByRole("button", { name: "Request a Demo" }).click();
    const returned = page.getByRole("form", { name: "Your details" });
    await expect(returned.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(returned.getByText("Organization name is required.")).toBeVisible();
    await expect(returned.getByLabel("Full Name")).toHaveValue(visitor.name);
    await expect(returned.getByLabel("Email")).toHaveValue("ada-at-example");
    await expect(returned.getByLabel("Additional Information")).toHaveValue(visitor.message);
  });
});
