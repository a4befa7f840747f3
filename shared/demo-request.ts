import { firstMessagePerField } from "./field-errors.ts";
import { text, z } from "./zod.ts";
import { isHttpOrigin, VISIT_ID_PATTERN } from "./analytics.ts";
import { pathWithoutPersonalData, textWithoutPersonalData } from "./personal-data.ts";
import { demoFieldMessages, singleLine } from "./demo-form.ts";
import { isLandingPagePath } from "./landing-pages.ts";

export { demoSubmitMessages } from "./demo-form.ts";

const optionalText = (max: number, label: string, normalise: (value: string) => string = (v) => v.trim()) =>
  text(label)
    .transform(normalise)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** The demo form (docs/product.md §5): one schema for the browser's inline errors and the server's authority. */
export const demoRequestSchema = z.object({
  name: text("Name", { error: demoFieldMessages.name })
    .transform(singleLine)
    .pipe(z.string().min(2, demoFieldMessages.name).max(200, "Name must be at most 200 characters.")),
  email: text("Email", { error: demoFieldMessages.email })
    .trim()
    .max(254, demoFieldMessages.email)
    .pipe(z.email(demoFieldMessages.email)),
  phone: optionalText(50, "Phone", singleLine),
  organization: text("Organization name", { error: demoFieldMessages.organization })
    .transform(singleLine)
    .pipe(z.string().min(1, demoFieldMessages.organization).max(200, "Organization name must be at most 200 characters.")),
  message: optionalText(5000, "Additional information"),
});

export type DemoRequestFields = z.output<typeof demoRequestSchema>;
export type DemoRequestField = keyof DemoRequestFields;

/** The form as typed: every field a string (docs/product.md §3, demo request). */
export type DemoFormValues = Record<DemoRequestField, string>;
export type DemoFormErrors = Partial<Record<DemoRequestField, string>>;

/** The raw text of each field from a posted form or JSON body ("" when absent or not text). */
export function demoFormValuesFrom(body: Record<string, unknown>): DemoFormValues {
  const text = (field: DemoRequestField) => (typeof body[field] === "string" ? (body[field] as string) : "");
  return { name: text("name"), email: text("email"), phone: text("phone"), organization: text("organization"), message: text("message") };
}

/** The first message per field, from the schema the server enforces (docs/product.md §5). */
export function validateDemoForm(values: DemoFormValues): DemoFormErrors {
  const result = demoRequestSchema.safeParse(values);
  return result.success ? {} : (firstMessagePerField(result.error.issues) as DemoFormErrors);
}

/** Where the lead came from. Never a reason to refuse a lead: a bad value is simply dropped. */
const attributionText = (max: number) =>
  text("Attribution")
    .trim()
    .max(max)
    .optional()
    .nullable()
    .catch(null)
    .transform((value) => (value ? value : null));

/** A path on this site ("/enterprise"), never an external address; an e-mail address in it is stored as `[redacted]`. */
const sitePath = (max: number) =>
  attributionText(max).transform((value) =>
    value && value.startsWith("/") && !value.startsWith("//") ? pathWithoutPersonalData(value) : null,
  );

/** A campaign value (utm_*), without any e-mail address in it (docs/decisions/070). */
const campaignText = () => attributionText(200).transform(textWithoutPersonalData);

/**
 * The campaign a demo request keeps (docs/decisions/052). Without Analytics consent, the /book-demo URL's own
 * parameters and the site page it was opened from; with consent, the browser fills the UTM fields, `referrer`,
 * `landingPage` and `visitId` from the visit that brought the visitor (docs/decisions/070), wherever in it the
 * form is sent. The field names are the form's hidden inputs and `POST /api/book-demo`'s keys.
 */
export const demoAttributionSchema = z.object({
  /** The site page the form was opened from. */
  sourcePage: sitePath(500),
  utmSource: campaignText(),
  utmMedium: campaignText(),
  utmCampaign: campaignText(),
  utmTerm: campaignText(),
  utmContent: campaignText(),
  /** The origin of the external site the visit came from ("https://news.example"), as page views keep it. */
  referrer: attributionText(300).transform((value) => (value && isHttpOrigin(value) ? value : null)),
  /** The path the visit landed on. */
  landingPage: sitePath(300),
  /**
   * The analytics visit the form was sent from, only with Analytics consent (docs/decisions/070): links the
   * request to the visit's landing page, pages, referrer and campaign. Anything but a visit id is dropped.
   */
  visitId: attributionText(64).transform((value) => (value && VISIT_ID_PATTERN.test(value) ? value : null)),
  /**
   * The landing page whose form was sent (`/l/{slug}`, docs/decisions/038): where the form is, not tracking, so
   * sent without consent. Anything but a landing page's address is dropped here; the service keeps it only
   * when that page exists and is published.
   */
  formPage: attributionText(200).transform((value) => (value && isLandingPagePath(value) ? value : null)),
});

