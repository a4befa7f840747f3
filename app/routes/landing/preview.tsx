import { data } from "react-router";
import type { Route } from "./+types/preview";
import { servicesContext } from "../../request-context.ts";
import { staffGuard } from "../../lib/staff-guard.server.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { field } from "../../lib/cms-form.server.ts";
import { cleanedPreviewPage } from "../../lib/landing-preview.server.ts";
import { text } from "../../../shared/zod.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { REVIEW_PAGE_HEADERS } from "../../../shared/review-links.ts";
import {
  isLandingPagePath,
  landingPageFieldErrors,
  landingPageInputSchema,
  landingPagePath,
  PAGE_PREVIEW_FIELD,
  PAGE_PREVIEW_MAX_BYTES,
  PAGE_PREVIEW_STATUS_FIELD,
  PAGE_PREVIEW_UNSAVED_FIELD,
  PAGE_TITLE_MAX,
} from "../../../shared/landing-pages.ts";
import { LandingBlocks } from "../../components/landing/landing-blocks.tsx";
import { PreviewBar } from "../../components/landing/preview-bar.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";

/** For editors and administrators (shared/cms-pages.ts: "pages"); the guard runs before the form is read. */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

/** Never stored, never indexed, no `Referer` naming it (the review page's headers, docs/decisions/034, 065). */
export function headers() {
  return REVIEW_PAGE_HEADERS;
}

/**
 * A draft is checked as a save checks it, except that the title and the address may still be unfinished: the
 * preview shows what there is, and a block field may be empty (docs/decisions/038).
 */
const pagePreviewSchema = landingPageInputSchema.extend({
  title: text("Title").trim().max(PAGE_TITLE_MAX, `Title must be at most ${PAGE_TITLE_MAX} characters.`).default(""),
  slug: text("Slug").trim().max(200).default(""),
});

/**
 * `POST /cms/page-preview` (docs/decisions/038): the landing page editor's page as JSON in one form field, shown as
 * visitors will see it, in the public chrome, inside the editor's frames. Nothing is stored. A page that breaks a
 * limit is a 400 that names each field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, PAGE_PREVIEW_MAX_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(field(form, PAGE_PREVIEW_FIELD));
  } catch {
    return data({ errors: { [PAGE_PREVIEW_FIELD]: "The page could not be read." }, page: null }, { status: 400, headers: REVIEW_PAGE_HEADERS });
  }
  const parsed = pagePreviewSchema.safeParse(json);
  if (!parsed.success) {
    return data({ errors: landingPageFieldErrors(json, parsed.error.issues), page: null }, { status: 400, headers: REVIEW_PAGE_HEADERS });
  }
  const page = cleanedPreviewPage(parsed.data, context.get(servicesContext).env.SITE_URL);
  if ("fields" in page) return data({ errors: page.fields, page: null }, { status: 400, headers: REVIEW_PAGE_HEADERS });
  const standing = { status: field(form, PAGE_PREVIEW_STATUS_FIELD), unsaved: field(form, PAGE_PREVIEW_UNSAVED_FIELD) };
  return { errors: null, notice: previewNotice(standing), page: { title: page.title, path: isLandingPagePath(landingPagePath(page.slug)) ? landingPagePath(page.slug) : landingPagePath("preview"), blocks: page.blocks } };
}

export const meta: Route.MetaFunction = () => [
  { title: `Preview — not published | ${siteConfig.productName}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

/**
 * What the banner says about the page shown: published or not, and whether unsaved changes are in it
 * (docs/decisions/039, "The editor's layout"). Without the editor's word on it, the old wording.
 */
function previewNotice({ status, unsaved }: { status: string; unsaved: string }): string {
  const changes = unsaved === "1" ? " Unsaved changes included." : "";
  if (status === "published") {
    return unsaved === "1"
      ? "— published, with your unsaved changes: visitors see them only after you click Update."
      : "— the published page, as visitors see it.";
  }
  if (status === "scheduled") return `— scheduled, not published yet.${changes}`;
  if (status === "draft") return `— not published.${changes}`;
  return "— not published. Unsaved changes included.";
}

/** The page's blocks as the public page renders them (app/components/landing), under a slim bar saying what this is. */
export default function PagePreview({ actionData }: Route.ComponentProps) {
  const page = actionData?.page;
  const errors = actionData?.errors;
  return (
    <>
      <PreviewBar role="status" data-testid="page-preview-notice">
        {page ? (
          <>
            <strong className="font-semibold">Preview</strong> {actionData.notice}
          </>
        ) : errors ? (
          <>
            <strong className="font-semibold">Preview</strong> — this page cannot be shown until these are fixed.
          </>
        ) : (
          <>
            <strong className="font-semibold">Nothing to preview.</strong> Open a landing page in the CMS to preview it here.
          </>
        )}
      </PreviewBar>
      {errors && (
        <ul data-testid="page-preview-errors" className="container-page max-w-3xl list-disc space-y-2 py-10 pl-10 text-sm text-destructive">
          {Object.entries(errors).map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}
      {page && page.blocks.length === 0 && (
        <p className="container-page py-24 text-center text-muted-foreground">This page has no blocks yet.</p>
      )}
      {page && <LandingBlocks blocks={page.blocks} pagePath={page.path} title={page.title || "Untitled page"} preview />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
