import { refuse, type Refusal } from "./refusal.ts";

/**
 * "Not found", said once per kind of thing (docs/decisions/015): the services answer these
 * refusals, the JSON API and the CMS pages show their messages as they are.
 */
export const POST_NOT_FOUND = "Post not found";
export const USER_NOT_FOUND = "User not found";
export const DEMO_REQUEST_NOT_FOUND = "No such demo request";
export const WORKING_COPY_NOT_FOUND = "No working copy of this post";
export const WEBHOOK_NOT_FOUND = "Webhook not found";
export const WEBHOOK_DELIVERY_NOT_FOUND = "Delivery not found";
export const REVISION_NOT_FOUND = "Revision not found";
export const REVIEW_LINK_NOT_FOUND = "Review link not found";
export const API_TOKEN_NOT_FOUND = "API token not found";
export const AUTHOR_NOT_FOUND = "Author not found";
export const LANDING_PAGE_NOT_FOUND = "Landing page not found";

export const postNotFound = (): Refusal => refuse("not-found", POST_NOT_FOUND);
export const userNotFound = (): Refusal => refuse("not-found", USER_NOT_FOUND);
export const demoRequestNotFound = (): Refusal => refuse("not-found", DEMO_REQUEST_NOT_FOUND);
export const webhookNotFound = (): Refusal => refuse("not-found", WEBHOOK_NOT_FOUND);
export const authorNotFound = (): Refusal => refuse("not-found", AUTHOR_NOT_FOUND);
export const landingPageNotFound = (): Refusal => refuse("not-found", LANDING_PAGE_NOT_FOUND);
/** A demo request gone while someone was looking at it (erased, or never there). */
export const DEMO_REQUEST_GONE = "This demo request no longer exists.";
