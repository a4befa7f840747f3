import { isRefusal } from "../../../shared/refusal.ts";
import {
  acceptInvitationSchema,
  changePasswordSchema,
  invitationInputSchema,
  resetPasswordSchema,
  userStatusSchema,
} from "../../../shared/team.ts";
import { anyone, operation, reply, staff } from "../operation.ts";
import { idParams } from "../validation.ts";
import * as answers from "../openapi/responses.ts";
import * as team from "../openapi/team-responses.ts";

/**
 * The team (docs/decisions/028-invitations-passwords-and-registration.md): invitations and their
 * acceptance, disabling accounts, password changes and reset links. Who may
 * call each: docs/decisions/027-staff-roles.md (`administration`; one's own password: `cms`; the
 * links themselves: anyone who has one).
 */

const error = answers.errorBody;
const INVITATIONS = "Invitations";
const PASSWORDS = "Passwords";

export const teamTags: { name: string; description: string }[] = [
  { name: INVITATIONS, description: "Single-use links that make an account with a role (docs/decisions/028)." },
  { name: PASSWORDS, description: "Changing one's own password, and reset links an administrator issues (docs/decisions/028)." },
];

const unusableLink = (what: string) => `The ${what} link is unknown, expired, already used${what === "invitation" ? " or revoked" : ""}: \`message\` says which.`;

