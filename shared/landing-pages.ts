import { text, z } from "./zod.ts";
import { slugPattern } from "./slugify.ts";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "./post-schema.ts";

/**
 * Landing pages (docs/decisions/037-landing-pages.md): a page the marketing team composes from
 * designed blocks, served at `/l/{slug}`. Each block type has a short list of fields with limits and
 * nothing else (no free CSS, no free HTML but the rich-text block's, which the server sanitises like
 * a post's). One schema for the editor's instant checks and the server's authority. Browser-safe.
 *
 * Two strengths of the same rules:
 * - a draft save (`landingPageInputSchema`) checks shapes, lengths, link schemes and image
 *   references, but lets a field that must be filled stay empty while the page is being composed;
 * - publishing or scheduling (`publishableBlocksSchema`) also needs every required field, and a
 *   refusal names the block and the field: `blocks.2.headline` → "Block 3 (Hero): Headline is required."
 */

export const LANDING_PATH_PREFIX = "/l/";
export const landingPagePath = (slug: string) => `${LANDING_PATH_PREFIX}${slug}`;
/** The slug of a landing page's address. */
export const landingSlugOf = (path: string) => path.slice(LANDING_PATH_PREFIX.length);
/** Whether a path is a landing page's address (`/l/{slug}`). */
export function isLandingPagePath(path: string): boolean {
  const slug = landingSlugOf(path);
  return path.startsWith(LANDING_PATH_PREFIX) && slug.length > 0 && slug.length <= PAGE_SLUG_MAX && slugPattern.test(slug);
}

export const PAGE_TITLE_MAX = 120;
export const PAGE_SLUG_MAX = 80;
export const BLOCKS_MAX = 30;
export const RICH_TEXT_MAX = 20_000;

/** The product illustrations a hero may show (app/assets/illustrations). */
export const HERO_ILLUSTRATIONS = [
  "dashboard",
  "ai-answer",
  "setup",
  "admin-console",
  "features-overview",
  "feature-groups",
  "industries",
] as const;
export type HeroIllustration = (typeof HERO_ILLUSTRATIONS)[number];

/** The icons a feature card may show (lucide names the block renderer maps). */
export const FEATURE_ICONS = ["chart", "brain", "database", "shield", "zap", "users", "globe", "clock", "file", "message"] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

export const BLOCK_TYPES = ["hero", "logos", "features", "stats", "testimonials", "faq", "richText", "cta", "demoForm"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const blockLabels: Record<BlockType, string> = {
  hero: "Hero",
  logos: "Logo strip",
  features: "Feature grid",
  stats: "Stats",
  testimonials: "Testimonials",
  faq: "FAQ",
  richText: "Rich text",
  cta: "Call to action",
  demoForm: "Demo form",
};

/** An upload's address as the media pipeline gives it (decision 060): `/media/{22-character key}.{ext}`. */
export const MEDIA_PATH = /^\/media\/[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp)$/;
export const IMAGE_INVALID = "must be an image uploaded here (a /media/ address)";
export const LINK_INVALID = "must be a path on this site such as /book-demo, or an https:// address";

/** A button or link target: a path on this site (not `//host`), or an https address. */
export function isSafeLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/**
 * A text field: trimmed, at most `max` characters. `required` fields may be empty in a draft; the
 * publish check (`publishableBlocksSchema`) refuses them empty.
 */
const field = (label: string, max: number) =>
  text(label, { error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .default("");

const link = (label: string) =>
  field(label, 2048).refine((value) => value === "" || isSafeLink(value), `${label} ${LINK_INVALID}.`);

const image = (label: string) =>
  field(label, 200).refine((value) => value === "" || MEDIA_PATH.test(value), `${label} ${IMAGE_INVALID}.`);

const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z.array(item, { error: `${label} must be a list.` }).max(max, `${label}: at most ${max}.`).default([]);

const button = z.object({ label: field("Button label", 30), href: link("Button link") });
export type BlockButton = z.output<typeof button>;

/** Every block has an id the editor makes (for keys, focus and error messages), unique within its page. */
const blockId = text("Block id").regex(/^[A-Za-z0-9_-]{1,40}$/, "Block id must be 1 to 40 letters, digits, _ or -.");

export const heroBlockSchema = z.object({
  id: blockId,
  type: z.literal("hero"),
  eyebrow: field("Eyebrow", 40),
  headline: field("Headline", 90),
  text: field("Text", 280),
  primary: button,
  /** Optional: an empty label and link mean no second button. */
  secondary: button,
  visual: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("none") }),
    z.object({ kind: z.literal("illustration"), name: z.enum(HERO_ILLUSTRATIONS, { error: "Choose one of the product illustrations." }) }),
    z.object({ kind: z.literal("image"), src: image("Image"), alt: field("Alt text", 150) }),
  ]),
});

