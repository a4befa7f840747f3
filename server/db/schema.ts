import type { ColumnType, Generated } from "kysely";
import type { Role } from "../../shared/roles.ts";

/**
 * Table types as both databases store them. Timestamps are ISO-8601 strings on the way in and out
 * (text on SQLite, timestamptz on PostgreSQL with a type parser); booleans come back as 0/1 from
 * SQLite and are normalised by the repositories.
 */
type Timestamp = ColumnType<string, string, string>;
type Bool = ColumnType<boolean | number, boolean, boolean>;
type Bytes = ColumnType<Uint8Array, Uint8Array, Uint8Array>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username: uniqueness regardless of case */
  username_key: string;
  password_hash: string;
  /** The staff role; null is an account without CMS access (migration 022, docs/decisions/027). */
  role: ColumnType<Role | null, Role | null | undefined, Role | null>;
  /** The address an invitation was sent to (migration 022). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  /** A disabled account signs in no more and keeps its posts (migration 022). */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_sign_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The name posts are signed with; null reads as the username (migration 008, docs/decisions/044). */
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** A short plain-text bio for the author page (migration 008). */
  bio: ColumnType<string | null, string | null | undefined, string | null>;
  /** A `/media/…` path of an uploaded image (migration 008, decision 060). */
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
  /** The author page's slug, from the display name, unique (migration 026, docs/decisions/068). */
  author_slug: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A slug an author had before a change of display name: /blog/author/{old_slug} answers 301 (migration 026). */
export interface AuthorSlugRedirectsTable {
  old_slug: string;
  user_id: number;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the random token in the cookie; the token itself is never stored */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** A random public name for the session, to end it from the profile (migration 022). */
  id: string;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** A country or city a trusted proxy named (migration 022). */
  place: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use invitation link (migration 022, docs/decisions/027). */
export interface InvitationsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  role: Role;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: ColumnType<string | null, string | null | undefined, string | null>;
  accepted_by: ColumnType<number | null, number | null | undefined, number | null>;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use password reset link an administrator issued (migration 022). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who did what and when (migration 022, docs/decisions/027). */
export interface ActivityLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  /** JSON: the action's particulars (a role's from and to, a CSV's filters). */
  detail: string | null;
}

