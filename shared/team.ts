import { text, z } from "./zod.ts";
import { ROLES, type Role } from "./roles.ts";
import { PASSWORD_MAX, newPasswordSchema, registerSchema } from "./auth-schemas.ts";

/**
 * Invitations, password links, one's own password and the registration setting
 * (docs/decisions/028-invitations-passwords-and-registration.md): the schemas the CMS forms and the
 * JSON API share, their messages and limits. Browser-safe.
 */

/** An invitation link works this long, once. */
export const INVITATION_DAYS = 7;
/** A password reset link works this long, once. */
export const RESET_LINK_MINUTES = 60;

export const REGISTRATION_CLOSED = "Registration is closed. Ask an administrator for an invitation.";

export const INVITATION_UNKNOWN = "This invitation link is not valid. Check that you copied all of it, or ask an administrator for a new one.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask an administrator for a new one.";
export const INVITATION_USED = "This invitation has already been used. Sign in with the account it created.";
export const INVITATION_REVOKED = "This invitation was revoked. Ask an administrator for a new one.";
export const INVITATION_NOT_FOUND = "No pending invitation with this id";
export const INVITATION_MEMBER_EXISTS = "An account with this e-mail address exists already";

export const RESET_UNKNOWN = "This password reset link is not valid. Check that you copied all of it, or ask an administrator for a new one.";
export const RESET_EXPIRED = "This password reset link has expired. Ask an administrator for a new one.";
export const RESET_USED = "This password reset link has already been used. Ask an administrator for a new one if you need it.";

export const WRONG_CURRENT_PASSWORD = "Current password is not right";

const EMAIL_INVALID = "Enter an e-mail address like name@example.com";
export const ROLE_REQUIRED = `Choose a role: ${ROLES.join(", ")}`;

export const emailSchema = text("Email", { error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .min(1, "E-mail address is required")
  .max(254, EMAIL_INVALID)
  .pipe(z.email(EMAIL_INVALID));

/** POST /api/cms/invitations and the users page's invite form. */
export const invitationInputSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { error: ROLE_REQUIRED }),
});

/** The link's token as sent back: 32 random bytes in lower-case hex (addresses are lower case: docs/decisions/014). */
const tokenSchema = text("Token", { error: "The link's token is required" }).regex(/^[0-9a-f]{64}$/, "The link's token is malformed");

/** POST /api/invitations/accept: the token with the account's username and password (the rules of registration). */
export const acceptInvitationSchema = registerSchema.extend({ token: tokenSchema });

/** POST /api/password-reset: the token and the new password (the rules of registration). */
export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });

/** PUT /api/cms/profile/password. */
export const changePasswordSchema = z.object({
  currentPassword: text("Current password", { error: "Current password is required" })
    .min(1, "Current password is required")
    .max(PASSWORD_MAX, WRONG_CURRENT_PASSWORD),
  newPassword: newPasswordSchema,
});

const confirmation = text("Confirm password", { error: "Confirm password is required" }).min(1, "Confirm password is required");
const MISMATCH = "Passwords do not match";

/** The pages add the confirmation, as the Register tab does (docs/product.md §5: 'Passwords do not match'). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmation })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], message: MISMATCH });

export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: confirmation })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: MISMATCH });

/** PUT /api/cms/users/{id}/status. */
export const userStatusSchema = z.object({ disabled: z.boolean({ error: "disabled must be true or false" }) });

/** PUT /api/cms/settings. */
export const siteSettingsSchema = z.object({ registrationOpen: z.boolean({ error: "registrationOpen must be true or false" }) });

export type InvitationInput = z.output<typeof invitationInputSchema>;
export type AcceptInvitationInput = z.output<typeof acceptInvitationSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export type InvitationStatus = "pending" | "expired";

/** A pending invitation as the users page and GET /api/cms/invitations show it: never its token. */
export interface Invitation {
  id: number;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  status: InvitationStatus;
}

/** A link made once: shown to copy, e-mailed when SMTP is configured. */
export interface SentLink {
  link: string;
  expiresAt: string;
  /** Whether it was e-mailed (SMTP configured, an address known, the server took it). */
  emailed: boolean;
}

export type CreatedInvitation = SentLink & { invitation: Invitation };

export type MemberStatus = "active" | "disabled";

/** An account as the users page lists it. */
export interface TeamMember {
  id: number;
  username: string;
  role: Role | null;
  email: string | null;
  status: MemberStatus;
  lastSignInAt: string | null;
  createdAt: string;
}

export interface SiteSettings {
  registrationOpen: boolean;
}
