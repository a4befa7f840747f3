import { text, z } from "./zod.ts";

/**
 * API tokens (docs/decisions/072-api-tokens.md): what the /cms/tokens page, the token service and
 * the API guard share. Browser-safe.
 */

/** What a token may do; each /api/cms call needs one of them (server/api/guards.ts). */
export const API_TOKEN_SCOPES = ["posts:read", "posts:write", "demo_requests:read", "demo_requests:write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const apiTokenScopeLabels: Record<ApiTokenScope, { label: string; description: string }> = {
  "posts:read": { label: "Read posts", description: "List posts and tags, read a post and its revisions, drafts included." },
  "posts:write": {
    label: "Write posts",
    description: "Create, edit, publish, delete and restore posts and upload images. Includes reading posts.",
  },
  "demo_requests:read": {
    label: "Read demo requests",
    description: "Pull the demo requests (leads) as JSON, one with its notes and history, or one person's data.",
  },
  "demo_requests:write": {
    label: "Triage demo requests",
    description: "Change a lead's status or owner, add notes, delete leads and honor erasure requests. Includes reading them.",
  },
};

/** `posts:write` includes `posts:read`: a client cannot save an edit without reading the post's `version`. */
const IMPLIED: Partial<Record<ApiTokenScope, ApiTokenScope[]>> = {
  "posts:write": ["posts:read"],
  "demo_requests:write": ["demo_requests:read"],
};

export function scopesGrant(scopes: readonly ApiTokenScope[], needed: ApiTokenScope): boolean {
  return scopes.some((scope) => scope === needed || IMPLIED[scope]?.includes(needed));
}

/** Scope names as stored (comma-separated, in API_TOKEN_SCOPES order); unknown names are dropped. */
export const formatScopes = (scopes: readonly ApiTokenScope[]): string =>
  API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope)).join(",");
export const parseScopes = (stored: string): ApiTokenScope[] =>
  API_TOKEN_SCOPES.filter((scope) => stored.split(",").includes(scope));

/**
 * `zuri_` and 43 base64url characters (32 random bytes, 256 bits). The prefix makes a leaked token
 * recognisable to secret scanners and to people; the list shows `zuri_` and the next 8 characters.
 */
export const API_TOKEN_PATTERN = /^zuri_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_PREFIX_LENGTH = "zuri_".length + 8;

export const TOKEN_NAME_MAX = 60;
export const TOKEN_NAME_INVALID = `Give the token a name of 1 to ${TOKEN_NAME_MAX} characters, e.g. the tool that will use it.`;
export const TOKEN_SCOPES_INVALID = "Choose at least one scope.";

/** The create form (and any future API): a name and at least one scope. */
export const apiTokenInputSchema = z.object({
  name: text("Name", { error: TOKEN_NAME_INVALID })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, TOKEN_NAME_INVALID).max(TOKEN_NAME_MAX, TOKEN_NAME_INVALID)),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: TOKEN_SCOPES_INVALID }), { error: TOKEN_SCOPES_INVALID })
    .min(1, TOKEN_SCOPES_INVALID)
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
});

/** A token as the list shows it: never the token itself, which is not stored (only its hash). */
export interface ApiToken {
  id: number;
  name: string;
  /** `zuri_` and the token's first 8 characters */
  prefix: string;
  scopes: ApiTokenScope[];
  createdAt: string;
  /** The administrator who made it (display name), or null once that account is deleted. */
  createdBy: { username: string; name: string } | null;
  /** To the minute: a token's use is written at most once a minute. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer that creates a token: the only one that carries it. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** The API's refusals of a bearer request (docs/decisions/072). */
export const API_TOKEN_INVALID = "Invalid or revoked API token";
export const API_TOKEN_NOT_IN_HEADER =
  "API tokens are accepted only in the Authorization header (Authorization: Bearer <token>), never in a cookie or the address.";
export const API_TOKEN_OWNER_WITHOUT_ACCESS =
  "The person who made this API token no longer has a role in the CMS (or their account is disabled), so the token cannot be used. It works again when they have one.";
export const API_TOKEN_SESSION_ONLY = "This endpoint needs a signed-in session: API tokens cannot call it.";
export const apiTokenScopeMissing = (scope: ApiTokenScope) => `This API token does not have the ${scope} scope this call needs.`;
export const apiTokenRateLimited = (retryAfterSeconds: number) =>
  `Too many requests with this API token. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;