export interface PostsTable {
  id: Generated<number>;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  cover_image: string | null;
  /** the cover image's alternative text (migration 006) */
  cover_image_alt: ColumnType<string | null, string | null | undefined, string | null>;
  /** the writer marked the cover image decorative: alt="" (migration 006) */
  cover_image_decorative: ColumnType<boolean | number, boolean | undefined, boolean>;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
  canonical_url: string | null;
  author_id: number | null;
  published: Bool;
  published_at: Timestamp | null;
  /** the first publication; kept while the post is a draft, so publishing again keeps it (migration 005) */
  first_published_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** incremented on every save: a PUT based on an older version is an edit conflict */
  version: ColumnType<number, number | undefined, number>;
  /** when a scheduled draft goes live; null unless scheduled (migration 012, docs/decisions/049) */
  scheduled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Submitted for review and waiting in the review queue, by whom (migration 022). */
  submitted_at: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** What an editor said when sending the draft back, who and when (migration 022). */
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  review_note_by: ColumnType<number | null, number | null | undefined, number | null>;
  review_note_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A post's editable fields at one save (migration 012, docs/decisions/067). */
export interface PostRevisionsTable {
  id: Generated<number>;
  post_id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  cover_image: string | null;
  cover_image_alt: string | null;
  cover_image_decorative: Bool;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
  canonical_url: string | null;
  /** the post's status after this save */
  status: "draft" | "scheduled" | "published";
  /** what made it: a save in the editor or API, a restore, or the scheduler publishing it */
  event: "save" | "restore" | "scheduled-publish";
  /** who saved it; null for the scheduler or a deleted user */
  saved_by: number | null;
  created_at: Timestamp;
}

export interface PostRedirectsTable {
  old_slug: string;
  post_id: number;
  created_at: Timestamp;
}

/** A link that shows an unpublished post to whoever has it (migration 013, docs/decisions/065). */
export interface PostReviewLinksTable {
  id: Generated<number>;
  post_id: number;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored */
  token_hash: string;
  /** the administrator who made it; null once that user is deleted */
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A writer's autosaved working copy of a post, one per post and user (migration 014,
 * docs/decisions/066): the editor's form as JSON, and the post version it started from.
 */
export interface PostWorkingCopiesTable {
  post_id: number;
  user_id: number;
  /** the editor's form fields as JSON text (shared/working-copy-schema.ts) */
  fields: string;
  base_version: number;
  updated_at: Timestamp;
}

/** A token other software calls /api/cms/* with (migration 016, docs/decisions/072-api-tokens.md). */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  /** comma-separated scope names (shared/api-tokens.ts) */
  scopes: string;
  /** SHA-256 (hex) of the token; the token itself is never stored */
  token_hash: string;
  /** `zuri_` and the token's first 8 characters: how the list tells tokens apart */
  prefix: string;
  /** the administrator who made it; null once that user is deleted */
  created_by: number | null;
  created_at: Timestamp;
  /** kept to the minute: written at most once a minute per token */
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A receiver of signed event notifications (migration 017, docs/decisions/073-webhooks.md). */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** comma-separated event types (shared/webhooks.ts) */
  events: string;
  /** `whsec_` + base64 of 32 random bytes; stored as it is because every delivery is signed with it */
  secret: string;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** the administrator who made it; null once that user is deleted */
  created_by: number | null;
  created_at: Timestamp;
  /** set: no new deliveries are queued and queued ones wait */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One event for one webhook: the outbox row and its delivery log (migration 017, decision 073). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  /** `msg_…`: the `webhook-id` header, the same on every attempt (and on a redelivery) */
  message_id: string;
  event_type: string;
  /** the exact JSON body that is signed and sent */
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: ColumnType<number, number | undefined, number>;
  /** the next attempt; while an attempt runs, the lease of the instance making it */
  next_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** the lead a `demo_request.created` delivery carries: erasing it deletes the delivery (migration 021) */
  demo_request_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A tag posts are filed under; its slug is its address (migration 007, docs/decisions/042). */
export interface TagsTable {
  id: Generated<number>;
  /** the first spelling it was given */
  name: string;
  /** `tagSlug(name)` (shared/post-schema.ts): unique, so names that make the same slug are one tag */
  slug: string;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** its posts, drafts included, and its published posts: kept in step by every post write (migration 011) */
  post_count: ColumnType<number, number | undefined, number>;
  published_post_count: ColumnType<number, number | undefined, number>;
  /** the tag page's <title> and meta description when set (migration 023, docs/decisions/035) */
  meta_title: ColumnType<string | null, string | null | undefined, string | null>;
  meta_description: ColumnType<string | null, string | null | undefined, string | null>;
  /** `tagSlug(name)`, unique: a post's tag name finds its tag by it before the slug (migration 023) */
  name_key: ColumnType<string | null, string | undefined, string>;
  /** The tag page's header image and its alt text, or its decorative mark (migration 027, docs/decisions/035). */
  image: ColumnType<string | null, string | null | undefined, string | null>;
  image_alt: ColumnType<string | null, string | null | undefined, string | null>;
  image_decorative: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/** An old tag slug (renamed or merged away) and the tag /blog/tag/{slug} answers 301 to (migration 023). */
export interface TagRedirectsTable {
  old_slug: string;
  tag_id: number;
  created_at: Timestamp;
}

/** Which post carries which tag (migration 007); both sides cascade on delete. */
export interface PostTagsTable {
  post_id: number;
  tag_id: number;
}

export interface DemoRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  organization: string;
  message: string | null;
  /** the sales pipeline (migration 021 added qualified, won and lost; closed became lost) */
  status: ColumnType<DemoStatus, DemoStatus | undefined, DemoStatus>;
  source_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  notified_at: Timestamp | null;
  notify_attempts: ColumnType<number, number | undefined, number>;
  /** next notification attempt; also the lease of the instance sending it (migration 003) */
  notify_next_at: Timestamp | null;
  /** why it is suspected spam (comma-separated signals), null for a lead (migration 005) */
  spam_reasons: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** the consenting visit it was sent from (analytics_events.visit_id), null otherwise (migration 015, decision 070) */
  visit_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the origin of the external site the visit came from, with Analytics consent (migration 019, decision 052) */
  referrer: ColumnType<string | null, string | null | undefined, string | null>;
  /** the path the visit landed on, with Analytics consent (migration 019) */
  landing_page: ColumnType<string | null, string | null | undefined, string | null>;
  /** the CMS user who looks after the lead; null when nobody does (migration 021, docs/decisions/053) */
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** why the last sales e-mail attempt failed (migration 021) */
  notify_last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** the published landing page (`/l/{slug}`) whose form it was sent from (migration 025, docs/decisions/038) */
  form_page: ColumnType<string | null, string | null | undefined, string | null>;
}

type DemoStatus = "new" | "contacted" | "qualified" | "won" | "lost";

/** An internal note on a demo request (migration 021, docs/decisions/053). */
export interface DemoRequestNotesTable {
  id: Generated<number>;
  demo_request_id: number;
  /** null once the author's account is deleted */
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}

/** A demo request's history: status, spam, not spam, owner (migration 021). */
export interface DemoRequestEventsTable {
  id: Generated<number>;
  demo_request_id: number;
  kind: "status" | "spam" | "not-spam" | "owner";
  /** the status or owner id before and after, as text */
  from_value: string | null;
  to_value: string | null;
  /** who did it; null for a deleted account */
  actor_id: number | null;
  created_at: Timestamp;
}

export interface MediaTable {
  id: Generated<number>;
  /** random public key used in /media/{key}.{ext} */
  key: string;
  mime_type: string;
  bytes: Bytes;
  byte_size: number;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: Timestamp;
}

/** A width variant of an upload, made on first request (migration 010, docs/decisions/047). */
export interface MediaVariantsTable {
  media_id: number;
  /** one of MEDIA_WIDTHS (shared/media-sizes.ts), below the upload's own width */
  width: number;
  height: number;
  /** the upload's format (media.mime_type), re-encoded at this width */
  bytes: Bytes;
  byte_size: number;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  /** epoch milliseconds */
  expires_at: number;
}

/** Random keys shared by every instance (migration 003), e.g. the demo form token key. */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

/** Bumped with every post write; the source of the blog's HTTP validators (migration 004). */
export interface ContentVersionsTable {
  name: string;
  version: number;
  changed_at: Timestamp;
}

/**
 * One page view, with consent (migration 015, docs/decisions/070-first-party-analytics.md). Never an IP
 * address or a user-agent string: `visitor_hash` is SHA-256 of them with the day's salt.
 */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  /** UTC day of receipt, "YYYY-MM-DD" */
  day: string;
  created_at: Timestamp;
  /** random id the browser keeps in sessionStorage for the visit */
  visit_id: string;
  visitor_hash: string;
  path: string;
  /** the visit's first page, its referrer origin (null: direct), "source / medium / campaign" (null: none), device class */
  landing_path: string;
  referrer: string | null;
  campaign: string | null;
  device: "mobile" | "tablet" | "desktop";
}