export type DemoAttribution = z.output<typeof demoAttributionSchema>;

/**
 * Spam signals the form carries besides the visible fields: a honeypot that people never see
 * and a signed "form shown at" token (docs/decisions/050-demo-spam-defence.md).
 */
export const demoSpamFieldNames = { honeypot: "website", formToken: "formToken" } as const;

export const demoSpamSignalsSchema = z.object({
  website: text("Website").optional().nullable().catch(null),
  formToken: text("Form token").max(200).optional().nullable().catch(null),
});

export type DemoSpamSignals = z.output<typeof demoSpamSignalsSchema>;

/**
 * Where a lead is in the sales pipeline (docs/decisions/053). docs/product.md §3 names no statuses; the first inbox had
 * New, Contacted and Closed, and migration 021 reads Closed as Lost (it said no more than "done").
 */
export const demoRequestStatuses = ["new", "contacted", "qualified", "won", "lost"] as const;
export type DemoRequestStatus = (typeof demoRequestStatuses)[number];

/**
 * The six statuses sales triages with: the pipeline's five and Spam. Spam is not a stored status: it is
 * a request kept out of the leads with its reasons (docs/decisions/050), so "Not spam" brings it back
 * with the pipeline status it had.
 */
export const demoTriageStatuses = [...demoRequestStatuses, "spam"] as const;
export type DemoTriageStatus = (typeof demoTriageStatuses)[number];

/**
 * Why a stored request is suspected spam (docs/decisions/050-demo-spam-defence.md): the honeypot was
 * filled, the form was sent sooner than people fill it, or its token was forged or, on the page's
 * form post, missing. None of them alone is proof, so the request is kept, not dropped. `marked` is a
 * person's judgement in the inbox (docs/decisions/053).
 */
export const demoSpamReasons = ["honeypot", "too-fast", "invalid-token", "missing-token", "marked"] as const;
export type DemoSpamReason = (typeof demoSpamReasons)[number];

export const demoSpamReasonLabels: Record<DemoSpamReason, string> = {
  honeypot: "filled the hidden field",
  "too-fast": "sent within 2 seconds of the form appearing",
  "invalid-token": "form token forged or expired",
  "missing-token": "form token missing",
  marked: "marked as spam in the inbox",
};

/** A stored lead, as the service returns it and the inbox shows it. */
export interface DemoRequestRecord extends DemoRequestFields, DemoAttribution {
  id: number;
  status: DemoRequestStatus;
  /** Empty for a lead; otherwise why it is suspected spam (kept out of the sales e-mail until marked "Not spam"). */
  spamReasons: DemoSpamReason[];
  /** The CMS user who looks after the lead (docs/decisions/053). */
  ownerId: number | null;
  notifiedAt: string | null;
  notifyAttempts: number;
  /** When the next e-mail attempt is due (or the lease of one under way). */
  notifyNextAt: string | null;
  /** Why the last e-mail attempt failed; null after a success or before any failure. */
  notifyError: string | null;
  createdAt: string;
  updatedAt: string;
}

export const demoRequestStatusLabels: Record<DemoRequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};
export const demoTriageStatusLabels: Record<DemoTriageStatus, string> = { ...demoRequestStatusLabels, spam: "Spam" };

/** The status a request shows: Spam while it is kept as (suspected) spam, else its pipeline status. */
export const triageStatusOf = (request: Pick<DemoRequestRecord, "status" | "spamReasons">): DemoTriageStatus =>
  request.spamReasons.length > 0 ? "spam" : request.status;

/** docs/product.md §8: the toasts after a submission. */

/** The answer to a rate-limited submission: when to try again, or whom to write to instead. */
export function demoRateLimitedMessage(retryAfterSeconds: number, salesEmail: string): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes >= 60 ? `${Math.ceil(minutes / 60)} hour${minutes > 60 ? "s" : ""}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many demo requests from your network. Please try again in ${wait}, or e-mail us at ${salesEmail}.`;
}