export const logosBlockSchema = z.object({
  id: blockId,
  type: z.literal("logos"),
  heading: field("Heading", 80),
  /** A customer's name, shown as a wordmark, or its uploaded logo with the name as alt text. */
  logos: list(z.object({ name: field("Name", 40), image: image("Logo") }), "Logos", 8),
});

export const featuresBlockSchema = z.object({
  id: blockId,
  type: z.literal("features"),
  heading: field("Heading", 80),
  intro: field("Introduction", 200),
  items: list(
    z.object({ icon: z.enum(FEATURE_ICONS, { error: "Choose one of the icons." }), title: field("Title", 60), text: field("Text", 200) }),
    "Features",
    6,
  ),
});

export const statsBlockSchema = z.object({
  id: blockId,
  type: z.literal("stats"),
  heading: field("Heading", 80),
  items: list(z.object({ value: field("Value", 12), label: field("Label", 60) }), "Stats", 4),
});

/**
 * Whose words a testimonials block shows (docs/brand.md: sample quotes are marked as such on the page until approved,
 * consented quotes replace them). Unsaid, they are samples: a quote is never shown as a customer's by default.
 */
export const QUOTE_SOURCES = ["sample", "customer"] as const;

export const testimonialsBlockSchema = z.object({
  id: blockId,
  type: z.literal("testimonials"),
  heading: field("Heading", 80),
  source: z.enum(QUOTE_SOURCES, { error: "Choose whether the quotes are samples or customers' words." }).default("sample"),
  items: list(
    z.object({ quote: field("Quote", 400), name: field("Name", 60), role: field("Role", 80), company: field("Organization", 80) }),
    "Testimonials",
    3,
  ),
});

export const faqBlockSchema = z.object({
  id: blockId,
  type: z.literal("faq"),
  heading: field("Heading", 80),
  /** Plain text answers: they are also the FAQPage structured data. */
  items: list(z.object({ question: field("Question", 150), answer: field("Answer", 800) }), "Questions", 12),
});

export const richTextBlockSchema = z.object({
  id: blockId,
  type: z.literal("richText"),
  /** The post editor's HTML, sanitised on the server like a post's (server/services/sanitize-html.ts). */
  html: field("Text", RICH_TEXT_MAX),
});

export const ctaBlockSchema = z.object({
  id: blockId,
  type: z.literal("cta"),
  headline: field("Headline", 90),
  text: field("Text", 200),
  button,
});

export const demoFormBlockSchema = z.object({
  id: blockId,
  type: z.literal("demoForm"),
  heading: field("Heading", 80),
  text: field("Text", 200),
});

export const landingBlockSchema = z.discriminatedUnion(
  "type",
  [
    heroBlockSchema,
    logosBlockSchema,
    featuresBlockSchema,
    statsBlockSchema,
    testimonialsBlockSchema,
    faqBlockSchema,
    richTextBlockSchema,
    ctaBlockSchema,
    demoFormBlockSchema,
  ],
  { error: `Block type must be one of: ${BLOCK_TYPES.join(", ")}.` },
);
export type LandingBlock = z.output<typeof landingBlockSchema>;
export type BlockOf<T extends BlockType> = Extract<LandingBlock, { type: T }>;

export const PAGE_TITLE_REQUIRED = "Title is required.";
export const PAGE_SLUG_INVALID = `Slug must be 1 to ${PAGE_SLUG_MAX} characters: a-z, 0-9 and hyphens.`;

/** What a draft save sends (POST/PUT /api/cms/landing-pages, the CMS page editor). */
export const landingPageInputSchema = z.object({
  title: text("Title", { error: PAGE_TITLE_REQUIRED }).trim().min(1, PAGE_TITLE_REQUIRED).max(PAGE_TITLE_MAX, `Title must be at most ${PAGE_TITLE_MAX} characters.`),
  slug: text("Slug", { error: PAGE_SLUG_INVALID }).trim().min(1, PAGE_SLUG_INVALID).max(PAGE_SLUG_MAX, PAGE_SLUG_INVALID).regex(slugPattern, PAGE_SLUG_INVALID),
  blocks: z
    .array(landingBlockSchema, { error: "Blocks must be a list." })
    .max(BLOCKS_MAX, `A page can have at most ${BLOCKS_MAX} blocks.`)
    .refine((blocks) => new Set(blocks.map((block) => block.id)).size === blocks.length, "Each block needs its own id.")
    .default([]),
  metaTitle: field("Meta title", META_TITLE_MAX),
  metaDescription: field("Meta description", META_DESCRIPTION_MAX),
  /** The page's social image; empty: the site's default (site settings). */
  ogImage: image("Social image"),
  /** Paid-campaign pages: `noindex`, and left out of the sitemap. */
  noindex: z.boolean({ error: "Noindex must be true or false." }).default(false),
});
export type LandingPageInput = z.output<typeof landingPageInputSchema>;

