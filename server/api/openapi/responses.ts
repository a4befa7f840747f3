import { ROLES } from "../../../shared/roles.ts";
import { z } from "../../../shared/zod.ts";
import { POST_STATUSES } from "../../../shared/post-status.ts";
import { demoRequestStatuses, demoSpamReasons, demoTriageStatuses } from "../../../shared/demo-request.ts";
import { WEBHOOK_EVENTS, type WEBHOOK_TEST_EVENT } from "../../../shared/webhooks.ts";
import { workingCopyFieldsSchema } from "../../../shared/working-copy-schema.ts";
import type { FullPost } from "../../services/posts.ts";
import type { PublicPost, PublicSearchResult } from "../../services/public-posts.ts";
import type { CmsListPost } from "../../services/post-listing.ts";
import type { CmsTag, PublicTag } from "../../services/tags.ts";
import type { RevisionDetail, RevisionSummary } from "../../services/revisions.ts";
import type { WorkingCopy } from "../../services/working-copies.ts";
import type { StoredMedia } from "../../services/media.ts";
import type { Bookmark } from "../../services/bookmarks.ts";
import type { SessionUser } from "../../../shared/auth-schemas.ts";
import type { OwnProfile } from "../../../shared/authors.ts";
import type { CreatedReviewLink, ReviewLink } from "../../../shared/review-links.ts";
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookDeliveryPage } from "../../../shared/webhooks.ts";
import type { leadForOtherSoftware } from "../../services/demo-request-record.ts";
import { secondFactorResponseNames } from "./second-factor-responses.ts";
import { teamResponseNames } from "./team-responses.ts";
import { activityResponseNames } from "./activity-responses.ts";
import { landingPageResponseNames } from "./landing-page-responses.ts";

/**
 * What the API answers, as zod schemas (docs/decisions/074-openapi-from-the-schemas.md): the
 * response half of /api/openapi.json. The request half is the schemas that validate requests
 * (app/lib/*-schema.ts and the routes' query schemas). The services' TypeScript types are checked
 * against these at compile time (the `Same` table below), and the contract test checks every live
 * answer against the document, so neither can drift from the other unnoticed.
 */

const iso = () => z.string().meta({ format: "date-time" });
const id = () => z.number().int().positive();

/** Every refusal (docs/decisions/015): a sentence, and one message per field when fields are at fault. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe("One message per field, keyed by the field's name."),
});

export const postTag = z.object({ slug: z.string(), name: z.string() });
export const postAuthor = z
  .object({
    slug: z.string().describe("The author page's slug (`/blog/author/{slug}`), from the public name, never a login name (docs/decisions/068)."),
    name: z.string().describe("The public name: the display name, or \"Zuri Team\" while it is unset or the login name (docs/decisions/068)."),
    avatar: z.string().nullable(),
  })
  .describe("Who the byline names; null in a post: the organisation (docs/decisions/044).");

const postStatus = z.enum(POST_STATUSES);

const reviewPerson = z.object({ id: id(), name: z.string() });
export const fullPost = z.object({
  id: id(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  content: z.string().describe("Sanitised HTML."),
  coverImage: z.string().nullable(),
  coverImageAlt: z.string().nullable(),
  coverImageDecorative: z.boolean(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  keywords: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  authorId: id().nullable(),
  author: postAuthor.nullable(),
  published: z.boolean().describe("True when published or scheduled (docs/decisions/049)."),
  status: postStatus,
  publishedAt: iso().nullable().describe("For a scheduled post, when it goes live."),
  firstPublishedAt: iso().nullable(),
  createdAt: iso(),
  updatedAt: iso(),
  version: z.number().int().positive().describe("Name it in the next PUT (docs/decisions/041)."),
  tags: z.array(postTag),
  review: z
    .object({
      submittedAt: iso().nullable().describe("In the review queue since; null: not submitted."),
      submittedBy: reviewPerson.nullable(),
      note: z.object({ text: z.string(), by: reviewPerson.nullable(), at: iso() }).nullable().describe("What the editor said when sending it back."),
    })
    .describe("Where the post stands in the review workflow (docs/decisions/032)."),
});

/** docs/product.md §3 "Blog post (public view)": the public fields of the whole post, and the alt text as the page uses it. */
export const publicPost = fullPost
  .pick({ id: true, slug: true, title: true, excerpt: true, content: true, coverImage: true, publishedAt: true, createdAt: true, tags: true, author: true })
  .extend({ coverImageAlt: z.string().nullable().describe('The cover image\'s alt text: "" for a decorative image, null without one.') });
export const publicSearchResult = publicPost.extend({
  snippet: z.string().describe("About 160 characters of HTML-escaped text, the matched words in <mark>."),
});

