import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import type { LandingPage, LandingPageSummary } from "../../shared/landing-pages.ts";
import type { Refusal } from "../../shared/refusal.ts";
import { servicesContext } from "../request-context.ts";
import type { LandingPageReviewLink, LandingPageRevision } from "../components/cms/pages/page-editor-requests.ts";

/**
 * The landing-page service as the CMS pages call it (docs/decisions/039-landing-page-editor.md): the
 * contract server/services/landing-pages.ts implements. Named here so the pages compile against it alone.
 */
export interface LandingPagesService {
  list(): Promise<LandingPageSummary[]>;
  get(id: number): Promise<LandingPage | Refusal>;
  create(actor: SessionUser, input: unknown): Promise<LandingPage | Refusal>;
  update(actor: SessionUser, id: number, input: unknown): Promise<LandingPage | Refusal>;
  publish(actor: SessionUser, id: number): Promise<LandingPage | Refusal>;
  unpublish(actor: SessionUser, id: number): Promise<LandingPage | Refusal>;
  schedule(actor: SessionUser, id: number, at: string): Promise<LandingPage | Refusal>;
  unschedule(actor: SessionUser, id: number): Promise<LandingPage | Refusal>;
  duplicate(actor: SessionUser, id: number): Promise<LandingPage | Refusal>;
  remove(actor: SessionUser, id: number): Promise<unknown>;
  revisions(id: number): Promise<LandingPageRevision[] | Refusal>;
  restoreRevision(actor: SessionUser, id: number, revisionId: number): Promise<LandingPage | Refusal>;
  createReviewLink(actor: SessionUser, id: number): Promise<LandingPageReviewLink | Refusal>;
  reviewLinks(id: number): Promise<LandingPageReviewLink[] | Refusal>;
  revokeReviewLink(actor: SessionUser, id: number, linkId: number): Promise<unknown>;
}

export const landingPagesOf = (context: Readonly<RouterContextProvider>): LandingPagesService =>
  (context.get(servicesContext) as unknown as { landingPages: LandingPagesService }).landingPages;