/** The fields each block type must have filled before its page is published, with their labels. */
const REQUIRED: { [T in BlockType]: (block: BlockOf<T>) => [path: string, label: string, value: string | number][] } = {
  hero: (b) => [
    ["headline", "Headline", b.headline],
    ["primary.label", "Button label", b.primary.label],
    ["primary.href", "Button link", b.primary.href],
    ...(b.secondary.label || b.secondary.href
      ? ([
          ["secondary.label", "Second button label", b.secondary.label],
          ["secondary.href", "Second button link", b.secondary.href],
        ] as [string, string, string][])
      : []),
    ...(b.visual.kind === "image"
      ? ([
          ["visual.src", "Image", b.visual.src],
          ["visual.alt", "Alt text", b.visual.alt],
        ] as [string, string, string][])
      : []),
  ],
  logos: (b) => [["logos", "At least two logos", b.logos.length >= 2 ? 1 : ""], ...b.logos.map((l, i) => [`logos.${i}.name`, "Name", l.name] as [string, string, string])],
  features: (b) => [
    ["heading", "Heading", b.heading],
    ["items", "At least one feature", b.items.length],
    ...b.items.flatMap((item, i) => [
      [`items.${i}.title`, "Title", item.title] as [string, string, string],
      [`items.${i}.text`, "Text", item.text] as [string, string, string],
    ]),
  ],
  stats: (b) => [
    ["items", "At least two stats", b.items.length >= 2 ? 1 : ""],
    ...b.items.flatMap((item, i) => [
      [`items.${i}.value`, "Value", item.value] as [string, string, string],
      [`items.${i}.label`, "Label", item.label] as [string, string, string],
    ]),
  ],
  testimonials: (b) => [
    ["items", "At least one testimonial", b.items.length],
    ...b.items.flatMap((item, i) => [
      [`items.${i}.quote`, "Quote", item.quote] as [string, string, string],
      [`items.${i}.name`, "Name", item.name] as [string, string, string],
    ]),
  ],
  faq: (b) => [
    ["heading", "Heading", b.heading],
    ["items", "At least one question", b.items.length],
    ...b.items.flatMap((item, i) => [
      [`items.${i}.question`, "Question", item.question] as [string, string, string],
      [`items.${i}.answer`, "Answer", item.answer] as [string, string, string],
    ]),
  ],
  richText: (b) => [["html", "Text", b.html.replace(/<[^>]*>/g, "").trim()]],
  cta: (b) => [
    ["headline", "Headline", b.headline],
    ["button.label", "Button label", b.button.label],
    ["button.href", "Button link", b.button.href],
  ],
  demoForm: (b) => [["heading", "Heading", b.heading]],
};

export const blockFieldKey = (index: number, path: string) => `blocks.${index}.${path}`;
/** "Block 3 (Hero): Headline is required." */
export const blockMessage = (index: number, block: Pick<LandingBlock, "type">, message: string) =>
  `Block ${index + 1} (${blockLabels[block.type]}): ${message}`;

/**
 * What stops a page from going live: one message per field, keyed `blocks.{i}.{path}` (the editor puts
 * each under its field), plus `blocks` when the page has no block and `title`/`slug` as a save would.
 * Empty: it may be published.
 */
export function publishProblems(page: LandingPageInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (page.blocks.length === 0) problems.blocks = "Add at least one block before publishing.";
  page.blocks.forEach((block, index) => {
    const required = (REQUIRED[block.type] as (b: LandingBlock) => [string, string, string | number][])(block);
    for (const [path, label, value] of required) {
      if (value === "" || value === 0) {
        const message = label.startsWith("At least") ? `${label} ${label.endsWith("s") ? "are" : "is"} needed.` : `${label} is required.`;
        problems[blockFieldKey(index, path)] ??= blockMessage(index, block, message);
      }
    }
  });
  return problems;
}

/**
 * The first message per field of a failed parse of a page, with block fields keyed by their whole path
 * (`blocks.2.primary.href`) and their messages naming the block, so the editor and an API client see which
 * block and which field. Other fields are keyed by name, as every form's are (shared/field-errors.ts).
 */
