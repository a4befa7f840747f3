import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin, waitForHydration } from "./auth.ts";
import { sidewaysOverflow, toastWith } from "./cms-helpers.ts";
import { e2eAdmin } from "../../playwright.config.ts";

const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;
const password = "a long enough password";
/** Login and registration run argon2 on purpose; on a loaded machine that takes a while. */
const serverWork = { timeout: 15_000 };
test.describe.configure({ timeout: 60_000 });

/** Registers through the Register tab and waits for the page the app sends a new user to. */
async function registerThroughForm(page: Page, username: string) {
  await page.goto("/cms/login");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Register" }).click();
  const form = page.getByRole("tabpanel", { name: "Register" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm password").fill(password);
  await form.getByRole("button", { name: "Create account" }).click();
}


/**
 * The CMS navigation's groups as the sidebar and the Menu sheet show them: each labelled list's links, in order,
 * then the foot's unlabelled list (Settings, Profile) as `["", links]` (docs/decisions/069, "The sidebar").
 */
async function expectNavGroups(nav: Locator, groups: [string, string[]][]) {
  await expect(nav.getByRole("list")).toHaveCount(groups.length);
  for (const [index, [group, links]] of groups.entries()) {
    const list = group ? nav.getByRole("list", { name: new RegExp(`^${group}$`, "i") }) : nav.getByRole("list").nth(index);
    await expect(list.getByRole("link")).toHaveText(links);
  }
}

const adminGroups: [string, string[]][] = [
  ["Content", ["Posts", "Tags", "Landing pages"]],
  ["Audience", ["Demo Requests", "Insights"]],
  ["Team", ["Users", "Activity"]],
  ["Developers", ["API Tokens", "Webhooks", "API Reference"]],
  ["", ["Settings", "Profile"]],
];

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("register, land on Access Denied, then log out", async ({ page }) => {
  const username = uniqueName("writer");
  await registerThroughForm(page, username);
  await expect(toastWith(page, "Registration successful")).toContainText("Your account has been created.", serverWork);
  await expect(page).toHaveURL("/cms/unauthorized", serverWork);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Only administrators can access the content management system.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toastWith(page, "Logged out")).toContainText("You have been logged out successfully.", serverWork);
  await expect(page).toHaveURL("/cms/login");
  await page.goto("/cms/control");
  await expect(page).toHaveURL(/\/cms\/login\?redirectTo=%2Fcms%2Fcontrol$/);
});

test("an admin logs in and reaches the dashboard", async ({ page }) => {
  await page.goto("/cms/login");
  await expectNoAxeViolations(page);
  await waitForHydration(page);
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Username").fill(e2eAdmin.username);
  await form.getByLabel("Password").fill(e2eAdmin.password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toastWith(page, "Login successful")).toContainText("Welcome back!", serverWork);
  await expect(page).toHaveURL("/cms/control");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute("href", "/cms/editor");
  const nav = page.getByRole("navigation", { name: "CMS" });
  await expect(nav.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  // At 1440 px a sidebar down the window's left holds the sections by group, then the user and Logout; the
  // Menu button is for narrower windows. It stays in place while a long page scrolls (docs/decisions/069, "The sidebar").
  await expectNavGroups(nav, adminGroups);
  const sidebar = page.getByRole("banner");
  await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(sidebar.getByText("Administrator", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await sidebar.boundingBox()).toMatchObject({ x: 0, y: 0, height: 900 });
  expect((await page.getByRole("main").boundingBox())!.x).toBe((await sidebar.boundingBox())!.width);
  await expect(sidebar.getByRole("button", { name: "Logout" })).toBeInViewport();
});

test("a wrong password shows the 'Login failed' toast and stays on the login page", async ({ page }) => {
  await page.goto("/cms/login");
  await waitForHydration(page);
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Username").fill(e2eAdmin.username);
  await form.getByLabel("Password").fill("not the password");
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toastWith(page, "Login failed")).toContainText("Invalid username or password", serverWork);
  await expect(page).toHaveURL("/cms/login");
  await expect(form.getByRole("alert")).toHaveText("Invalid username or password");
});

test("a registered user given the Editor role by an admin gets in", async ({ page, browser }) => {
  const username = uniqueName("promoted");
  await registerThroughForm(page, username);
  await expect(page).toHaveURL("/cms/unauthorized", serverWork);

  const adminPage = await newPage(browser);
  await loginAsAdmin(adminPage, { redirectTo: "/cms/users" });
  await expect(adminPage).toHaveURL("/cms/users");
  await waitForHydration(adminPage);
  const row = adminPage.getByRole("row").filter({ hasText: username });
  const role = row.getByLabel(`Role of ${username}`);
  await expect(role).toHaveValue("");
  await role.selectOption("editor");
  await row.getByRole("button", { name: `Change role of ${username}` }).click();
  await expect(toastWith(adminPage, "Role updated")).toBeVisible(serverWork);
  await expect(role).toHaveValue("editor");
  await expectNoAxeViolations(adminPage);

  // At 768 and 390 px the team's rows stack into cards: no action is cut off, nothing scrolls sideways (docs/decisions/069).
  for (const width of [768, 390]) {
    await adminPage.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(adminPage)).toBeLessThanOrEqual(0);
    const remove = row.getByRole("link", { name: `Delete ${username}` });
    await expect(remove).toBeVisible();
    expect(await remove.evaluate((link) => link.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
  }
  // On a phone the sections are behind Menu: a modal sheet opened, trapped and closed by keyboard (docs/decisions/069).
  await expectNoAxeViolations(adminPage);
  await expect(adminPage.getByRole("navigation", { name: "CMS" })).toBeHidden();
  // includeHidden: while the sheet is open everything outside it is aria-hidden, the button too.
  const menu = adminPage.getByRole("button", { name: "Menu", exact: true, includeHidden: true });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.focus();
  await adminPage.keyboard.press("Enter");
  const sheet = adminPage.getByRole("dialog", { name: "Zuri CMS" });
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const sections = sheet.getByRole("navigation", { name: "CMS" });
  await expectNavGroups(sections, adminGroups);
  await expect(sections.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  // The signed-in user and Logout are in the sheet, not beside Menu.
  await expect(sheet.getByText("Administrator", { exact: true })).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectNoAxeViolations(adminPage);
  // Focus stays inside: Shift+Tab from the first section wraps to the sheet's last control.
  await sections.getByRole("link", { name: "Posts" }).focus();
  await adminPage.keyboard.press("Shift+Tab");
  await expect(sheet.getByRole("button", { name: "Close menu" })).toBeFocused();
  await adminPage.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(adminPage.getByRole("button", { name: "Logout" })).toBeHidden();
  await adminPage.keyboard.press("Enter");
  await sections.getByRole("link", { name: "Activity" }).focus();
  await adminPage.keyboard.press("Enter");
  await expect(adminPage).toHaveURL("/cms/activity");
  await expect(sheet).toBeHidden();
  // The sheet's Logout signs out.
  await menu.click();
  await sheet.getByRole("button", { name: "Logout" }).click();
  await expect(adminPage).toHaveURL("/cms/login", serverWork);
  await adminPage.context().close();

  // An editor's sidebar at 1440 px: only the groups with a section the role may open.
  await page.goto("/cms/control");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expectNavGroups(page.getByRole("navigation", { name: "CMS" }), [
    ["Content", ["Posts", "Tags", "Landing pages"]],
    ["", ["Profile"]],
  ]);
});

test("an admin deletes an account after confirming in a dialog", async ({ page, browser }) => {
  const username = uniqueName("leaver");
  const userPage = await newPage(browser);
  await registerThroughForm(userPage, username);
  await expect(userPage).toHaveURL("/cms/unauthorized", serverWork);

  await loginAsAdmin(page, { redirectTo: "/cms/users" });
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: username });
  await row.getByRole("link", { name: `Delete ${username}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete User" });
  await expect(dialog).toContainText(`Delete the account "${username}"?`);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "User deleted")).toBeVisible(serverWork);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: username })).toHaveCount(0);

  // Their session ended with the account.
  await userPage.goto("/cms/unauthorized");
  await expect(userPage).toHaveURL(/\/cms\/login/);
  await userPage.context().close();
});

test("after login the visitor returns to the page that was asked for", async ({ page }) => {
  await page.goto("/cms/users");
  await expect(page).toHaveURL("/cms/login?redirectTo=%2Fcms%2Fusers");
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Username").fill(e2eAdmin.username);
  await form.getByLabel("Password").fill(e2eAdmin.password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/cms/users", serverWork);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
});

test("the Register tab shows 'Passwords do not match' inline and sends nothing", async ({ page }) => {
  await page.goto("/cms/login?tab=register");
  await waitForHydration(page);
  const form = page.getByRole("tabpanel", { name: "Register" });
  await form.getByLabel("Username").fill(uniqueName("typo"));
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm password").fill(`${password}!`);
  let posted = false;
  page.on("request", (request) => void (request.method() === "POST" && (posted = true)));
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await expect(form.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(false);
});

test("the buttons read 'Logging in...' and 'Creating account...' while pending", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/cms/login.data*", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/cms/login");
  await waitForHydration(page);
  const login = page.getByRole("tabpanel", { name: "Login" });
  await login.getByLabel("Username").fill(e2eAdmin.username);
  await login.getByLabel("Password").fill("wrong password for pending");
  await login.getByRole("button", { name: "Login" }).click();
  await expect(login.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  release();
  await expect(toastWith(page, "Login failed")).toBeVisible(serverWork);

  let releaseRegister!: () => void;
  const registerGate = new Promise<void>((resolve) => (releaseRegister = resolve));
  await page.unroute("**/cms/login.data*");
  await page.route("**/cms/login.data*", async (route) => {
    await registerGate;
    await route.continue();
  });
  await page.getByRole("tab", { name: "Register" }).click();
  const register = page.getByRole("tabpanel", { name: "Register" });
  await register.getByLabel("Username").fill(uniqueName("pending"));
  await register.getByLabel("Password", { exact: true }).fill(password);
  await register.getByLabel("Confirm password").fill(password);
  await register.getByRole("button", { name: "Create account" }).click();
  await expect(register.getByRole("button", { name: "Creating account..." })).toBeDisabled();
  releaseRegister();
  await expect(page).toHaveURL("/cms/unauthorized", serverWork);
});

test("the tabs are valid links that follow the arrow keys once hydrated", async ({ page }) => {
  await page.goto("/cms/login");
  await waitForHydration(page);
  const loginTab = page.getByRole("tab", { name: "Login" });
  const registerTab = page.getByRole("tab", { name: "Register" });
  // <a type> names a MIME type: the trigger's type="button" must not reach the link.
  await expect(loginTab).not.toHaveAttribute("type");
  // WAI-ARIA tabs: Tab reaches the selected tab; the arrows move between the tabs.
  await page.getByRole("link", { name: "Back to the website" }).focus();
  await page.keyboard.press("Tab");
  await expect(loginTab).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(registerTab).toBeFocused();
  await expect(registerTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Register" }).getByLabel("Confirm password")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(loginTab).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL("/cms/login");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tab links are reached with the keyboard", async ({ page }) => {
    await page.goto("/cms/login");
    await page.getByRole("link", { name: "Back to the website" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tab", { name: "Login" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tab", { name: "Register" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/tab=register/);
    await expect(page.getByLabel("Confirm password")).toBeVisible();
  });

  test("login, the Register tab and logout work as plain forms", async ({ page }) => {
    await page.goto("/cms/login?redirectTo=%2Fcms%2Fusers");
    await page.getByRole("tab", { name: "Register" }).click();
    await expect(page).toHaveURL(/tab=register/);
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await page.getByRole("tab", { name: "Login" }).click();
    const form = page.getByRole("tabpanel", { name: "Login" });
    await form.getByLabel("Username").fill(e2eAdmin.username);
    await form.getByLabel("Password").fill(e2eAdmin.password);
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/cms/users", serverWork);
    // No Menu sheet without JavaScript: on a phone the sidebar's groups, the user and Logout stay in the page's flow.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
    await expectNavGroups(page.getByRole("navigation", { name: "CMS" }), adminGroups);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/cms/login");
  });
});
