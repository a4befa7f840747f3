import { data, Link } from "react-router";
import { ArrowLeft, Eye } from "lucide-react";
import type { Route } from "./+types/preview";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { staffGuard } from "../../lib/staff-guard.server.ts";
import { readFormBody } from "../../lib/form-body.server.ts";
import { field } from "../../lib/cms-form.server.ts";
import { formatBlogDate, readingMinutes, wordCount } from "../../lib/blog.ts";
import { isRefusal } from "../../../shared/refusal.ts";
import { parseId } from "../../../shared/ids.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { REVIEW_PAGE_HEADERS } from "../../../shared/review-links.ts";
import { workingCopyFieldsSchema } from "../../../shared/working-copy-schema.ts";
import { PREVIEW_FIELDS_FIELD, PREVIEW_MAX_BYTES, PREVIEW_POST_ID_FIELD } from "../../../shared/post-preview.ts";
import { Button } from "../../components/ui/button.tsx";
import { PostArticle } from "../../components/blog/post-article.tsx";
import { PostCard, toPostCard } from "../../components/blog/post-card.tsx";
import { ErrorPage } from "../../components/site/error-page.tsx";

/** For staff who write, like the editor (shared/cms-pages.ts); the guard runs before the form is read. */
export const middleware: Route.MiddlewareFunction[] = [staffGuard];

/**
 * Every answer, refusals included: never stored by anyone, never indexed, and no `Referer` naming this page
 * (the review page's headers, docs/decisions/065). The route declares no shared `handle`, so neither the page
 * cache nor the early answers ever consider it (docs/decisions/005, 021).
 */
export function headers() {
  return REVIEW_PAGE_HEADERS;
}

const notFound = () => data(null, { status: 404, headers: REVIEW_PAGE_HEADERS });

/**
 * `POST /cms/preview` (docs/decisions/034-preview-what-you-see.md): the editor's form, posted by its Preview
 * button into a new tab. The fields are checked as a working copy is (lenient, bounded) and cleaned as a save
 * cleans them; nothing is stored. A post the writer may not open is the site's 404 (docs/decisions/032).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const form = await readFormBody(request, PREVIEW_MAX_BYTES);
  const idField = field(form, PREVIEW_POST_ID_FIELD);
  const postId = idField === "" ? null : parseId(idField);
  if (idField !== "" && postId === null) throw notFound();
  let json: unknown;
  try {
    json = JSON.parse(field(form, PREVIEW_FIELDS_FIELD));
  } catch {
    throw data(null, { status: 400, headers: REVIEW_PAGE_HEADERS });
  }
  const fields = workingCopyFieldsSchema.safeParse(json);
  if (!fields.success) throw data(null, { status: 400, headers: REVIEW_PAGE_HEADERS });
  const { postPreview, postBodyImages } = context.get(servicesContext);
  const preview = await postPreview.build(postId, fields.data, user);
  if (isRefusal(preview)) throw notFound();
  const title = preview.title || "Untitled post";
  return {
    status: preview.status,
    article: {
      title,
      author: preview.author,
      date: preview.publishedAt,
      dateLabel: formatBlogDate(preview),
      readingMinutes: readingMinutes(wordCount(preview.content)),
      tags: preview.tags,
      coverImage: preview.coverImage,
      coverImageAlt: preview.coverImageAlt,
      // Responsive body images, as the post page draws them (docs/decisions/056).
      content: await postBodyImages.forPage(preview.content, { hasCover: preview.coverImage !== null }),
    },
    // The blog list's card, where the excerpt shows (docs/product.md §2 blog list).
    card: toPostCard({ ...preview, title }),
  };
}

/** No canonical, sharing tags or JSON-LD: nobody's to index or unfurl. */
export const meta: Route.MetaFunction = () => [
  { title: `Preview — not published | ${siteConfig.productName}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

/**
 * The post page's article and the blog list's card (app/components/blog/*), in the public site's chrome, under a
 * notice saying what this is. A GET (a bookmark, the address typed again) has nothing to show: the page says
 * where Preview comes from.
 */
export default function PostPreviewPage({ actionData }: Route.ComponentProps) {
  return (
    <article className="container-page max-w-[52rem] py-10 sm:py-14">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to="/cms/control" reloadDocument>
          <ArrowLeft aria-hidden="true" />
          Back to Posts
        </Link>
      </Button>
      <p
        role="status"
        data-testid="preview-notice"
        className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {actionData ? (
          <span>
            <strong className="font-semibold">Preview — not published.</strong> The post as it is in the editor, unsaved
            changes included. Only you can see this page;{" "}
            {actionData.status === "published" ? "readers still see the post as last published." : "readers see nothing until it is published."}
          </span>
        ) : (
          <span>
            <strong className="font-semibold">Nothing to preview.</strong> Click Preview in the post editor to see a post
            here as readers will.
          </span>
        )}
      </p>
      {actionData && (
        <>
          <PostArticle post={actionData.article} />
          <section aria-labelledby="preview-card-heading" className="mt-14 border-t border-border pt-8">
            <h2 id="preview-card-heading" className="text-lg font-semibold text-foreground">
              In the blog list
            </h2>
            <div className="mt-4 max-w-sm">
              <PostCard post={actionData.card} withCover />
            </div>
          </section>
        </>
      )}
    </article>
  );
}

/** A post the writer may not open, or a form that is not the editor's: the site's 404 or error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