export const publicTag = z.object({ slug: z.string(), name: z.string(), description: z.string().nullable(), count: z.number().int() });
export const cmsTag = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int().describe("Its posts, drafts included."),
  publishedCount: z.number().int().describe("Its published posts."),
  description: z.string().nullable().describe("Shown under the tag page's heading (docs/decisions/035)."),
  metaTitle: z.string().nullable().describe("The tag page's <title> when set."),
  metaDescription: z.string().nullable().describe("The tag page's meta description when set."),
  image: z.string().nullable().describe("The tag page's header image, feed image and sharing image: an http(s) URL or an uploaded /media/ path."),
  imageAlt: z.string().nullable().describe("The image's alt text; null without an image or for a decorative one."),
  imageDecorative: z.boolean().describe("The image is decorative (alt=\"\")."),
});

/** docs/product.md §3 "Blog post (CMS list view)", with tags and when a scheduled post goes live. */
export const cmsListPost = fullPost
  .pick({ id: true, slug: true, title: true, published: true, status: true, updatedAt: true, publishedAt: true, coverImage: true, tags: true })
  .extend({
    authorName: z.string().nullable().describe("The byline's name; null: the organisation (docs/decisions/044)."),
    scheduledAt: iso().nullable(),
    submittedAt: iso().nullable().describe("When it was submitted for review; null: not in review (docs/decisions/032)."),
    submittedBy: z.string().nullable().describe("Who submitted it (display name)."),
  });

/** 409 for a save based on an older version: the post as it is now, to merge with (docs/decisions/041). */
export const editConflict = z.object({ message: z.string(), conflict: z.literal(true), current: fullPost });

export const postDeleted = z.object({ message: z.literal("Post deleted"), id: id() });
export const done = z.object({ success: z.literal(true), message: z.string() });
export const messageOnly = z.object({ message: z.string() });

