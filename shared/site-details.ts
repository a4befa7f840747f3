import { text, z } from "./zod.ts";

/**
 * The company details, mailboxes, links, time zone and sharing image of the site: settings
 * administrators change on /cms/settings without a deploy (docs/decisions/054-site-details.md). The
 * footer, the legal pages, structured data, feeds, e-mails and every time the CMS shows or takes read
 * them. Brand names stay in code (shared/site-config.ts). Until an administrator sets them they are
 * the placeholders below, on reserved `*.example` domains, and a production start says so.
 * Browser-safe.
 */
export interface SiteDetails {
  legalName: string;
  companyNumber: string;
  officeStreet: string;
  officeLocality: string;
  officePostalCode: string;
  officeCountry: string;
  supportEmail: string;
  salesEmail: string;
  privacyEmail: string;
  /** The company's X profile, https://x.com/{handle}. */
  xUrl: string;
  linkedInUrl: string;
  spreadsheetAnalyzerUrl: string;
  /** The IANA time zone the team works in: every time the CMS shows or takes (docs/decisions/049). */
  timeZone: string;
  /** The default sharing image (1200 x 630): the shipped /og-image.png or an upload (/media/…). */
  ogImage: string;
}

export const DEFAULT_OG_IMAGE = "/og-image.png";

/** What the site shows until an administrator sets its details. */
export const PLACEHOLDER_SITE_DETAILS: SiteDetails = {
  legalName: "Zuri Intelligence Ltd",
  companyNumber: "00000000",
  officeStreet: "1 Example Street",
  officeLocality: "London",
  officePostalCode: "EC1A 1AA",
  officeCountry: "United Kingdom",
  supportEmail: "support@zuri.example",
  salesEmail: "sales@zuri.example",
  privacyEmail: "privacy@zuri.example",
  xUrl: "https://x.com/zuri_example",
  linkedInUrl: "https://www.linkedin.com/company/zuri-example",
  spreadsheetAnalyzerUrl: "https://spreadsheet-analyzer.zuri.example",
  timeZone: "Europe/London",
  ogImage: DEFAULT_OG_IMAGE,
};

export const siteDetailLabels: Record<keyof SiteDetails, string> = {
  legalName: "Company name",
  companyNumber: "Company number",
  officeStreet: "Registered office: street",
  officeLocality: "Registered office: town or city",
  officePostalCode: "Registered office: postcode",
  officeCountry: "Registered office: country",
  supportEmail: "Support mailbox",
  salesEmail: "Sales mailbox",
  privacyEmail: "Privacy mailbox",
  xUrl: "X profile",
  linkedInUrl: "LinkedIn page",
  spreadsheetAnalyzerUrl: "Spreadsheet Analyzer address",
  timeZone: "Time zone",
  ogImage: "Default social image",
};

/** The settings that ship as placeholders and must be replaced before launch. */
const PLACEHOLDER_KEYS = [
  "companyNumber",
  "officeStreet",
  "officePostalCode",
  "supportEmail",
  "salesEmail",
  "privacyEmail",
  "xUrl",
  "linkedInUrl",
  "spreadsheetAnalyzerUrl",
] as const satisfies readonly (keyof SiteDetails)[];

