import { z } from "./zod.ts";

/**
 * One's own signed-in sessions, as the profile lists them (docs/decisions/029-activity-log-and-sessions.md).
 * Browser-safe.
 */
export interface SignedInSession {
  /** The session's public id (never its token): what "Sign out" names. */
  id: string;
  /** Browser and system in words, from the User-Agent: "Chrome on macOS". */
  device: string;
  /** A country or city, when a trusted proxy named one at sign-in; never an IP address. */
  place: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session of this request: "This device". */
  current: boolean;
}

export const SESSION_NOT_FOUND = "That session has already ended";
const SESSION_ID_MESSAGE = "Session id must be 32 hexadecimal characters";

/** A session's public id as a client sends it (a path segment, a form field). */
export const sessionIdSchema = z.string({ error: SESSION_ID_MESSAGE }).regex(/^[0-9a-f]{32}$/, SESSION_ID_MESSAGE);
