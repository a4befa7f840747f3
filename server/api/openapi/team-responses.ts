import { z } from "../../../shared/zod.ts";
import { ROLES } from "../../../shared/roles.ts";
import type { CreatedInvitation, Invitation, SentLink, SiteSettings } from "../../../shared/team.ts";
import { siteDetailLabels, type SiteDetails } from "../../../shared/site-details.ts";

/**
 * What the team's calls answer (docs/decisions/028-invitations-passwords-and-registration.md), as
 * zod schemas for /api/openapi.json (docs/decisions/074); registered by name in ./responses.ts and
 * checked against the shared types below.
 */

const iso = () => z.string().meta({ format: "date-time" });

export const invitation = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable().describe("The inviting administrator's username; null once that account is deleted."),
  createdAt: iso(),
  expiresAt: iso(),
  status: z.enum(["pending", "expired"]),
});

const sentLinkFields = {
  link: z.string().describe("The single-use link, shown this once: only its SHA-256 is kept."),
  expiresAt: iso(),
  emailed: z.boolean().describe("Whether it was e-mailed (SMTP configured, an address known, the server took it)."),
};
export const sentLink = z.object(sentLinkFields);
export const createdInvitation = z.object({ ...sentLinkFields, invitation });
export const siteSettings = z.object({ registrationOpen: z.boolean().describe("Whether POST /api/register makes accounts.") });

/** The site's details (docs/decisions/054): each field described by its label on /cms/settings. */
export const siteDetails = z.object(
  Object.fromEntries(Object.entries(siteDetailLabels).map(([key, label]) => [key, z.string().describe(label)])) as Record<keyof SiteDetails, z.ZodString>,
);

export const teamResponseNames: [z.ZodType, string][] = [
  [invitation, "Invitation"],
  [createdInvitation, "CreatedInvitation"],
  [sentLink, "PasswordResetLink"],
  [siteSettings, "SiteSettings"],
  [siteDetails, "SiteDetails"],
];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checked: Record<string, true> = {
  invitation: true as Same<z.output<typeof invitation>, Invitation>,
  createdInvitation: true as Same<z.output<typeof createdInvitation>, CreatedInvitation>,
  sentLink: true as Same<z.output<typeof sentLink>, SentLink>,
  siteSettings: true as Same<z.output<typeof siteSettings>, SiteSettings>,
  siteDetails: true as Same<z.output<typeof siteDetails>, SiteDetails>,
};
void checked;
