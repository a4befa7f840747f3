import { z } from "./zod.ts";

/**
 * Review links (docs/decisions/065-review-links.md): what the editor's "Share preview" dialog, the
 * CMS API and the /preview/{token} page share. Browser-safe.
 */

/** The editor offers these; the API takes any whole number of days in 1…MAX. */
export const REVIEW_LINK_DAY_CHOICES = [1, 7, 30] as const;
export const DEFAULT_REVIEW_LINK_DAYS = 7;
export const MAX_REVIEW_LINK_DAYS = 30;

export const EXPIRY_DAYS_INVALID = `Expiry must be a whole number of days from 1 to ${MAX_REVIEW_LINK_DAYS}.`;
export const REVIEW_LINK_BODY_INVALID = "The body must be a JSON object.";

/** `POST /api/cms/posts/{id}/review-links`: an empty body is a link for DEFAULT_REVIEW_LINK_DAYS. */
export const reviewLinkInputSchema = z.object(
  {
    expiresInDays: z
      .number({ error: EXPIRY_DAYS_INVALID })
      .int(EXPIRY_DAYS_INVALID)
      .min(1, EXPIRY_DAYS_INVALID)
      .max(MAX_REVIEW_LINK_DAYS, EXPIRY_DAYS_INVALID)
      .default(DEFAULT_REVIEW_LINK_DAYS),
  },
  { error: REVIEW_LINK_BODY_INVALID },
);

/**
 * 32 random bytes (256 bits) as 64 lower-case hex digits. Lower case because every page path has one
 * spelling and any other is redirected to it (docs/decisions/014): a mixed-case token would not survive.
 */
export const REVIEW_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export const reviewLinkPath = (token: string) => `/preview/${token}`;

/** A link as the editor lists it: never its token, which is not stored (only its hash). */
export interface ReviewLink {
  id: number;
  createdAt: string;
  expiresAt: string;
  /** The administrator who made it (display name), or null once that account is deleted. */
  createdBy: { username: string; name: string } | null;
}

/** The answer that creates a link: the only one that carries its token and address. */
export interface CreatedReviewLink extends ReviewLink {
  token: string;
  /** `/preview/{token}` */
  path: string;
  /** The absolute address to share (SITE_URL + path). */
  url: string;
}

/**
 * Every answer about a review link's address, its 404s and redirects included (docs/decisions/065):
 * the token is the address, so it is never stored by any cache, never indexed, and never named in a
 * Referer header to the sites the page links to.
 */
export const REVIEW_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** True for `/preview/…` in the one spelling pages are served under (server/serving/page-requests.ts). */
export const isReviewPath = (canonicalPath: string) => canonicalPath.startsWith("/preview/");
