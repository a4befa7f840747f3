import { redirect } from "react-router";
import type { Services } from "../../server/services.ts";
import type { SessionUser } from "../../shared/auth-schemas.ts";
import { parseId } from "../../shared/ids.ts";
import { isRefusal, refuse, validate } from "../../shared/refusal.ts";
import { isRole, roleLabels } from "../../shared/roles.ts";
import { INVITATION_DAYS, RESET_LINK_MINUTES, invitationInputSchema } from "../../shared/team.ts";
import { field } from "./cms-form.server.ts";
import { refusalData } from "./refusal.server.ts";

/** A link made by the users page, shown once (docs/decisions/028). */
export interface SentLinkResult {
  kind: "invitation" | "reset";
  link: string;
  emailed: boolean;
  /** Who it is for: the invited address, or the account's username. */
  to: string;
}

const TEAM_INTENTS = ["invite", "revoke-invitation", "role", "disable", "enable", "reset-link"] as const;
type TeamIntent = (typeof TEAM_INTENTS)[number];
const isTeamIntent = (value: string): value is TeamIntent => (TEAM_INTENTS as readonly string[]).includes(value);

const emailedText = (emailed: boolean, to: string) =>
  emailed ? `It was e-mailed to ${to}; you can also copy it below.` : "It was not e-mailed: copy it below and send it yourself.";

/**
 * The users page's team actions (docs/decisions/028): invite, revoke an invitation, set a role,
 * disable or enable, issue a reset link. Undefined for another intent (the page's own). The same
 * services as the JSON API decide; without JavaScript a change redirects back, a new link is answered
 * as data, since it cannot be shown again.
 */
export async function teamAction(actor: SessionUser, form: FormData, enhanced: boolean, services: Services) {
  const intent = field(form, "intent");
  if (!isTeamIntent(intent)) return undefined;
  if (intent === "invite") {
    const values = { email: field(form, "email"), role: field(form, "role") };
    const input = validate(invitationInputSchema, values);
    const created = isRefusal(input) ? input : await services.invitations.create(actor, input);
    if (isRefusal(created)) return refusalData(created, { form: "invite" as const, values });
    const sent: SentLinkResult = { kind: "invitation", link: created.link, emailed: created.emailed, to: created.invitation.email };
    const message = `${created.invitation.email} is invited as ${roleLabels[created.invitation.role]}; the link works once, for ${INVITATION_DAYS} days. ${emailedText(created.emailed, created.invitation.email)}`;
    return { ok: true as const, form: "invite" as const, message, sent };
  }
  const id = parseId(field(form, "id") || field(form, "userId"));
  if (id === null) return refusalData(refuse("invalid", "Unknown user action"));
  if (intent === "revoke-invitation") {
    const revoked = await services.invitations.revoke(actor, id);
    if (isRefusal(revoked)) return refusalData(revoked);
    return done(enhanced, "The invitation has been revoked: its link no longer works.");
  }
  if (intent === "reset-link") {
    const issued = await services.passwords.issueResetLink(actor, id);
    if (isRefusal(issued)) return refusalData(issued);
    const member = (await services.auth.listUsers()).find((candidate) => candidate.id === id);
    const to = member?.username ?? "the user";
    const sent: SentLinkResult = { kind: "reset", link: issued.link, emailed: issued.emailed, to };
    return { ok: true as const, message: `A reset link for ${to} works once, for ${RESET_LINK_MINUTES} minutes. ${emailedText(issued.emailed, to)}`, sent };
  }
  if (intent === "role") {
    const role = field(form, "role");
    if (role !== "" && !isRole(role)) return refusalData(refuse("invalid", "Choose a role", { fields: { role: "Choose a role" } }));
    const changed = await services.auth.setRole(actor, id, role === "" ? null : role);
    if (isRefusal(changed)) return refusalData(changed);
    return done(enhanced, `${changed.username} is now ${changed.role ? roleLabels[changed.role] : "without CMS access"}.`);
  }
  const disabled = intent === "disable";
  const changed = await services.auth.setDisabled(actor, id, disabled);
  if (isRefusal(changed)) return refusalData(changed);
  return done(enhanced, disabled ? `${changed.username} is disabled: their sessions have ended.` : `${changed.username} can sign in again.`);
}

function done(enhanced: boolean, message: string) {
  if (!enhanced) throw redirect("/cms/users");
  return { ok: true as const, message };
}
