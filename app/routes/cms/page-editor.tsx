import { data, Link, useLocation } from "react-router";
import { ArrowLeft, FileWarning } from "lucide-react";
import type { Route } from "./+types/page-editor";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { noStoreHeaders } from "../../lib/cms-form.server.ts";
import { readJsonBody } from "../../lib/form-body.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { parseId } from "../../../shared/ids.ts";
import { isRefusal, refuse, type Refusal } from "../../../shared/refusal.ts";
import type { LandingPage } from "../../../shared/landing-pages.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { useEditorSessionKey, type EditorLocationState } from "../../components/cms/editor/use-editor-session-key.ts";
import { LandingPageEditor } from "../../components/cms/pages/landing-page-editor.tsx";
import type { PageEditorRequest } from "../../components/cms/pages/page-editor-requests.ts";

type AnyRequest = { intent: string; page: unknown; version: unknown; at: unknown; revisionId: unknown; linkId: unknown };
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";

export function headers() {
  return noStoreHeaders;
}

/** A page's 30 blocks of rich text in UTF-8 and JSON, with room to spare (shared/landing-pages.ts limits). */
const PAGE_BODY_MAX_BYTES = 4 * 1024 * 1024;

/**
 * /cms/pages/new and /cms/pages/{id} (docs/decisions/039-landing-page-editor.md): the landing-page editor,
 * for editors and administrators (the staff layout's guard). The page, its revisions and its review links
 * come with the document; every change is a JSON post to this route's action, which calls the landing-page
 * service as the list's actions do.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const empty = { user, page: null, revisions: [], reviewLinks: [] };
  if (params.id === "new") return { ...empty, loadFailed: false };
  const id = parseId(params.id);
  const service = context.get(servicesContext).landingPages;
  const page = id === null ? null : await service.get(id);
  if (id === null || page === null || isRefusal(page)) return data({ ...empty, loadFailed: true }, { status: 404 });
  const [revisions, reviewLinks] = await Promise.all([service.revisions(id), service.reviewLinks(id)]);
  return {
    user,
    page,
    revisions: isRefusal(revisions) ? [] : revisions,
    reviewLinks: isRefusal(reviewLinks) ? [] : reviewLinks,
    loadFailed: false,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const service = context.get(servicesContext).landingPages;
  // Read loosely: the service checks the page itself (its `input: unknown`), and ids are parsed here.
  const read = await readJsonBody(request, PAGE_BODY_MAX_BYTES);
  const body = (typeof read === "object" && read !== null ? read : {}) as { [K in keyof AnyRequest]?: unknown };
  const intent = typeof body.intent === "string" ? (body.intent as PageEditorRequest["intent"]) : undefined;
  const id = params.id === "new" ? null : parseId(params.id);
  if (params.id !== "new" && id === null) return refusalData(refuse("not-found", "Landing page not found"), { intent });
  const answer = (result: LandingPage | Refusal, saved?: LandingPage) =>
    isRefusal(result)
      ? refusalData(result, { intent, page: saved, current: (result.details?.current as LandingPage | undefined) ?? undefined })
      : { ok: true as const, intent, page: result };

  switch (intent) {
    case "save":
    case "publish":
    case "schedule": {
      // Saved first (a new page is created), then published or scheduled: a refusal of the second still
      // answers the saved page, so the editor knows its id and version.
      const saved = id === null ? await service.create(user, body.page) : await service.update(user, id, { ...(body.page as object), version: body.version });
      if (isRefusal(saved) || intent === "save" || saved.status === "published") return answer(saved);
      if (intent === "publish") return answer(await service.publish(user, saved.id), saved);
      return answer(await service.schedule(user, saved.id, String(body.at ?? "")), saved);
    }
    case "unpublish":
    case "unschedule":
    case "duplicate":
      if (id === null) break;
      return answer(await service[intent](user, id));
    case "restore":
      if (id === null) break;
      return answer(await service.restoreRevision(user, id, Number(body.revisionId)));
    case "createReviewLink": {
      if (id === null) break;
      const link = await service.createReviewLink(user, id);
      return isRefusal(link) ? refusalData(link, { intent }) : { ok: true as const, intent, link };
    }
    case "revokeReviewLink": {
      if (id === null) break;
      const revoked = await service.revokeReviewLink(user, id, Number(body.linkId));
      return isRefusal(revoked) ? refusalData(revoked, { intent }) : { ok: true as const, intent };
    }
  }
  return refusalData(refuse("invalid", "Unknown landing page action"), { intent });
}

export default function PageEditorRoute({ loaderData }: Route.ComponentProps) {
  const { user, page, revisions, reviewLinks, loadFailed } = loaderData;
  const location = useLocation();
  const key = useEditorSessionKey(page?.id ?? null, location.key, Boolean((location.state as EditorLocationState)?.createdHere));
  if (loadFailed) {
    return (
      <CmsShell user={user} title="Edit landing page">
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center">
          <FileWarning className="size-10 text-amber-600" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-foreground">Failed to load landing page</h2>
          <p className="text-sm text-muted-foreground">It may have been deleted, or the link is wrong.</p>
          <Button asChild>
            <Link to="/cms/pages">
              <ArrowLeft aria-hidden="true" />
              Back to landing pages
            </Link>
          </Button>
        </Card>
      </CmsShell>
    );
  }
  return <LandingPageEditor key={key} user={user} initialPage={page} revisions={revisions} reviewLinks={reviewLinks} />;
}
