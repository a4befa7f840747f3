import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type Page } from "@playwright/test";
import { e2eAdmin } from "../../playwright.config.ts";
import { freePort, spawnServer, stopServers, type ServerProcess } from "../support/server-process.ts";
import { base32Decode, totpCode } from "../../server/services/totp.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { waitForHydration } from "./auth.ts";

/**
 * Two-step sign-in in Chromium (docs/decisions/075-second-factor.md): a passkey enrolled on the
 * profile with Chromium's virtual authenticator (CDP WebAuthn) and used to sign in; an authenticator
 * app set up from its key, then a sign-in with a recovery code, by keyboard.
 *
 * WebAuthn needs a domain, not an IP address, as its relying party: this file runs its own server
 * with SITE_URL http://localhost:<port> on a fresh database, and its own accounts, so the shared e2e
 * administrator is never locked out.
 */

const SHOTS = process.env.SECOND_FACTOR_SHOTS;


test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let siteUrl: string;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "zuri-e2e-2fa-"));
  const port = await freePort();
  siteUrl = `http://localhost:${port}`;
  server = await spawnServer({
    PORT: String(port),
    SITE_URL: siteUrl,
    DATABASE_URL: `file:${join(dataDir, "zuri.db")}`,
    ADMIN_USERNAME: e2eAdmin.username,
    ADMIN_PASSWORD: e2eAdmin.password,
  });
});

test.afterAll(async () => {
  await stopServers([server]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new administrator of this test's own: registered, then promoted by the e2e admin. */
async function newAdmin(): Promise<{ username: string; password: string }> {
  const account = { username: `two-step-${randomBytes(3).toString("hex")}`, password: `pw-${randomBytes(8).toString("hex")}` };
  const visitor = await request.newContext({ baseURL: siteUrl });
  const registered = await visitor.post("/api/register", { data: account });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const admin = await request.newContext({ baseURL: siteUrl });
  expect((await admin.post("/api/login", { data: e2eAdmin })).ok()).toBe(true);
  expect((await admin.patch(`/api/cms/users/${id}`, { data: { isAdmin: true } })).ok()).toBe(true);
  await Promise.all([visitor.dispose(), admin.dispose()]);
  return account;
}

async function signInWithPassword(page: Page, account: { username: string; password: string }) {
  await page.goto(`${siteUrl}/cms/login`);
  await waitForHydration(page);
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Login" }).click();
}

async function openProfile(page: Page) {
  await page.goto(`${siteUrl}/cms/profile`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
}

async function shoot(page: Page, name: string, locator?: ReturnType<Page["locator"]>) {
  if (!SHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const path = join(SHOTS, `${name}-${width}.png`);
    if (locator) await locator.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a passkey enrolled on the profile signs in as the second step", async ({ page }) => {
  const account = await newAdmin();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signInWithPassword(page, account);
  await expect(page).toHaveURL(/\/cms\/control$/);
  await openProfile(page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Passkey name").fill("Work laptop");
  await dialog.getByLabel("Your password").fill(account.password);
  await dialog.getByRole("button", { name: "Create passkey" }).click();

  // The first factor comes with ten recovery codes, shown once.
  const codes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codes.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await expectNoAxeViolations(page);
  await codes.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Work laptop");
  await expect(page.getByTestId("recovery-remaining")).toHaveText("10 of 10 codes left.");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  await expectNoAxeViolations(page);
  await shoot(page, "profile-two-step", page.locator("#two-step"));

  // A new sign-in asks for the passkey after the password; the keyboard reaches it.
  await page.context().clearCookies();
  await signInWithPassword(page, account);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/login/);
  await expectNoAxeViolations(page);
  await shoot(page, "login-passkey-step");
  const usePasskey = page.getByRole("button", { name: "Use a passkey" });
  await usePasskey.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cms\/control$/);
  await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
});

test("an authenticator app set up from its key, then a sign-in with a recovery code, by keyboard", async ({ page }) => {
  const account = await newAdmin();
  await signInWithPassword(page, account);
  await expect(page).toHaveURL(/\/cms\/control$/);
  await openProfile(page);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const dialog = page.getByRole("dialog", { name: "Set up an authenticator app" });
  await expect(dialog.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "totp-setup", dialog);
  const key = base32Decode((await dialog.getByTestId("totp-secret").textContent())!);
  await dialog.getByLabel("Code from the app").fill("000000");
  await dialog.getByLabel("Your password").fill(account.password);
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText("That code is not right.")).toBeVisible();
  await dialog.getByLabel("Code from the app").fill(totpCode(key, new Date()));
  await dialog.getByRole("button", { name: "Turn on" }).click();

  const codesDialog = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codesDialog.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  const codes = await codesDialog.getByTestId("recovery-codes").locator("li").allTextContents();
  expect(codes[0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await codesDialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText(/^On since /)).toBeVisible();

  // Sign out; the password leads to the code step, with the field a phone fills from an SMS-style prompt.
  await page.context().clearCookies();
  await signInWithPassword(page, account);
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expectNoAxeViolations(page);
  await shoot(page, "login-code-step");
  await page.keyboard.type("111111");
  await page.keyboard.press("Enter");
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // By keyboard to "Use a recovery code", then the code as it was shown.
  await page.getByRole("button", { name: "Use a recovery code" }).focus();
  await expect(page.getByRole("button", { name: "Use a recovery code" })).toBeFocused();
  await page.keyboard.press("Enter");
  const recovery = page.getByLabel("Recovery code");
  await expect(recovery).toBeFocused();
  await shoot(page, "login-recovery-step");
  await page.keyboard.type(codes[2]!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cms\/control$/);

  await openProfile(page);
  await expect(page.getByTestId("recovery-remaining")).toHaveText("9 of 10 codes left.");
});

test("administrators see who has two-step sign-in, may require it only with their own, and reset a user's", async ({ page }) => {
  const account = await newAdmin();
  // The account gets an authenticator app through the API, as the profile would set it up.
  const api = await request.newContext({ baseURL: siteUrl });
  expect((await api.post("/api/login", { data: account })).ok()).toBe(true);
  const setup = (await (await api.post("/api/cms/profile/second-factor/totp", { data: {} })).json()) as { secret: string };
  const confirmed = await api.post("/api/cms/profile/second-factor/totp/confirm", {
    data: { code: totpCode(base32Decode(setup.secret), new Date()), password: account.password },
  });
  expect(confirmed.ok()).toBe(true);

  await signInWithPassword(page, e2eAdmin);
  await expect(page).toHaveURL(/\/cms\/control$/);
  await page.goto(`${siteUrl}/cms/users`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Two-step sign-in is optional" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: account.username });
  await expect(row).toContainText("Two-step on");
  await expectNoAxeViolations(page);
  await shoot(page, "users");

  // Only an administrator with a second factor may require one for everyone.
  await page.getByRole("button", { name: "Require for everyone" }).click();
  await expect(page.getByText("Set up two-step sign-in on your own profile before you require it for everyone.").first()).toBeVisible();

  await row.getByRole("link", { name: `Reset two-step for ${account.username}` }).click();
  const dialog = page.getByRole("dialog", { name: "Reset two-step sign-in" });
  await expect(dialog).toContainText(account.username);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByText("Two-step sign-in has been reset and their sessions have ended.").first()).toBeVisible();
  await expect(row).toContainText("Two-step off");
  // Their session has ended.
  expect((await api.get("/api/user")).status()).toBe(401);
  await api.dispose();
});
