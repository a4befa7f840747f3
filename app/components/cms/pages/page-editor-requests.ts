import { useRef } from "react";
import { useFetcher } from "react-router";
import type { LandingPage, LandingPageInput } from "../../../../shared/landing-pages.ts";
import type { CreatedReviewLink } from "../../../../shared/review-links.ts";
import { useFetcherResult } from "../use-fetcher-result.ts";

/** What the landing-page editor posts to its route's action (app/routes/cms/page-editor.tsx), as JSON. */
export type PageEditorRequest =
  | { intent: "save" | "publish"; page: LandingPageInput; version: number | null }
  | { intent: "schedule"; page: LandingPageInput; version: number | null; at: string }
  | { intent: "unpublish" | "unschedule" | "duplicate" | "createReviewLink" }
  | { intent: "restore"; revisionId: number }
  | { intent: "revokeReviewLink"; linkId: number };

/** The action's answer: the page as saved, or the service's refusal with its messages by field. */
export type PageEditorResult =
  | { ok: true; intent?: string; page?: LandingPage; link?: CreatedReviewLink }
  | {
      ok: false;
      intent?: string;
      message: string;
      errors?: Record<string, string>;
      /** Saved before the refusal (publish after save): the page as it now is. */
      page?: LandingPage;
      /** An edit conflict (docs/decisions/041): the page as someone else saved it. */
      current?: LandingPage;
    };

/**
 * Posts to the editor route's action through one fetcher and resolves with its answer, once the page's
 * revisions and review links (the loader's) are read again. One request at a time: the editor's buttons wait.
 */
export function usePageRequests(pageId: number | null) {
  const fetcher = useFetcher<PageEditorResult>({ key: "landing-page-editor" });
  const waiting = useRef<((result: PageEditorResult) => void) | null>(null);
  useFetcherResult(fetcher, (result) => {
    const resolve = waiting.current;
    waiting.current = null;
    resolve?.(result);
  });
  const send = (body: PageEditorRequest) =>
    new Promise<PageEditorResult>((resolve) => {
      waiting.current = resolve;
      void fetcher.submit(body, { method: "post", encType: "application/json", action: `/cms/pages/${pageId ?? "new"}` });
    });
  return { send, busy: fetcher.state !== "idle" };
}
