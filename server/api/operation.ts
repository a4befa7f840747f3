import type { Request, Response } from "express";
import type { z } from "../../shared/zod.ts";
import type { ApiTokenScope } from "../../shared/api-tokens.ts";
import type { Permission } from "../../shared/roles.ts";
import type { Refusal } from "../../shared/refusal.ts";
import type { Services } from "../services.ts";
import type { SessionUser } from "../services/auth.ts";
import type { TokenAccess } from "../services/api-tokens.ts";
import type { EarlyAnswers } from "../serving/early-answers.ts";
import type { HttpMethod } from "./openapi/types.ts";

/**
 * One operation of the JSON API, declared once (docs/decisions/024-operations-declared-once.md):
 * the Express route (server/api/mount.ts), the API-token scope check (server/api/guards.ts) and
 * the OpenAPI document (server/api/openapi/document.ts) are all made from this one entry.
 */


/**
 * Who may call an operation:
 * - `anyone`: public, reads no session (`security: []`);
 * - `anyone` with `readsSession`: public, but answers by the session when one is sent (`security: [{}, { session: [] }]`);
 * - `signed-in`: any signed-in session;
 * - `staff`: a session whose role grants `permission` (shared/roles.ts, docs/decisions/027), or an API
 *   token with `token`'s scope when the operation names one, whose maker's role grants it
 *   (docs/decisions/072). `beforeEnrolment`: still allowed to an administrator who must set up a
 *   second factor first (their own factors, docs/decisions/075).
 */
export type Access =
  | { who: "anyone"; readsSession?: true }
  | { who: "signed-in" }
  | { who: "staff"; permission: Permission; token?: ApiTokenScope; beforeEnrolment?: true };

export const anyone: Access = { who: "anyone" };
export const anyoneWithSession: Access = { who: "anyone", readsSession: true };
/** A session whose role grants `permission`, or (with `token`) an API token with that scope whose maker's role grants it. */
export const staff = (permission: Permission, token?: ApiTokenScope, options: { beforeEnrolment?: true } = {}): Access => ({
  who: "staff",
  permission,
  ...(token ? { token } : {}),
  ...options,
});

/** Response headers the operations name; described once in ./openapi/document.ts. */
export type HeaderName =
  | "X-Total-Count"
  | "Link"
  | "ETag"
  | "Last-Modified"
  | "Location"
  | "Set-Cookie"
  | "Retry-After"
  | "WWW-Authenticate"
  | "Cache-Control";

export interface Answer {
  description: string;
  /** The JSON body; none for an empty answer (204, 301, 304, an empty 202). */
  body?: z.ZodType | z.ZodType[];
  headers?: HeaderName[];
}

/** What an operation reads from the request body. */
export type BodySpec<B extends z.ZodType> =
  /** JSON (application/json, at most 1 MB), validated by `schema`. */
  | { kind: "json"; schema: B; required: boolean }
  /**
   * JSON sent as application/json or text/plain (navigator.sendBeacon), at most `limit`. `schema`
   * describes it; the service checks it, after the drops it answers alike (docs/decisions/070).
   */
  | { kind: "beacon"; schema: B; limit: string; limitText: string }
  /** The bytes themselves, any Content-Type, at most `limit` bytes (an image upload). */
  | { kind: "bytes"; limit: number; description: string };

/** What `handle` receives: the parsed path parameters, query and body. */
export interface OperationInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface OperationContext {
  services: Services;
  /** Who the request acts as: the signed-in user, or an API token's maker (docs/decisions/072); null for nobody. */
  user: SessionUser | null;
  /** The API token the request was judged by, if any. */
  token: TokenAccess | null;
  /** For the few operations that need them: cookies, shared cached answers, conditional requests. */
  req: Request;
  res: Response;
  early: EarlyAnswers;
}

const REPLY = Symbol("reply");

/** An answer with a status or headers other than the operation's success status alone. */
export interface Reply {
  [REPLY]: true;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function reply(body: unknown, options: { status?: number; headers?: Record<string, string> } = {}): Reply {
  return { [REPLY]: true, body, ...options };
}

export const isReply = (value: unknown): value is Reply => typeof value === "object" && value !== null && REPLY in value;

/** Returned by an operation that wrote its answer itself (shared cached answers, a 304). */
export const ANSWERED = Symbol("answered");

export type Outcome = Refusal | Reply | typeof ANSWERED | object | undefined;

export interface Operation<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** OpenAPI form: `{name}` for a path parameter. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The path parameters' schema; a failure is a 400 naming the parameter, or `paramsRefusal()` when given. */
  params?: z.ZodType<P>;
  paramsRefusal?: () => Refusal;
  query?: z.ZodType<Q>;
  body?: BodySpec<z.ZodType<B>>;
  /**
   * The field messages of a JSON body its schema refuses, when the first message per top-level field
   * (shared/field-errors.ts) would not say enough: a landing page's name the block and its field
   * (`blocks.2.headline`, docs/decisions/037).
   */
  bodyErrors?: (body: unknown, issues: readonly { path: readonly PropertyKey[]; message: string }[]) => Record<string, string>;
  /** The answers this operation gives itself, by status. The first 2xx is what a plain value is answered with. */
  answers: Record<number, Answer>;
  /** Added to the JSON of the refusals `handle` answers (login's `{ success: false, user: null }`); not to a 400 for bad input. */
  refusalBody?: Record<string, unknown>;
  /** False for the calls that read no database: they never answer 503. */
  readsDatabase?: false;
  /**
   * Mounted by server/http.ts ahead of the page machinery instead of the API router (the analytics
   * beacon, docs/decisions/070); the same adapter answers it.
   */
  mountedEarly?: true;
  handle(input: OperationInput<P, Q, B>, context: OperationContext): Promise<Outcome> | Outcome;
}

/** Any operation, for lists. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any>;

/** Declares an operation with its input types inferred from its schemas. */
export function operation<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  definition: Operation<P, Q, B>,
): AnyOperation {
  return definition;
}
