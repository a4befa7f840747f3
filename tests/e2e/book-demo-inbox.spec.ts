import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { loginAsAdmin } from "./auth.ts";

test("sales works a lead in the inbox: sees it, marks it contacted, searches and exports CSV", async ({ page, baseURL }) => {
  const lead = {
    name: "Inbox Visitor",
    email: `inbox-${Date.now()}@example.com`,
    phone: "+44 161 496 0000",
    organization: "Northwind Retail",
    message: "Forecasts for our 12 stores, please.",
  };
  // Through the public API, as the demo form sends it (docs/product.md §7).
  const created = await page.request.post("/api/book-demo", { data: lead, headers: { origin: baseURL ?? "" } });
  expect(created.status()).toBe(201);

  await loginAsAdmin(page, { redirectTo: "/cms/demo-requests" });
  await expect(page).toHaveURL(/\/cms\/demo-requests$/);
  await expect(page.getByRole("heading", { level: 1, name: "Demo Requests" })).toBeVisible();

  const card = page.getByRole("article", { name: lead.name }).filter({ hasText: lead.email });
  await expect(card).toContainText(lead.organization);
  await expect(card).toContainText(lead.phone);
  await expect(card).toContainText(lead.message);
  const badge = card.locator("[data-slot=status-badge]");
  await expect(badge).toHaveText("Status: New");

  // A lead is one row; its triage opens under it (docs/decisions/053, "Inbox layout").
  await card.locator("summary").first().click();
  await card.getByRole("button", { name: "Contacted", exact: true }).click();
  await expect(
    page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem").filter({ hasText: "Status updated" }),
  ).toContainText(`${lead.name} is now Contacted.`);
  await expect(badge).toHaveText("Status: Contacted");

  await page.getByLabel("Search by name, email or organization").fill("NORTHWIND");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\?q=NORTHWIND$/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText(lead.email);
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^zuri-demo-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  // A phone number is left as typed (docs/decisions/053).
  expect(csv).toContain(`"${lead.email}","${lead.phone}","${lead.organization}"`);
  expect(csv.trim().split("\r\n")).toHaveLength(2);
});