/** The day's visitor-hash salt, shared by every instance, deleted once the day is over (migration 015). */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
  created_at: Timestamp;
}

/** A day rolled up into analytics_daily: the claim that makes it happen once (migration 015). */
export interface AnalyticsRollupsTable {
  day: string;
  rolled_up_at: Timestamp;
}

/** A rolled-up day's figures per dimension ("total", "page", "referrer", …) and key (migration 015). */
export interface AnalyticsDailyTable {
  dimension: string;
  day: string;
  key: string;
  page_views: number;
  visits: number;
  visitors: number;
  demo_requests: number;
}

/** A user's authenticator app (migration 018, docs/decisions/075-second-factor.md). */
export interface UserTotpTable {
  user_id: number;
  /** the TOTP key, AES-256-GCM encrypted (`v1.<iv>.<tag>.<ciphertext>`, base64url) */
  secret: string;
  /** null while set-up waits for the first code */
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the 30-second step of the last code accepted (bigint: a string on PostgreSQL) */
  last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** A WebAuthn credential (migration 018). */
export interface UserPasskeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** base64url */
  credential_id: string;
  public_key: Bytes;
  counter: ColumnType<number | string, number | undefined, number>;
  /** comma-separated AuthenticatorTransport names */
  transports: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single-use recovery code's HMAC-SHA-256 (migration 018). */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A password step waiting for its second factor (migration 018). */
export interface LoginTicketsTable {
  /** SHA-256 (hex) of the ticket; the ticket itself is never stored */
  ticket_hash: string;
  user_id: number;
  /** the passkey challenge asked for with this ticket */
  challenge: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A passkey registration in progress (migration 018). */
export interface PasskeyChallengesTable {
  user_id: number;
  challenge: string;
  expires_at: Timestamp;
}

/** Settings an administrator changes in the CMS (migration 018). */
export interface SiteSettingsTable {
  name: string;
  value: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A landing page (migration 024, docs/decisions/037-landing-pages.md): the row visitors see once published. */
export interface LandingPagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  /** The blocks as JSON text (shared/landing-pages.ts `LandingBlock[]`), checked on every write. */
  blocks: string;
  meta_title: string;
  meta_description: string;
  /** A `/media/…` path, or "" for the site's default social image. */
  og_image: string;
  noindex: ColumnType<boolean | number, boolean | undefined, boolean>;
  status: "draft" | "scheduled" | "published";
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** when a scheduled page goes live; null unless scheduled */
  scheduled_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** incremented on every write: a save based on an older version is an edit conflict (docs/decisions/041) */
  version: number;
  created_by: number | null;
  updated_by: number | null;
}

/** A landing page's editable fields at one save or publication (migration 024). */
export interface LandingPageRevisionsTable {
  id: Generated<number>;
  page_id: number;
  title: string;
  /** JSON text of the page's editable fields (`LandingPageInput`) */
  content: string;
  reason: "save" | "publish";
  /** who saved it; null for the scheduler or a deleted user */
  saved_by: number | null;
  created_at: Timestamp;
}

/** A link that shows a landing page as it is now to whoever has it (migration 024, docs/decisions/065). */
export interface LandingPageReviewLinksTable {
  id: Generated<number>;
  page_id: number;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored */
  token_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * `posts_search` (migration 007) is not typed here: it is each engine's own (an FTS5 virtual table on
 * SQLite, a table with a generated tsvector on PostgreSQL), read and written only by
 * server/services/search.ts in raw SQL (docs/decisions/042).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  activity_log: ActivityLogTable;
  posts: PostsTable;
  post_redirects: PostRedirectsTable;
  post_review_links: PostReviewLinksTable;
  post_revisions: PostRevisionsTable;
  post_working_copies: PostWorkingCopiesTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  tag_redirects: TagRedirectsTable;
  author_slug_redirects: AuthorSlugRedirectsTable;
  content_versions: ContentVersionsTable;
  demo_requests: DemoRequestsTable;
  demo_request_notes: DemoRequestNotesTable;
  demo_request_events: DemoRequestEventsTable;
  app_secrets: AppSecretsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  rate_limits: RateLimitsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  analytics_events: AnalyticsEventsTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_rollups: AnalyticsRollupsTable;
  analytics_daily: AnalyticsDailyTable;
  user_totp: UserTotpTable;
  user_passkeys: UserPasskeysTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_tickets: LoginTicketsTable;
  passkey_challenges: PasskeyChallengesTable;
  site_settings: SiteSettingsTable;
  landing_pages: LandingPagesTable;
  landing_page_revisions: LandingPageRevisionsTable;
  landing_page_review_links: LandingPageReviewLinksTable;
}
