import { z } from "../../../shared/zod.ts";
import {
  LANDING_STATUSES,
  landingPageInputSchema,
  type LandingPage,
  type LandingPageRevision,
  type LandingPageSummary,
} from "../../../shared/landing-pages.ts";

/**
 * What the landing page calls answer (docs/decisions/037-landing-pages.md), as zod schemas for
 * /api/openapi.json (docs/decisions/074): the page's fields are the save schema's own output, so the
 * document shows each block's fields as they are stored. Registered by name in ./responses.ts and
 * checked against the service's types below.
 */

const iso = () => z.string().meta({ format: "date-time" });
const id = () => z.number().int().positive();

export const landingPage = landingPageInputSchema.extend({
  id: id(),
  status: z.enum(LANDING_STATUSES).describe("draft, scheduled (goes live at `scheduledAt`) or published (live at /l/{slug})."),
  publishedAt: iso().nullable().describe("When it went live; null unless published."),
  scheduledAt: iso().nullable().describe("When it goes live; null unless scheduled."),
  createdAt: iso(),
  updatedAt: iso(),
  version: z.number().int().positive().describe("Send it back with a save: a newer one in the database is a 409 (docs/decisions/041)."),
  updatedBy: z.string().nullable().describe("Who saved it last (display name); null for the scheduler's own or a deleted account."),
});

export const landingPageSummary = landingPage.pick({
  id: true,
  title: true,
  slug: true,
  status: true,
  noindex: true,
  publishedAt: true,
  scheduledAt: true,
  updatedAt: true,
  updatedBy: true,
});

export const landingPageConflict = z.object({ message: z.string(), conflict: z.literal(true), current: landingPage });

export const landingPageRevision = z.object({
  id: id(),
  createdAt: iso(),
  author: z.string().nullable().describe("Who saved it; null for the scheduler or a deleted account."),
  title: z.string(),
  reason: z.enum(["save", "publish"]).describe("A save (or a revision restored), or the page going live."),
});

export const landingPageDeleted = z.object({ message: z.literal("Landing page deleted"), id: id() });

export const landingPageResponseNames: [z.ZodType, string][] = [
  [landingPage, "LandingPage"],
  [landingPageSummary, "LandingPageSummary"],
  [landingPageConflict, "LandingPageConflict"],
  [landingPageRevision, "LandingPageRevision"],
  [landingPageDeleted, "LandingPageDeleted"],
];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checked: Record<string, true> = {
  landingPage: true as Same<z.output<typeof landingPage>, LandingPage>,
  landingPageSummary: true as Same<z.output<typeof landingPageSummary>, LandingPageSummary>,
  landingPageRevision: true as Same<z.output<typeof landingPageRevision>, LandingPageRevision>,
};
void checked;
