import { z } from "./zod.ts";

/** Runs of whitespace (including CR/LF) become one space: names never span lines or headers. */
const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();

const optionalText = (max: number, label: string, normalise: (value: string) => string = (v) => v.trim()) =>
  z
    .string()
    .transform(normalise)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** The demo form (SPEC §5): one schema for the browser's inline errors and the server's authority. */
export const demoRequestSchema = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters." })
    .transform(singleLine)
    .pipe(
      z.string().min(2, "Name must be at least 2 characters.").max(200, "Name must be at most 200 characters."),
    ),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
  phone: optionalText(50, "Phone", singleLine),
  organization: z
    .string({ error: "Organization name is required." })
    .transform(singleLine)
    .pipe(
      z
        .string()
        .min(1, "Organization name is required.")
        .max(200, "Organization name must be at most 200 characters."),
    ),
  message: optionalText(5000, "Additional information"),
});

export type DemoRequestInput = z.input<typeof demoRequestSchema>;
export type DemoRequestFields = z.output<typeof demoRequestSchema>;
export type DemoRequestField = keyof DemoRequestFields;

export const demoRequestFieldNames = ["name", "email", "phone", "organization", "message"] as const satisfies
  readonly DemoRequestField[];

/** The form as typed: every field a string (SPEC §3, demo request). */
export type DemoFormValues = Record<DemoRequestField, string>;
export type DemoFormErrors = Partial<Record<DemoRequestField, string>>;

/** The raw text of each field from a posted form or JSON body ("" when absent or not text). */
export function demoFormValuesFrom(body: Record<string, unknown>): DemoFormValues {
  const text = (field: DemoRequestField) => (typeof body[field] === "string" ? (body[field] as string) : "");
  return { name: text("name"), email: text("email"), phone: text("phone"), organization: text("organization"), message: text("message") };
}

/** The first message per field, from the schema the server enforces (SPEC §5). */
export function validateDemoForm(values: DemoFormValues): DemoFormErrors {
  const result = demoRequestSchema.safeParse(values);
  const errors: DemoFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path[0] as DemoRequestField] ??= issue.message;
  return errors;
}

/** Where the lead came from. Never a reason to refuse a lead: a bad value is simply dropped. */
const attributionText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .catch(null)
    .transform((value) => (value ? value : null));

export const demoAttributionSchema = z.object({
  /** A path on this site ("/enterprise"), never an external address. */
  sourcePage: attributionText(500).transform((value) =>
    value && value.startsWith("/") && !value.startsWith("//") ? value : null,
  ),
  utmSource: attributionText(200),
  utmMedium: attributionText(200),
  utmCampaign: attributionText(200),
  utmTerm: attributionText(200),
  utmContent: attributionText(200),
});

export type DemoAttribution = z.output<typeof demoAttributionSchema>;
export const demoAttributionFieldNames = Object.keys(demoAttributionSchema.shape) as (keyof DemoAttribution)[];

/**
 * Spam signals the form carries besides the visible fields: a honeypot that people never see
 * and a signed "form shown at" token (docs/decisions/050-demo-spam-defence.md).
 */
export const demoSpamFieldNames = { honeypot: "website", formToken: "formToken" } as const;

export const demoSpamSignalsSchema = z.object({
  website: z.string().optional().nullable().catch(null),
  formToken: z.string().max(200).optional().nullable().catch(null),
});

export type DemoSpamSignals = z.output<typeof demoSpamSignalsSchema>;

export const demoRequestStatuses = ["new", "contacted", "closed"] as const;
export type DemoRequestStatus = (typeof demoRequestStatuses)[number];

/** A stored lead, as the service returns it and the inbox shows it. */
export interface DemoRequestRecord extends DemoRequestFields, DemoAttribution {
  id: number;
  status: DemoRequestStatus;
  notifiedAt: string | null;
  notifyAttempts: number;
  createdAt: string;
  updatedAt: string;
}
export const demoRequestStatusLabels: Record<DemoRequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
};

/** SPEC §8: the toasts after a submission. */
export const demoSubmitMessages = {
  successTitle: "Demo Request Submitted!",
  successDescription: "Our team will contact you within 24 hours to schedule your demo.",
  failureTitle: "Something went wrong.",
  failureDescription: "Your demo request couldn't be submitted. Please try again.",
} as const;