export const user = z.object({
  id: id(),
  username: z.string(),
  role: z.enum(ROLES).nullable().describe("The staff role (docs/decisions/027); null: no CMS access."),
  isAdmin: z.boolean().describe("Whether `role` is administrator."),
  createdAt: iso(),
});
export const loginSuccess = z.object({ success: z.literal(true), message: z.literal("Login successful"), user });
export const loginRefusal = z.object({
  success: z.literal(false),
  user: z.null(),
  message: z.string(),
  errors: errorBody.shape.errors,
});
export const currentUser = z.object({ authenticated: z.boolean(), user: user.nullable() });
export const ownProfile = z.object({
  username: z.string(),
  authorSlug: z.string().nullable().describe("Your author page's slug, from your public name, never your username (docs/decisions/068)."),
  displayName: z.string(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
});

const savedBy = z.object({ id: id(), name: z.string() }).nullable();
export const revisionSummary = z.object({
  id: id(),
  createdAt: iso(),
  event: z.enum(["save", "restore", "scheduled-publish"]),
  status: postStatus,
  title: z.string(),
  savedBy: savedBy.describe("Null: the scheduler, or a user deleted since."),
});
const revisionFields = fullPost.pick({
  slug: true,
  content: true,
  excerpt: true,
  coverImage: true,
  coverImageAlt: true,
  coverImageDecorative: true,
  metaTitle: true,
  metaDescription: true,
  keywords: true,
  canonicalUrl: true,
}).shape;
const fieldChange = z.object({
  field: z.enum(["title", ...(Object.keys(revisionFields) as (keyof typeof revisionFields)[])]),
  label: z.string(),
  parts: z.array(z.object({ text: z.string(), change: z.enum(["same", "added", "removed"]) })),
  formattingOnly: z.boolean().optional(),
});
export const revisionDetail = revisionSummary.extend({
  ...revisionFields,
  changes: z.array(fieldChange).describe("From this revision to the post as it is now, word by word."),
});

export const workingCopy = z.object({
  postId: id(),
  fields: workingCopyFieldsSchema.extend({ authorId: id().nullable() }),
  baseVersion: z.number().int().positive(),
  savedAt: iso(),
});
export const workingCopySaved = z.object({ savedAt: iso() });

const createdBy = z.object({ username: z.string(), name: z.string() }).nullable();
export const reviewLink = z.object({ id: id(), createdAt: iso(), expiresAt: iso(), createdBy });
export const createdReviewLink = reviewLink.extend({
  token: z.string().regex(/^[0-9a-f]{64}$/),
  path: z.string(),
  url: z.string().describe("The address to share; shown only in this answer."),
});
export const reviewLinkRevoked = z.object({ message: z.literal("Review link revoked"), id: id() });

export const storedMedia = z.object({
  key: z.string(),
  url: z.string().describe("/media/{key}.{ext}, the address to put in a post."),
  mimeType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: iso(),
});

export const bookmark = z.object({
  url: z.string().describe("The page's address, after redirects."),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable().describe("/media/{key}.{ext}: the page's image, copied into the media store; null when it had none or it could not be copied."),
  publisher: z.string().describe("og:site_name, else the host name."),
});

const webhookEvent = z.enum(WEBHOOK_EVENTS);
export const webhook = z.object({
  id: id(),
  url: z.string(),
  events: z.array(webhookEvent),
  description: z.string().nullable(),
  createdAt: iso(),
  disabledAt: iso().nullable().describe("Null while the webhook is active."),
});
export const createdWebhook = webhook.extend({
  secret: z.string().describe("The signing secret (Standard Webhooks, whsec_…); shown only in this answer."),
});
export const webhookDelivery = z.object({
  id: id(),
  webhookId: id(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: iso().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: iso().nullable(),
  deliveredAt: iso().nullable(),
  createdAt: iso(),
});
export const webhookDeliveryPage = z.object({
  deliveries: z.array(webhookDelivery),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const demoRequestLead = z.object({
  id: id(),
  createdAt: iso(),
  updatedAt: iso(),
  status: z.enum(demoRequestStatuses),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organization: z.string(),
  message: z.string().nullable(),
  sourcePage: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  referrer: z.string().nullable().describe("The origin of the external site the visit came from (with the visitor's analytics consent)."),
  landingPage: z.string().nullable().describe("The path the visit landed on (with the visitor's analytics consent)."),
  formPage: z.string().nullable().describe("The published landing page (/l/{slug}) whose demo form the lead was sent from; null for /book-demo."),
  notifiedAt: iso().nullable().describe("When the sales inbox was e-mailed; null until then."),
});

const person = z.object({ id: id(), name: z.string() });

/** A lead's internal note (docs/decisions/053). */
export const demoRequestNote = z.object({
  id: id(),
  body: z.string(),
  author: person.nullable().describe("Null once the author's account is deleted."),
  createdAt: iso(),
});

/** One request with what sales adds to it (docs/decisions/053): Spam as a status, owner, e-mail state, notes, history. */
export const demoRequestTriaged = demoRequestLead.extend({
  status: z.enum(demoTriageStatuses),
  spamReasons: z.array(z.enum(demoSpamReasons)),
  owner: person.nullable(),
  notification: z
    .object({
      state: z.enum(["not-configured", "held", "sent", "failed", "not-sent", "pending"]),
      at: iso().optional(),
      attempts: z.number().int().optional(),
      nextAt: iso().nullable().optional(),
      reason: z.string().nullable().optional(),
    })
    .describe("The sales e-mail: not configured, held back as spam, sent, failed (with the reason), not sent, or pending (next try)."),
  notes: z.array(demoRequestNote),
  history: z.array(
    z.object({
      id: id(),
      kind: z.enum(["status", "spam", "not-spam", "owner"]),
      from: z.string().nullable(),
      to: z.string().nullable(),
      actor: person.nullable(),
      createdAt: iso(),
    }),
  ),
});

export const demoErasure = z.object({ erased: z.number().int().min(0).describe("Requests deleted by this call; 0 when none were left.") });

/** Subject access: every request from the address, with notes, history and delivery records. */
export const demoSubjectAccess = z
  .object({ email: z.string(), generatedAt: iso(), requests: z.array(z.object({ id: id(), email: z.string() }).loose()) })
  .describe("Each request with its fields, owner, salesEmail, notes, history and webhookDeliveries.");

/** The body a webhook receiver gets (Standard Webhooks' shape; server/services/webhook-outbox.ts): one per event type. */
const webhookPostData = fullPost
  .pick({ id: true, title: true, slug: true, excerpt: true, coverImage: true, coverImageAlt: true, publishedAt: true, updatedAt: true })
  .extend({ url: z.string().describe("The post's public address.") });
const webhookEnvelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: iso().describe("When the event happened."), data });
export const webhookPayloads = {
  "post.published": webhookEnvelope("post.published", webhookPostData),
  "post.updated": webhookEnvelope("post.updated", webhookPostData),
  "post.unpublished": webhookEnvelope("post.unpublished", webhookPostData),
  "post.deleted": webhookEnvelope("post.deleted", webhookPostData),
  "demo_request.created": webhookEnvelope(
    "demo_request.created",
    demoRequestLead.extend({ url: z.string().describe("The lead in the CMS inbox.") }),
  ),
  "webhook.test": webhookEnvelope("webhook.test", z.object({ webhookId: id(), message: z.string() })),
} satisfies Record<(typeof WEBHOOK_EVENTS)[number] | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

export const openApiJson = z.object({ openapi: z.literal("3.1.0") }).loose().describe("This document.");

/** Names in the document's components.schemas, for the schemas answers share. */
export const responseSchemaNames = new Map<z.ZodType, string>([
  [errorBody, "Error"],
  [postTag, "PostTag"],
  [postAuthor, "PostAuthor"],
  [publicPost, "PublicPost"],
  [publicSearchResult, "PublicSearchResult"],
  [publicTag, "PublicTag"],
  [cmsTag, "CmsTag"],
  [cmsListPost, "CmsListPost"],
  [fullPost, "Post"],
  [editConflict, "EditConflict"],
  [user, "User"],
  [loginRefusal, "LoginRefusal"],
  [ownProfile, "Profile"],
  [revisionSummary, "RevisionSummary"],
  [revisionDetail, "Revision"],
  [workingCopy, "WorkingCopy"],
  [reviewLink, "ReviewLink"],
  [createdReviewLink, "CreatedReviewLink"],
  [storedMedia, "Media"],
  [bookmark, "Bookmark"],
  [webhook, "Webhook"],
  [createdWebhook, "CreatedWebhook"],
  [webhookDelivery, "WebhookDelivery"],
  [webhookDeliveryPage, "WebhookDeliveryPage"],
  [demoRequestLead, "DemoRequest"],
  [demoRequestTriaged, "DemoRequestTriaged"],
  [demoRequestNote, "DemoRequestNote"],
  [demoErasure, "DemoRequestErasure"],
  [demoSubjectAccess, "DemoSubjectAccess"],
  [loginSuccess, "LoginSuccess"],
  [currentUser, "CurrentUser"],
  [done, "Success"],
  [messageOnly, "Message"],
  [postDeleted, "PostDeleted"],
  [workingCopySaved, "WorkingCopySaved"],
  [reviewLinkRevoked, "ReviewLinkRevoked"],
  [openApiJson, "OpenApiDocument"],
  [webhookPayloads["post.published"], "PostPublishedEvent"],
  [webhookPayloads["post.updated"], "PostUpdatedEvent"],
  [webhookPayloads["post.unpublished"], "PostUnpublishedEvent"],
  [webhookPayloads["post.deleted"], "PostDeletedEvent"],
  [webhookPayloads["demo_request.created"], "DemoRequestCreatedEvent"],
  [webhookPayloads["webhook.test"], "WebhookTestEvent"],
  // Two-step sign-in (docs/decisions/075).
  ...secondFactorResponseNames,
  // Invitations, password links, settings (docs/decisions/028).
  ...teamResponseNames,
  // The activity log and one's sessions (docs/decisions/029).
  ...activityResponseNames,
  // Landing pages (docs/decisions/037).
  ...landingPageResponseNames,
]);

/** Both ways assignable: the schema describes exactly what the service answers. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Described<S extends z.ZodType> = z.output<S>;
const checked: {
  [K in string]: true;
} = {
  publicPost: true as Same<Described<typeof publicPost>, PublicPost>,
  publicSearchResult: true as Same<Described<typeof publicSearchResult>, PublicSearchResult>,
  publicTag: true as Same<Described<typeof publicTag>, PublicTag>,
  cmsTag: true as Same<Described<typeof cmsTag>, CmsTag>,
  cmsListPost: true as Same<Described<typeof cmsListPost>, CmsListPost>,
  fullPost: true as Same<Described<typeof fullPost>, FullPost>,
  user: true as Same<Described<typeof user>, SessionUser>,
  ownProfile: true as Same<Described<typeof ownProfile>, OwnProfile>,
  revisionSummary: true as Same<Described<typeof revisionSummary>, RevisionSummary>,
  revisionDetail: true as Same<Described<typeof revisionDetail>, RevisionDetail>,
  workingCopy: true as Same<Described<typeof workingCopy>, WorkingCopy>,
  reviewLink: true as Same<Described<typeof reviewLink>, ReviewLink>,
  createdReviewLink: true as Same<Described<typeof createdReviewLink>, CreatedReviewLink>,
  storedMedia: true as Same<Described<typeof storedMedia>, StoredMedia>,
  bookmark: true as Same<Described<typeof bookmark>, Bookmark>,
  webhook: true as Same<Described<typeof webhook>, Webhook>,
  createdWebhook: true as Same<Described<typeof createdWebhook>, CreatedWebhook>,
  webhookDelivery: true as Same<Described<typeof webhookDelivery>, WebhookDelivery>,
  webhookDeliveryPage: true as Same<Described<typeof webhookDeliveryPage>, WebhookDeliveryPage>,
  demoRequestLead: true as Same<Described<typeof demoRequestLead>, ReturnType<typeof leadForOtherSoftware>>,
};
void checked;