/** A host on a reserved example domain (RFC 2606: `.example`, example.com/net/org): nothing there is anyone's. */
const EXAMPLE_DOMAIN = /\.example(?=$|[/:?#])|(^|[@./])example\.(com|net|org)(?=$|[/:?#])/i;

/** The settings still on a placeholder, in form order, each with its label and value. */
export function placeholderDetails(details: SiteDetails): { key: keyof SiteDetails; label: string; value: string }[] {
  return PLACEHOLDER_KEYS.filter((key) => details[key] === PLACEHOLDER_SITE_DETAILS[key] || EXAMPLE_DOMAIN.test(details[key])).map(
    (key) => ({ key, label: siteDetailLabels[key], value: details[key] }),
  );
}

export const formattedAddress = (details: SiteDetails) =>
  [details.officeStreet, details.officeLocality, details.officePostalCode, details.officeCountry].join(", ");

/** "@zuri" for https://x.com/zuri: the `twitter:site` of every page. */
export const xHandle = (details: Pick<SiteDetails, "xUrl">) => `@${new URL(details.xUrl).pathname.split("/").filter(Boolean)[0] ?? ""}`;

/** Whether the runtime knows an IANA zone name. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && value !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const line = (key: keyof SiteDetails, max: number) => {
  const label = siteDetailLabels[key];
  return text(label, { error: `${label} is required.` })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`));
};

const mailbox = (key: keyof SiteDetails) => {
  const label = siteDetailLabels[key];
  const message = `${label} must be an e-mail address like sales@yourcompany.com.`;
  return text(label, { error: message }).trim().toLowerCase().min(1, message).max(254, message).pipe(z.email(message));
};

/** An https address, on one of `hosts` when given. */
const httpsUrl = (key: keyof SiteDetails, hosts?: readonly string[], example = "https://yourcompany.com") => {
  const label = siteDetailLabels[key];
  const message = `${label} must be an https:// address${hosts ? ` on ${hosts.join(" or ")}` : ""}, like ${example}.`;
  return text(label, { error: message })
    .trim()
    .max(2048, message)
    .refine((value) => {
      try {
        const url = new URL(value);
        const host = url.hostname.replace(/^www\./, "");
        return url.protocol === "https:" && !url.username && !url.password && (!hosts || hosts.includes(host));
      } catch {
        return false;
      }
    }, message);
};

/** An uploaded image (`/media/{key}.{ext}`, decision 060) or the shipped default. */
const MEDIA_IMAGE = /^\/media\/[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp)$/;

/** The settings form and PUT /api/cms/settings/site: every field, each with its own message. */
export const siteDetailsSchema = z.object({
  legalName: line("legalName", 120),
  companyNumber: line("companyNumber", 20).pipe(
    z.string().regex(/^[A-Za-z0-9 ]+$/, "Company number must be letters and digits, like 12345678 or SC123456."),
  ),
  officeStreet: line("officeStreet", 120),
  officeLocality: line("officeLocality", 80),
  officePostalCode: line("officePostalCode", 20),
  officeCountry: line("officeCountry", 80),
  supportEmail: mailbox("supportEmail"),
  salesEmail: mailbox("salesEmail"),
  privacyEmail: mailbox("privacyEmail"),
  xUrl: httpsUrl("xUrl", ["x.com", "twitter.com"], "https://x.com/yourcompany").refine(
    (value) => /^\/[A-Za-z0-9_]{1,15}\/?$/.test(new URL(value).pathname),
    "X profile must be a profile address, like https://x.com/yourcompany.",
  ),
  linkedInUrl: httpsUrl("linkedInUrl", ["linkedin.com"], "https://www.linkedin.com/company/yourcompany"),
  spreadsheetAnalyzerUrl: httpsUrl("spreadsheetAnalyzerUrl"),
  timeZone: text("Time zone", { error: "Choose a time zone." })
    .trim()
    .refine(isTimeZone, "Time zone must be a zone name like Europe/London or America/New_York."),
  ogImage: text("Default social image", { error: "Default social image is required." })
    .trim()
    .refine(
      (value) => value === DEFAULT_OG_IMAGE || MEDIA_IMAGE.test(value),
      `Default social image must be ${DEFAULT_OG_IMAGE} or an image uploaded here (a /media/ address).`,
    ),
}) satisfies z.ZodType<SiteDetails, unknown>;

/** Stored details read back: each field that no longer passes (an older row, a zone this runtime lacks) falls back to its placeholder. */
export function storedDetails(stored: unknown): SiteDetails {
  const source = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const details = { ...PLACEHOLDER_SITE_DETAILS };
  for (const key of Object.keys(PLACEHOLDER_SITE_DETAILS) as (keyof SiteDetails)[]) {
    const parsed = siteDetailsSchema.shape[key].safeParse(source[key]);
    if (parsed.success) details[key] = parsed.data;
  }
  return details;
}
