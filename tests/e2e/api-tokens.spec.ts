import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { toastWith, unique } from "./cms-helpers.ts";

/** API tokens (docs/decisions/072-api-tokens.md): made in /cms/tokens, used by other software, revoked. */
test.describe("API tokens", () => {
  // Axe scans and screenshots at two widths on a shared two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("an administrator makes a token with the keyboard, copies it, another program pulls demo requests with it, and a revoke ends it", async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    // A lead to pull, from its own address (the demo form's per-address limit, docs/decisions/050).
    const email = `lead.${randomBytes(4).toString("hex")}@example.com`;
    const since = new Date(Date.now() - 1000).toISOString();
    const lead = await page.request.post("/api/book-demo", {
      data: { name: "Grace Hopper", email, phone: "", organization: "Compiler Co", message: "Sync me to the CRM" },
      headers: { origin: baseURL ?? "", "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` },
    });
    expect(lead.status()).toBe(201);

    await loginAsAdmin(page);
    await page.goto("/cms/tokens");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
    await expect(page.getByRole("link", { name: "API Tokens" })).toHaveAttribute("aria-current", "page");

    // Name, the "Read demo requests" scope, Create: keyboard only.
    const name = unique("CRM lead sync");
    const nameField = page.getByLabel("Name");
    await nameField.focus();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: /^Read posts/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: /^Write posts/ })).toBeFocused();
    await page.keyboard.press("Tab");
    const leadsScope = page.getByRole("checkbox", { name: /^Read demo requests/ });
    await expect(leadsScope).toBeFocused();
    await page.keyboard.press("Space");
    await expect(leadsScope).toBeChecked();
    await page.keyboard.press("Tab");
    // Triage (decision 053) is left unticked: the sync only reads.
    await expect(page.getByRole("checkbox", { name: /^Triage demo requests/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Create token" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(toastWith(page, "Token created")).toBeVisible();
    const tokenField = page.getByLabel("New token");
    await expect(tokenField).toBeFocused();
    await expect(tokenField).toHaveValue(/^zuri_[A-Za-z0-9_-]{43}$/);
    const token = await tokenField.inputValue();
    await expect(page.getByTestId("created-token")).toContainText("it will not be shown again");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Copy token" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Token copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(token);

    // The list shows the new token by name and prefix, with its scope, never used yet.
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText(`${token.slice(0, 13)}…`);
    await expect(row).toContainText("demo_requests:read");
    await expect(row).toContainText("Never");
    // The form is ready for the next token.
    await expect(nameField).toHaveValue("");

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`tokens-created-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Another program: no cookies, only the copied token in the Authorization header.
    const crm = await playwright.request.newContext({ baseURL });
    const pulled = await crm.get(`/api/cms/demo-requests?since=${encodeURIComponent(since)}`, {
      headers: { authorization: `Bearer ${copied}` },
    });
    expect(pulled.status()).toBe(200);
    const leads = (await pulled.json()) as { email: string; name: string; organization: string }[];
    expect(leads.find((item) => item.email === email)).toMatchObject({ name: "Grace Hopper", organization: "Compiler Co" });
    // The same token in the address is refused.
    expect((await crm.get(`/api/cms/demo-requests?access_token=${copied}`)).status()).toBe(401);
    // The token reads demo requests, not posts.
    expect((await crm.get("/api/cms/posts", { headers: { authorization: `Bearer ${copied}` } })).status()).toBe(403);

    // Its use shows in the list.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("row").filter({ hasText: name }).locator("time")).toBeVisible();

    // Revoke, with the keyboard, through the confirmation.
    const revokeLink = page.getByRole("link", { name: `Revoke ${name}` });
    await revokeLink.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Revoke token" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(token.slice(0, 13));
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("tokens-revoke-1440.png") });
    const confirm = dialog.getByRole("button", { name: "Revoke" });
    await confirm.focus();
    await page.keyboard.press("Enter");
    await expect(toastWith(page, "Token revoked")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: /^Active tokens/ })).toBeFocused();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    // At once: the next request with it is a 401.
    const refused = await crm.get("/api/cms/demo-requests", { headers: { authorization: `Bearer ${copied}` } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ message: "Invalid or revoked API token" });
    await crm.dispose();
  });

  test("without JavaScript the page still makes a token and shows it once", async ({ page: signIn, browser, baseURL }) => {
    await loginAsAdmin(signIn);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await signIn.context().storageState() });
    const page = await context.newPage();
    await page.goto("/cms/tokens");
    const name = unique("Newsletter import");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("checkbox", { name: /^Read posts/ }).check();
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByTestId("created-token")).toContainText(`Copy “${name}” now`);
    await expect(page.getByLabel("New token")).toHaveValue(/^zuri_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("posts:read");

    // A refused form keeps what was typed and says what is missing.
    await page.getByLabel("Name").fill("No scope");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Choose at least one scope.").first()).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("No scope");
    await context.close();
  });
});
