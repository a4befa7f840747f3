import { expect, test, type Page } from "@playwright/test";
import { loginAsAdmin } from "./auth.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { allBlocksPage } from "../support/landing-pages.ts";
import { PAGE_PREVIEW_FIELD, PAGE_PREVIEW_PATH, type LandingPageInput } from "../../shared/landing-pages.ts";

/** Landing pages (docs/decisions/038): the page editor's preview, framed as the editor frames it. */

/** Posts a page to the preview into a frame of the given width, as the page editor does (a form with a target). */
async function previewInFrame(page: Page, landing: LandingPageInput, width: number) {
  await page.evaluate(
    ({ path, field, json, width }) => {
      const frame = document.createElement("iframe");
      frame.name = `preview-${width}`;
      frame.title = `Preview at ${width} px`;
      frame.width = String(width);
      frame.height = "800";
      document.body.append(frame);
      const form = document.createElement("form");
      form.method = "post";
      form.action = path;
      form.target = frame.name;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = field;
      input.value = json;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { path: PAGE_PREVIEW_PATH, field: PAGE_PREVIEW_FIELD, json: JSON.stringify(landing), width },
  );
  const frame = page.frameLocator(`iframe[name="preview-${width}"]`);
  await expect(frame.getByTestId("page-preview-notice")).toBeVisible();
  return frame;
}

test.describe("the landing page preview", () => {
  test("shows the editor's page inside the CMS's own frames at a phone's and a desktop's width", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/cms/control");
    for (const width of [390, 1440]) {
      const frame = await previewInFrame(page, allBlocksPage("spring-retail"), width);
      await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Know which shelves will be empty before your customers do");
      await expect(frame.getByRole("heading", { level: 2, name: "Book your retail demo" })).toBeVisible();
    }
  });

  test("passes axe at 390 and 1440 px, with its FAQ open and closed without a script", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/cms/control");
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(
        ({ path, field, json }) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = path;
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = field;
          input.value = json;
          form.append(input);
          document.body.append(form);
          form.submit();
        },
        { path: PAGE_PREVIEW_PATH, field: PAGE_PREVIEW_FIELD, json: JSON.stringify(allBlocksPage("spring-retail")) },
      );
      await expect(page.getByTestId("page-preview-notice")).toBeVisible();
      const question = page.getByText("Do we need a data-science team?");
      await question.click();
      await expect(page.getByText("Zuri reads your columns for you")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`landing-preview-${width}.png`), fullPage: true });
      await page.goto("/cms/control");
    }
  });
});
