import { text, z } from "./zod.ts";
import { demoRequestStatuses, demoTriageStatuses, type DemoRequestRecord } from "./demo-request.ts";

/**
 * The demo inbox's triage (docs/decisions/053): the sales e-mail's state, notes, history, owners and the
 * inbox's filters. Shared by the CMS page, the API and the services; browser-safe.
 */

/** After this many failed attempts the sales e-mail is given up (docs/decisions/051). */
export const DEMO_NOTIFY_MAX_ATTEMPTS = 8;
/** Leads older than this are never e-mailed by the sweep (docs/decisions/051). */
export const DEMO_NOTIFY_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * The sales e-mail about a request, as it really is (docs/decisions/053): e-mail not configured at all,
 * held back as spam, sent, given up (with the last reason), too old for the sweep, or pending (with the
 * next try and, after a failure, its reason).
 */
export type DemoNotification =
  | { state: "not-configured" }
  | { state: "held" }
  | { state: "sent"; at: string }
  | { state: "failed"; attempts: number; reason: string | null }
  | { state: "not-sent"; reason: string }
  | { state: "pending"; attempts: number; nextAt: string | null; reason: string | null };

export function demoNotificationOf(
  request: Pick<DemoRequestRecord, "notifiedAt" | "notifyAttempts" | "notifyNextAt" | "notifyError" | "spamReasons" | "createdAt">,
  emailConfigured: boolean,
  now: Date,
): DemoNotification {
  if (request.notifiedAt) return { state: "sent", at: request.notifiedAt };
  if (!emailConfigured) return { state: "not-configured" };
  if (request.spamReasons.length > 0) return { state: "held" };
  if (request.notifyAttempts >= DEMO_NOTIFY_MAX_ATTEMPTS) {
    return { state: "failed", attempts: request.notifyAttempts, reason: request.notifyError };
  }
  if (now.getTime() - new Date(request.createdAt).getTime() > DEMO_NOTIFY_MAX_AGE_MS) {
    return { state: "not-sent", reason: "received more than 7 days before e-mail could be sent" };
  }
  return { state: "pending", attempts: request.notifyAttempts, nextAt: request.notifyNextAt, reason: request.notifyError };
}

/** A note on a lead: internal, never sent anywhere (docs/decisions/053). */
export const DEMO_NOTE_MAX = 2000;
export const demoNoteSchema = z.object({
  body: text("Note", { error: "Write a note first." })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "Write a note first.").max(DEMO_NOTE_MAX, `A note can be at most ${DEMO_NOTE_MAX} characters.`)),
});

export interface DemoRequestNote {
  id: number;
  demoRequestId: number;
  body: string;
  /** The author's display name; null once that account is deleted. */
  author: { id: number; name: string } | null;
  createdAt: string;
}

/** One entry of a lead's history: a status change, spam or not spam, a new owner (docs/decisions/053). */
export interface DemoRequestEvent {
  id: number;
  demoRequestId: number;
  kind: "status" | "spam" | "not-spam" | "owner";
  from: string | null;
  to: string | null;
  actor: { id: number; name: string } | null;
  createdAt: string;
}

/** A person who may own leads: any CMS administrator. */
export interface DemoOwnerOption {
  id: number;
  name: string;
}


/** The inbox's filters, kept in the address so they survive a reload and can be shared (docs/decisions/053). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);
const filterText = z
  .string()
  .transform((value) => value.trim().slice(0, 200))
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

/**
 * `/cms/demo-requests?q=&status=&from=&to=&campaign=&source=&view=&page=`. A value the page cannot read is
 * ignored (the list shows as if it were not there), never an error page: these come from the page's own
 * GET form and links.
 */
export const demoInboxQuerySchema = z.object({
  q: filterText,
  view: z.enum(["leads", "spam"]).optional().catch(undefined).transform((value) => value ?? "leads"),
  status: z.enum(demoRequestStatuses).optional().catch(undefined),
  from: day,
  to: day,
  campaign: filterText,
  source: filterText,
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined).transform((value) => value ?? 1),
});
export type DemoInboxQuery = z.output<typeof demoInboxQuerySchema>;
export type DemoInboxFilters = Omit<DemoInboxQuery, "page">;

/** The inbox address of a query: only the parameters that are set, in a fixed order. */
export function demoInboxSearch(query: Partial<DemoInboxQuery>): string {
  const params = new URLSearchParams();
  if (query.view === "spam") params.set("view", "spam");
  for (const name of ["q", "status", "from", "to", "campaign", "source"] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A person's requests on one card (docs/decisions/053): the same e-mail address, case aside. */
export interface DemoLeadGroup {
  /** The lower-cased e-mail address the requests share. */
  key: string;
  /** The newest request that matches the inbox's view and filters: the one the card's controls act on. */
  lead: DemoRequestRecord;
  owner: DemoOwnerOption | null;
  notification: DemoNotification;
  /** Every request from this address, newest first (the lead included), whatever the view. */
  requests: DemoRequestRecord[];
  /** The notes and history of every request from this address, oldest first. */
  notes: DemoRequestNote[];
  events: DemoRequestEvent[];
}

const STATUS_MESSAGE = "status must be one of new, contacted, qualified, won, lost or spam";
const OWNER_MESSAGE = "ownerId must be a user's id, or null for nobody";
const EMAIL_MESSAGE = "email must be an e-mail address";

/** `PATCH /api/cms/demo-requests/{id}`: a status (one of the six), an owner, or both. */
export const demoRequestPatchSchema = z
  .strictObject(
    {
      status: z.enum(demoTriageStatuses, STATUS_MESSAGE).optional(),
      ownerId: z.number(OWNER_MESSAGE).int(OWNER_MESSAGE).positive(OWNER_MESSAGE).max(2_147_483_647, OWNER_MESSAGE).nullable().optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Only status and ownerId can be changed` : "Send a JSON object") },
  )
  .refine((value) => value.status !== undefined || value.ownerId !== undefined, {
    message: "Send a status, an ownerId, or both",
    path: ["status"],
  });

/** Erasure and subject access name a person by e-mail address, in the body (never in an address that logs keep). */
export const demoPersonSchema = z.object({
  email: text("email", { error: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
});
