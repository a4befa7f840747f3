import { expect, test, type Browser, type Page } from "@playwright/test";
import { loginAs, loginAsAdmin, waitForHydration } from "./auth.ts";
import { contentEditor, unique, waitForEditor } from "./cms-helpers.ts";
import { expectNoAxeViolations } from "./axe.ts";

/**
 * A marketing team at work (docs/decisions/027, 028, 029, 032): an administrator invites a contributor, an
 * editor and a sales rep; the contributor writes a draft and submits it; the editor sends it back with a note,
 * then approves it by scheduling it; the sales rep works the inbox and is refused the editor; the activity log
 * shows each step with who did it.
 */
const password = "team-journey-password-2026";

async function invite(admin: Page, email: string, role: string): Promise<string> {
  // The header's "Invite people" is the form's one entry point (docs/decisions/069); the cursor lands in Email.
  await admin.getByRole("link", { name: "Invite people" }).click();
  const card = admin.locator("form").filter({ has: admin.getByRole("button", { name: "Invite" }) });
  await expect(card.getByLabel("Email")).toBeFocused();
  await card.getByLabel("Email").fill(email);
  await card.getByLabel("Role").selectOption(role);
  await card.getByRole("button", { name: "Invite" }).click();
  const link = admin.getByLabel("Invitation link");
  await expect(link).toHaveValue(/\/cms\/invitation\//);
  const value = await link.inputValue();
  await admin.goto("/cms/users");
  await waitForHydration(admin);
  return value;
}

/** Accepts an invitation in a browser of its own; answers the signed-in page. */
async function accept(browser: Browser, link: string, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/cms/") && !url.pathname.startsWith("/cms/invitation"));
  return page;
}

test("an invited contributor's draft goes through review to a schedule, sales is kept to the inbox, and the log shows who did what", async ({ browser, page: admin }) => {
  test.setTimeout(180_000);
  const tag = unique("team").split(" ")[1]!;
  const names = { writer: `writer-${tag}`, editor: `editor-${tag}`, sales: `sales-${tag}` };

  await loginAsAdmin(admin, { redirectTo: "/cms/users" });
  await waitForHydration(admin);
  const links = {
    writer: await invite(admin, `${names.writer}@zuri.example`, "contributor"),
    editor: await invite(admin, `${names.editor}@zuri.example`, "editor"),
    sales: await invite(admin, `${names.sales}@zuri.example`, "sales"),
  };
  await expectNoAxeViolations(admin);

  // The contributor accepts, lands on the dashboard, writes a draft and submits it; there is no Publish for them.
  const writer = await accept(browser, links.writer, names.writer);
  await expect(writer).toHaveURL(/\/cms\/control$/);
  const title = unique("Supplier risk in the first week");
  await writer.goto("/cms/editor");
  await waitForEditor(writer);
  await writer.getByLabel("Title", { exact: true }).fill(title);
  await writer.getByRole("button", { name: "Generate from title" }).click();
  await contentEditor(writer).fill("Why early signals matter for supplier risk.");
  await expect(writer.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await writer.getByRole("button", { name: "Submit for review" }).click();
  await expect(writer.getByText(/In review/).first()).toBeVisible();
  const postPath = new URL(writer.url()).pathname;
  expect(postPath).toMatch(/^\/cms\/editor\/\d+$/);

  // The editor finds it in the review queue and sends it back with a note.
  const editor = await accept(browser, links.editor, names.editor);
  await editor.goto("/cms/control");
  await expect(editor.getByRole("row").filter({ hasText: title })).toContainText(names.writer);
  await editor.goto(postPath);
  await waitForEditor(editor);
  await editor.getByRole("button", { name: "Send back" }).click();
  const dialog = editor.getByRole("dialog", { name: "Send back to the writer" });
  await dialog.getByLabel("Note for the writer").fill("Add one number from a customer, then send it again.");
  await dialog.getByRole("button", { name: "Send back" }).click();
  await expect(dialog).toBeHidden();

  // The writer sees the note, edits, and submits again.
  await writer.goto(postPath);
  await waitForEditor(writer);
  await expect(writer.getByText("Add one number from a customer, then send it again.")).toBeVisible();
  await contentEditor(writer).press("End");
  await contentEditor(writer).pressSequentially(" A retailer saw it nine days early.");
  await writer.getByRole("button", { name: "Submit for review" }).click();
  await expect(writer.getByText(/In review/).first()).toBeVisible();

  // The editor approves it by scheduling it for tomorrow.
  await editor.goto(postPath);
  await waitForEditor(editor);
  await editor.getByRole("button", { name: "Schedule", exact: true }).click();
  const schedule = editor.getByRole("dialog", { name: "Schedule this post" });
  const field = schedule.getByLabel(/Publish on/);
  const tomorrow = new Date(Date.now() + 26 * 3_600_000);
  const local = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "short" }).format(tomorrow);
  await field.fill(local.replace(" ", "T"));
  await schedule.getByRole("button", { name: "Schedule" }).click();
  await expect(editor.getByRole("button", { name: "Update Scheduled" })).toBeVisible();

  // Sales lands on the inbox and is refused the editor, in words.
  const sales = await accept(browser, links.sales, names.sales);
  await expect(sales).toHaveURL(/\/cms\/demo-requests$/);
  await sales.goto("/cms/editor");
  await expect(sales.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(sales.getByText("Your role, Sales, doesn't include this page.")).toBeVisible();
  await expect(sales.getByRole("navigation", { name: "CMS" }).getByRole("link", { name: "Posts" })).toHaveCount(0);

  // Signing in again works with the password chosen on the invitation.
  await sales.context().clearCookies();
  await loginAs(sales, { username: names.sales, password });
  await expect(sales).toHaveURL(/\/cms\/demo-requests$/);

  // The activity log shows each step and who took it.
  await admin.goto("/cms/activity");
  const log = admin.getByRole("table");
  const line = (who: string, what: string) => log.getByRole("row").filter({ hasText: who }).filter({ hasText: what });
  await expect(line("e2e-admin", "Invited someone")).toHaveCount(3);
  await expect(line(names.writer, "Accepted an invitation")).toHaveCount(1);
  await expect(line(names.writer, "Submitted for review")).toHaveCount(2);
  await expect(line(names.editor, "Sent back with a note")).toHaveCount(1);
  await expect(line(names.editor, "Scheduled a post")).toHaveCount(1);
  await expectNoAxeViolations(admin);
});