export const teamOperations = [
  operation({
    method: "get",
    path: "/api/cms/invitations",
    operationId: "listInvitations",
    tag: INVITATIONS,
    summary: "List pending invitations",
    access: staff("administration"),
    answers: { 200: { description: "Invitations neither accepted nor revoked, newest first; expired ones marked so.", body: team.invitation.array() } },
    handle: (_input, { services }) => services.invitations.listPending(),
  }),
  operation({
    method: "post",
    path: "/api/cms/invitations",
    operationId: "createInvitation",
    tag: INVITATIONS,
    summary: "Invite someone by e-mail address, with a role",
    description:
      "The link works once, for 7 days; it is answered this once and e-mailed when SMTP is configured. A pending invitation to the same address is revoked.",
    access: staff("administration"),
    body: { kind: "json", schema: invitationInputSchema, required: true },
    answers: {
      201: { description: "The invitation and its link.", body: team.createdInvitation },
      400: { description: "`email` or `role` is missing or malformed.", body: error },
      409: { description: "An account with this e-mail address exists.", body: error },
    },
    async handle({ body }, { services, user }) {
      const created = await services.invitations.create(user!, body);
      return isRefusal(created) ? created : reply(created, { status: 201 });
    },
  }),
  operation({
    method: "delete",
    path: "/api/cms/invitations/{id}",
    operationId: "revokeInvitation",
    tag: INVITATIONS,
    summary: "Revoke a pending invitation",
    access: staff("administration"),
    params: idParams("Invitation"),
    answers: {
      200: { description: "Revoked: its link no longer works.", body: answers.done },
      400: { description: "The id is not a positive whole number.", body: error },
      404: { description: "No pending invitation with this id (accepted, revoked, or none).", body: error },
    },
    async handle({ params }, { services, user }) {
      const revoked = await services.invitations.revoke(user!, params.id);
      return isRefusal(revoked) ? revoked : { success: true, message: "The invitation has been revoked." };
    },
  }),
  operation({
    method: "post",
    path: "/api/invitations/accept",
    operationId: "acceptInvitation",
    tag: INVITATIONS,
    summary: "Accept an invitation",
    description:
      "The link's `token` with a `username` and `password` (the rules of registration). Makes the account with the invited role and address and signs it in; nothing is made when anything is refused.",
    access: anyone,
    body: { kind: "json", schema: acceptInvitationSchema, required: true },
    answers: {
      201: { description: "The account, signed in: the session cookie is set; the invitation is used up.", body: answers.user, headers: ["Set-Cookie"] },
      400: { description: "A field is missing or breaks its rule.", body: error },
      404: { description: unusableLink("invitation"), body: error },
      409: { description: "The username is taken.", body: error },
    },
    async handle({ body }, { services: { invitations, auth }, req }) {
      const result = await invitations.accept(body, { userAgent: req.get("user-agent") });
      if (isRefusal(result)) return result;
      return reply(result.user, { status: 201, headers: { "Set-Cookie": auth.cookie.serialize(result.token) } });
    },
  }),
  operation({
    method: "put",
    path: "/api/cms/users/{id}/status",
    operationId: "setUserStatus",
    tag: "Users",
    summary: "Disable or enable an account",
    description:
      "`disabled: true`: the account signs in no more, its sessions end at once and its API tokens are refused until it is enabled again.",
    access: staff("administration"),
    params: idParams("User"),
    body: { kind: "json", schema: userStatusSchema, required: true },
    answers: {
      200: { description: "The user.", body: answers.user },
      400: { description: "`disabled` is not true or false, or the id is not a positive whole number.", body: error },
      404: { description: "No such user.", body: error },
      409: { description: "Your own account, or the last active administrator.", body: error },
    },
    handle: ({ params, body }, { services, user }) => services.auth.setDisabled(user!, params.id, body.disabled),
  }),
  operation({
    method: "post",
    path: "/api/cms/users/{id}/password-reset",
    operationId: "issuePasswordReset",
    tag: PASSWORDS,
    summary: "Issue a password reset link for a user",
    description: "Works once, for 60 minutes; answered this once and e-mailed to the user's address when SMTP is configured. An earlier unused link stops working.",
    access: staff("administration"),
    params: idParams("User"),
    answers: {
      201: { description: "The link.", body: team.sentLink },
      400: { description: "The id is not a positive whole number.", body: error },
      404: { description: "No such user.", body: error },
      409: { description: "Your own account: change your password on your profile.", body: error },
    },
    async handle({ params }, { services, user }) {
      const link = await services.passwords.issueResetLink(user!, params.id);
      return isRefusal(link) ? link : reply(link, { status: 201 });
    },
  }),
  operation({
    method: "post",
    path: "/api/password-reset",
    operationId: "resetPassword",
    tag: PASSWORDS,
    summary: "Set a new password with a reset link",
    description: "The link's `token` and the new `password`. Every session of that account ends; sign in with the new password.",
    access: anyone,
    body: { kind: "json", schema: resetPasswordSchema, required: true },
    answers: {
      200: { description: "The password is set; the link is used up.", body: answers.done },
      400: { description: "A field is missing or breaks its rule.", body: error },
      404: { description: unusableLink("password reset"), body: error },
    },
    async handle({ body }, { services }) {
      const done = await services.passwords.reset(body.token, body.password);
      return isRefusal(done) ? done : { success: true, message: "Your password has been changed. Sign in with it." };
    },
  }),
  operation({
    method: "put",
    path: "/api/cms/profile/password",
    operationId: "changePassword",
    tag: PASSWORDS,
    summary: "Change your password",
    description: "`currentPassword` and `newPassword` (the rules of registration). Every other session of yours ends; this one stays.",
    access: staff("cms"),
    body: { kind: "json", schema: changePasswordSchema, required: true },
    answers: {
      200: { description: "Changed.", body: answers.done },
      400: { description: "A field breaks its rule, or the current password is not right (`errors.currentPassword`).", body: error },
      429: { description: "Too many wrong current passwords for this account: wait for Retry-After.", body: error, headers: ["Retry-After"] },
    },
    async handle({ body }, { services: { passwords, auth }, user, req }) {
      const done = await passwords.changeOwn(user!, body, auth.cookie.read(req.headers.cookie));
      return isRefusal(done) ? done : { success: true, message: "Your password has been changed. Your other sessions have ended." };
    },
  }),
];
