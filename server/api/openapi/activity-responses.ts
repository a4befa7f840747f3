import { z } from "../../../shared/zod.ts";
import { ACTIVITY_ACTIONS } from "../../../shared/activity.ts";
import type { ActivityLine } from "../../../shared/activity-log.ts";
import type { SignedInSession } from "../../../shared/sessions.ts";

/**
 * What the activity log and the sessions calls answer (docs/decisions/029-activity-log-and-sessions.md),
 * as zod schemas for /api/openapi.json (docs/decisions/074); registered by name in ./responses.ts and
 * checked against the services' types below.
 */

const iso = () => z.string().meta({ format: "date-time" });

export const activityLine = z.object({
  id: z.number().int().positive(),
  createdAt: iso(),
  actor: z
    .object({ id: z.number().int().positive().nullable(), name: z.string().nullable() })
    .describe("`id` while the account exists; `name` is the username at the time. Both null for the system or an unknown visitor."),
  action: z.enum(ACTIVITY_ACTIONS),
  label: z.string().describe("The action in words, as the CMS shows it."),
  subject: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  detail: z.record(z.string(), z.unknown()).nullable().describe("The action's particulars: a role's `from` and `to`, a token's `scopes`, an export's `rows`…"),
});

export const signedInSession = z.object({
  id: z.string().describe("The session's public id: what DELETE /api/cms/sessions/{id} takes. Never its token."),
  device: z.string().describe("Browser and system in words, e.g. `Chrome on macOS`."),
  place: z.string().nullable().describe("A country or city a trusted proxy named at sign-in; never an IP address."),
  signedInAt: iso(),
  lastSeenAt: iso(),
  current: z.boolean().describe("The session of this request."),
});

export const signedOut = z.object({ signedOut: z.number().int().min(0) });

export const activityResponseNames: [z.ZodType, string][] = [
  [activityLine, "ActivityLine"],
  [signedInSession, "Session"],
  [signedOut, "SessionsSignedOut"],
];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checked: Record<string, true> = {
  activityLine: true as Same<z.output<typeof activityLine>, ActivityLine>,
  signedInSession: true as Same<z.output<typeof signedInSession>, SignedInSession>,
};
void checked;