export function landingPageFieldErrors(input: unknown, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  const blocks = (input as { blocks?: unknown } | null)?.blocks;
  for (const issue of issues) {
    const [first, index, ...rest] = issue.path;
    if (first === "blocks" && typeof index === "number" && rest.length > 0) {
      const type = (Array.isArray(blocks) ? (blocks[index] as { type?: unknown } | undefined)?.type : undefined) as BlockType | undefined;
      const label = type && type in blockLabels ? blockLabels[type] : "Unknown";
      errors[blockFieldKey(index, rest.map(String).join("."))] ??= `Block ${index + 1} (${label}): ${issue.message}`;
    } else {
      errors[issue.path.length > 0 ? issue.path.map(String).join(".") : "body"] ??= issue.message;
    }
  }
  return errors;
}

export const LANDING_STATUSES = ["draft", "scheduled", "published"] as const;
export type LandingPageStatus = (typeof LANDING_STATUSES)[number];

/** A landing page as the CMS and the API answer it. */
export interface LandingPage extends LandingPageInput {
  id: number;
  status: LandingPageStatus;
  /** When it went live (ISO), or null. */
  publishedAt: string | null;
  /** When it is due to go live (ISO), or null. */
  scheduledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Optimistic concurrency: a save names the version it edited (docs/decisions/041). */
  version: number;
  updatedBy: string | null;
}

/** A row of the CMS list of landing pages. */
export type LandingPageSummary = Pick<
  LandingPage,
  "id" | "title" | "slug" | "status" | "noindex" | "publishedAt" | "scheduledAt" | "updatedAt" | "updatedBy"
>;

/** What the public page needs: the published page only. */
export type PublicLandingPage = Pick<
  LandingPage,
  "id" | "title" | "slug" | "blocks" | "metaTitle" | "metaDescription" | "ogImage" | "noindex" | "publishedAt" | "updatedAt"
>;

/** A landing page's review link (docs/decisions/065-review-links.md): `/preview/page/{token}`. */
export const landingReviewPath = (token: string) => `/preview/page/${token}`;

export const LANDING_SLUG_TAKEN = "Another landing page uses this slug.";
export const LANDING_EDIT_CONFLICT =
  "This landing page was changed by someone else after you opened it. Reload it to see their changes, then save again.";
export const LANDING_VERSION_INVALID = "Version must be the page's version number from your last load or save.";
export const SCHEDULE_AT_INVALID = "Choose a date and time to publish at, such as 2030-01-31T09:00:00Z.";
export const SCHEDULE_AT_PAST = "Choose a time in the future to schedule the page; publish it to put it live now.";
export const LANDING_SCHEDULE_MAX_YEARS = 5;
export const SCHEDULE_AT_TOO_LATE = `A page can be scheduled at most ${LANDING_SCHEDULE_MAX_YEARS} years ahead.`;

/** `POST /api/cms/landing-pages/{id}/schedule`: when it goes live, normalised to UTC; the service checks it is to come. */
export const landingScheduleSchema = z.object(
  {
    at: z.iso
      .datetime({ offset: true, error: SCHEDULE_AT_INVALID })
      .transform((value) => new Date(value).toISOString()),
  },
  { error: SCHEDULE_AT_INVALID },
);

/** A revision in a landing page's history (newest first). */
export interface LandingPageRevision {
  id: number;
  createdAt: string;
  /** Who saved it; null for the scheduler or a deleted account. */
  author: string | null;
  title: string;
  reason: "save" | "publish";
}

/**
 * The CMS page editor's preview (docs/decisions/038): the editor POSTs its page, unsaved changes included, as
 * JSON in one form field to this route, into an iframe at a phone's and a desktop's width.
 */
export const PAGE_PREVIEW_PATH = "/cms/page-preview";
export const PAGE_PREVIEW_FIELD = "page";
/**
 * Beside the page, where it stands, so the preview's banner tells the truth (docs/decisions/039, "The editor's layout"):
 * its status ("draft", "scheduled", "published"; a page not created yet is a draft) and whether the editor has unsaved
 * changes ("1" or "0").
 */
export const PAGE_PREVIEW_STATUS_FIELD = "status";
export const PAGE_PREVIEW_UNSAVED_FIELD = "unsaved";
/** 30 blocks, each rich text block up to 20,000 characters of up to 3 bytes, written as JSON, and the rest. */
export const PAGE_PREVIEW_MAX_BYTES = 4 * 1024 * 1024;
