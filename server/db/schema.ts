import type { ColumnType, Generated } from "kysely";

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
  is_admin: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The name posts are signed with; null reads as the username (migration 008, docs/decisions/044). */
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** A short plain-text bio for the author page (migration 008). */
  bio: ColumnType<string | null, string | null | undefined, string | null>;
  /** A `/media/…` path of an uploaded image (migration 008, decision 060). */
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the random token in the cookie; the token itself is never stored */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
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
}

export interface PostRedirectsTable {
  old_slug: string;
  post_id: number;
  created_at: Timestamp;
}

/** A tag posts are filed under; its slug is its address (migration 007, docs/decisions/042). */
export interface TagsTable {
  id: Generated<number>;
  /** the first spelling it was given */
  name: string;
  /** `tagSlug(name)` (app/lib/post-schema.ts): unique, so names that make the same slug are one tag */
  slug: string;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** its posts, drafts included, and its published posts: kept in step by every post write (migration 011) */
  post_count: ColumnType<number, number | undefined, number>;
  published_post_count: ColumnType<number, number | undefined, number>;
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
  status: ColumnType<"new" | "contacted" | "closed", "new" | "contacted" | "closed" | undefined>;
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
  /** one of MEDIA_WIDTHS (app/lib/media-sizes.ts), below the upload's own width */
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
 * `posts_search` (migration 007) is not typed here: it is each engine's own (an FTS5 virtual table on
 * SQLite, a table with a generated tsvector on PostgreSQL), read and written only by
 * server/services/search.ts in raw SQL (docs/decisions/042).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  posts: PostsTable;
  post_redirects: PostRedirectsTable;
  tags: TagsTable;
  post_tags: PostTagsTable;
  content_versions: ContentVersionsTable;
  demo_requests: DemoRequestsTable;
  app_secrets: AppSecretsTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  rate_limits: RateLimitsTable;
}
