import type { Request } from "express";
import { isRefusal } from "../../../shared/refusal.ts";
import { loginSchema, registerSchema, setRoleSchema } from "../../../shared/auth-schemas.ts";
import { profileSchema } from "../../../shared/author-schema.ts";
import {
  SECOND_STEP_MESSAGE,
  confirmPasswordSchema,
  isPendingLogin,
  passkeyLoginOptionsSchema,
  passkeyRegistrationSchema,
  secondFactorPolicySchema,
  secondStepSchema,
  totpConfirmSchema,
} from "../../../shared/second-factor.ts";
import { getRequestUser } from "../guards.ts";
import { sessionDeviceOf } from "../../security/client-place.ts";
import { staff, anyone, anyoneWithSession, operation, reply } from "../operation.ts";
import { idParams } from "../validation.ts";
import * as answers from "../openapi/responses.ts";
import * as secondFactor from "../openapi/second-factor-responses.ts";

/**
 * Identity: accounts and sessions (docs/product.md §7: register, login, logout, user; decisions 030, 031),
 * user management, one's own author profile (docs/decisions/044) and two-step sign-in
 * (docs/decisions/075-second-factor.md).
 */

const error = answers.errorBody;
const SECOND_FACTOR = "Two-step sign-in";

export const identityTags: { name: string; description: string }[] = [
  { name: "Accounts", description: "Registration, sign-in and sign-out with a session cookie (docs/product.md §7, decisions 030 and 031)." },
  { name: "Users", description: "Accounts and the administrator role (decision 031)." },
  { name: "Profile", description: "The signed-in user's own author profile (docs/decisions/044)." },
  {
    name: SECOND_FACTOR,
    description:
      "The second step of a login, and passkeys, an authenticator app and recovery codes on one's profile; staff can require them (docs/decisions/075).",
  },
];

/** Express honours TRUST_PROXY when it computes req.ip; X-Forwarded-For is ignored otherwise. */
const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

const password = { kind: "json", schema: confirmPasswordSchema, required: true } as const;
const wrongPassword = "A field is missing, or the password is not right (`errors.password`).";
const tooManyPasswords = "Too many wrong passwords for this account: wait for Retry-After.";
/** One's own factors: still open to an administrator who must set one up first (docs/decisions/075). */
const ownFactors = staff("cms", undefined, { beforeEnrolment: true });
const userParams = idParams("User");

export const identityOperations = [
  // Accounts
  operation({
    method: "post",
    path: "/api/register",
    operationId: "register",
    tag: "Accounts",
    summary: "Create an account",
    description: "Makes an ordinary user (never an administrator) and signs them in with a session cookie.",
    access: anyone,
    body: { kind: "json", schema: registerSchema, required: true },
    answers: {
      201: { description: "Registered and signed in.", body: answers.user, headers: ["Set-Cookie"] },
      400: { description: "A field is missing or breaks its rule.", body: error },
      403: { description: "Registration is closed: only invitations make accounts (docs/decisions/028).", body: error },
      409: { description: "The username is taken.", body: error },
      429: { description: "Too many registrations from this address.", body: error, headers: ["Retry-After"] },
    },
    async handle({ body }, { services: { auth }, req }) {
      const result = await auth.register(body, { ip: clientIp(req), device: sessionDeviceOf(req) });
      if (isRefusal(result)) return result;
      return reply(result.user, { headers: { "Set-Cookie": auth.cookie.serialize(result.token) } });
    },
  }),
  operation({
    method: "post",
    path: "/api/login",
    operationId: "login",
    tag: "Accounts",
    summary: "Sign in",
    access: anyone,
    body: { kind: "json", schema: loginSchema, required: true },
    refusalBody: { success: false, user: null },
    answers: {
      200: {
        description:
          "Signed in: the session cookie is set. Or, for an account with a second factor, no session yet: `secondFactor` holds the ticket for POST /api/login/second-factor (docs/decisions/075).",
        body: [answers.loginSuccess, secondFactor.loginNeedsSecondFactor],
        headers: ["Set-Cookie"],
      },
      400: { description: "A field is missing or too long.", body: error },
      401: { description: "Wrong username or password.", body: answers.loginRefusal },
      429: { description: "Too many attempts for this account or address.", body: answers.loginRefusal, headers: ["Retry-After"] },
    },
    async handle({ body }, { services: { auth }, req }) {
      const result = await auth.login(body, { ip: clientIp(req), previousToken: auth.cookie.read(req.headers.cookie), device: sessionDeviceOf(req) });
      if (isRefusal(result)) return result;
      // The right password for an account with a second factor: no session yet (docs/decisions/075).
      if (isPendingLogin(result)) return { success: false, message: SECOND_STEP_MESSAGE, user: null, secondFactor: result.secondFactor };
      return reply(
        { success: true, message: "Login successful", user: result.user },
        { headers: { "Set-Cookie": auth.cookie.serialize(result.token) } },
      );
    },
  }),
  operation({
    method: "post",
    path: "/api/logout",
    operationId: "logout",
    tag: "Accounts",
    summary: "Sign out",
    description: "Ends the session, if there is one, and clears the cookie.",
    access: anyoneWithSession,
    answers: { 200: { description: "Signed out.", body: answers.done, headers: ["Set-Cookie"] } },
    async handle(_input, { services: { auth }, req }) {
      await auth.logout(auth.cookie.read(req.headers.cookie));
      return reply({ success: true, message: "You have been logged out successfully." }, { headers: { "Set-Cookie": auth.cookie.clear() } });
    },
  }),
  operation({
    method: "get",
    path: "/api/user",
    operationId: "getCurrentUser",
    tag: "Accounts",
    summary: "Who is signed in",
    access: anyoneWithSession,
    answers: {
      200: { description: "The signed-in user.", body: answers.currentUser },
      401: { description: "Nobody is signed in: `{ authenticated: false, user: null }`.", body: answers.currentUser },
    },
    async handle(_input, { req }) {
      // docs/product.md §6: the client reads a 401 as "not logged in".
      const user = await getRequestUser(req);
      return reply({ authenticated: Boolean(user), user }, { status: user ? 200 : 401 });
    },
  }),

  // Users
  operation({
    method: "get",
    path: "/api/cms/users",
    operationId: "listUsers",
    tag: "Users",
    summary: "List users",
    access: staff("administration"),
    answers: { 200: { description: "Every account, oldest first.", body: answers.user.array() } },
    handle: (_input, { services }) => services.auth.listUsers(),
  }),
  operation({
    method: "patch",
    path: "/api/cms/users/{id}",
    operationId: "setUserRole",
    tag: "Users",
    summary: "Set a user's role",
    description:
      "`role`: contributor, author, editor, sales, administrator, or null for no CMS access (docs/decisions/027). `isAdmin` (true: administrator, false: no role) is still read. Takes effect on the user's next request, in every session.",
    access: staff("administration"),
    params: userParams,
    body: { kind: "json", schema: setRoleSchema, required: true },
    answers: {
      200: { description: "The user with the new role.", body: answers.user },
      400: { description: "Neither a valid `role` nor `isAdmin`, or the id is not a positive whole number.", body: error },
      404: { description: "No such user.", body: error },
      409: { description: "Your own role, or the last administrator.", body: error },
    },
    handle: ({ params, body }, { services, user }) => services.auth.setRole(user!, params.id, body.role),
  }),
  operation({
    method: "delete",
    path: "/api/cms/users/{id}",
    operationId: "deleteUser",
    tag: "Users",
    summary: "Delete a user",
    access: staff("administration"),
    params: userParams,
    answers: {
      200: { description: "Deleted; their posts keep their content and show the organization as author.", body: answers.done },
      404: { description: "No such user.", body: error },
      409: { description: "Your own account, or the last administrator.", body: error },
    },
    async handle({ params }, { services, user }) {
      const result = await services.auth.deleteUser(user!, params.id);
      return isRefusal(result) ? result : { success: true, message: "User deleted" };
    },
  }),

  // Profile
  operation({
    method: "get",
    path: "/api/cms/profile",
    operationId: "getProfile",
    tag: "Profile",
    summary: "Get your author profile",
    access: staff("cms"),
    answers: {
      200: { description: "Your profile.", body: answers.ownProfile },
      404: { description: "Your account was deleted while this request was on its way.", body: error },
    },
    handle: (_input, { services, user }) => services.authors.ownProfile(user!.id),
  }),
  operation({
    method: "put",
    path: "/api/cms/profile",
    operationId: "updateProfile",
    tag: "Profile",
    summary: "Update your author profile",
    description: "Nobody edits anyone else's; bad input writes nothing.",
    access: staff("cms"),
    body: { kind: "json", schema: profileSchema, required: true },
    answers: {
      200: { description: "Your profile as saved.", body: answers.ownProfile },
      400: { description: "A field breaks its rule, or the avatar is not an uploaded image.", body: error },
    },
    handle: ({ body }, { services, user }) => services.authors.updateProfile(user!.id, body),
  }),

  // Two-step sign-in
  operation({
    method: "post",
    path: "/api/login/second-factor",
    operationId: "loginSecondStep",
    tag: SECOND_FACTOR,
    summary: "Finish signing in with a second factor",
    description:
      "After POST /api/login answered `secondFactor`: its `ticket` with a 6-digit `code` (`method: totp`), a recovery `code` (`method: recovery`) or a passkey assertion (`method: passkey`, after passkey-options). Wrong codes count toward the login limits.",
    access: anyone,
    body: { kind: "json", schema: secondStepSchema, required: true },
    refusalBody: { success: false, user: null },
    answers: {
      200: { description: "Signed in: the session cookie is set; the ticket is used up.", body: answers.loginSuccess, headers: ["Set-Cookie"] },
      400: { description: "A field is missing or malformed.", body: error },
      401: { description: "A wrong code or passkey, or a ticket that is unknown, used or expired.", body: answers.loginRefusal },
      429: { description: "Too many attempts for this account or address.", body: answers.loginRefusal, headers: ["Retry-After"] },
    },
    async handle({ body }, { services: { auth }, req }) {
      const result = await auth.loginSecondStep(body, { ip: clientIp(req), previousToken: auth.cookie.read(req.headers.cookie), device: sessionDeviceOf(req) });
      if (isRefusal(result)) return result;
      return reply(
        { success: true, message: "Login successful", user: result.user },
        { headers: { "Set-Cookie": auth.cookie.serialize(result.token) } },
      );
    },
  }),
  operation({
    method: "post",
    path: "/api/login/second-factor/passkey-options",
    operationId: "passkeyLoginOptions",
    tag: SECOND_FACTOR,
    summary: "Ask for a passkey challenge for the second step",
    access: anyone,
    body: { kind: "json", schema: passkeyLoginOptionsSchema, required: true },
    answers: {
      200: { description: "Options for navigator.credentials.get(), bound to the ticket.", body: secondFactor.passkeyOptions },
      400: { description: "The ticket is missing or malformed.", body: error },
      401: { description: "The ticket is unknown, used or expired.", body: error },
      404: { description: "The account has no passkey.", body: error },
    },
    handle: ({ body }, { services }) => services.secondFactor.passkeyLoginOptions(body.ticket),
  }),
  operation({
    method: "get",
    path: "/api/cms/profile/second-factor",
    operationId: "getSecondFactors",
    tag: SECOND_FACTOR,
    summary: "Your second factors",
    access: ownFactors,
    answers: { 200: { description: "Your passkeys, authenticator app and how many recovery codes remain; never a secret.", body: secondFactor.secondFactorStatus } },
    handle: (_input, { services, user }) => services.secondFactor.status(user!.id),
  }),
  operation({
    method: "post",
    path: "/api/cms/profile/second-factor/totp",
    operationId: "beginTotp",
    tag: SECOND_FACTOR,
    summary: "Start setting up an authenticator app",
    description: "A new key, shown this once; it works after POST …/totp/confirm with its first code.",
    access: ownFactors,
    answers: {
      201: { description: "The key, its otpauth:// URI and a QR code of it.", body: secondFactor.totpSetup },
      409: { description: "An authenticator app is already set up.", body: error },
    },
    handle: (_input, { services, user }) => services.secondFactor.beginTotp(user!),
  }),
  operation({
    method: "post",
    path: "/api/cms/profile/second-factor/totp/confirm",
    operationId: "confirmTotp",
    tag: SECOND_FACTOR,
    summary: "Confirm the authenticator app with its first code",
    access: ownFactors,
    body: { kind: "json", schema: totpConfirmSchema, required: true },
    answers: {
      200: { description: "Set up; recovery codes when it is your first factor.", body: secondFactor.totpConfirmed },
      400: { description: "A wrong or malformed code (`errors.code`), or " + wrongPassword, body: error },
      409: { description: "No set-up was started.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
    handle: ({ body }, { services, user }) => services.secondFactor.confirmTotp(user!, body),
  }),
  operation({
    method: "delete",
    path: "/api/cms/profile/second-factor/totp",
    operationId: "disableTotp",
    tag: SECOND_FACTOR,
    summary: "Turn off the authenticator app",
    access: ownFactors,
    body: password,
    answers: {
      200: { description: "Removed.", body: answers.done },
      400: { description: wrongPassword, body: error },
      404: { description: "No authenticator app is set up.", body: error },
      409: { description: "It is your last factor and a second factor is required.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
    async handle({ body }, { services, user }) {
      const result = await services.secondFactor.disableTotp(user!, body.password);
      return isRefusal(result) ? result : { success: true, message: "The authenticator app has been removed." };
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/profile/second-factor/passkeys/options",
    operationId: "passkeyRegistrationOptions",
    tag: SECOND_FACTOR,
    summary: "Start adding a passkey",
    access: ownFactors,
    body: password,
    answers: {
      200: { description: "Options for navigator.credentials.create(); the challenge lasts 5 minutes.", body: secondFactor.passkeyOptions },
      400: { description: wrongPassword, body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
    handle: ({ body }, { services, user }) => services.secondFactor.passkeyRegistrationOptions(user!, body.password),
  }),
  operation({
    method: "post",
    path: "/api/cms/profile/second-factor/passkeys",
    operationId: "registerPasskey",
    tag: SECOND_FACTOR,
    summary: "Add a passkey",
    description: "The `name` you give it and the authenticator's `response` to the options of …/passkeys/options.",
    access: ownFactors,
    body: { kind: "json", schema: passkeyRegistrationSchema, required: true },
    answers: {
      201: { description: "Added; recovery codes when it is your first factor.", body: secondFactor.passkeyRegistered },
      400: { description: "A missing name, or a response that does not verify.", body: error },
      409: { description: "No passkey was asked for in the last 5 minutes, or this passkey is registered already.", body: error },
    },
    handle: ({ body }, { services, user }) => services.secondFactor.registerPasskey(user!, body),
  }),
  operation({
    method: "delete",
    path: "/api/cms/profile/second-factor/passkeys/{id}",
    operationId: "removePasskey",
    tag: SECOND_FACTOR,
    summary: "Remove a passkey",
    access: ownFactors,
    params: idParams("Passkey"),
    body: password,
    answers: {
      200: { description: "Removed.", body: answers.done },
      400: { description: "An id that is not a positive whole number, or " + wrongPassword, body: error },
      404: { description: "You have no passkey with this id.", body: error },
      409: { description: "It is your last factor and a second factor is required.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
    async handle({ params, body }, { services, user }) {
      const result = await services.secondFactor.removePasskey(user!, params.id, body.password);
      return isRefusal(result) ? result : { success: true, message: "The passkey has been removed." };
    },
  }),
  operation({
    method: "post",
    path: "/api/cms/profile/second-factor/recovery-codes",
    operationId: "regenerateRecoveryCodes",
    tag: SECOND_FACTOR,
    summary: "Make new recovery codes",
    description: "Ten new single-use codes; the earlier ones stop working.",
    access: ownFactors,
    body: password,
    answers: {
      201: { description: "The new codes, shown this once.", body: secondFactor.recoveryCodes },
      400: { description: wrongPassword, body: error },
      409: { description: "You have no passkey or authenticator app yet.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
    handle: ({ body }, { services, user }) => services.secondFactor.regenerateRecoveryCodes(user!, body.password),
  }),
  operation({
    method: "get",
    path: "/api/cms/security/second-factor",
    operationId: "getSecondFactorPolicy",
    tag: SECOND_FACTOR,
    summary: "Whether a second factor is required, and who has one",
    access: staff("administration"),
    answers: { 200: { description: "The requirement and every account's state.", body: secondFactor.secondFactorPolicy } },
    handle: (_input, { services }) => services.secondFactor.policy(),
  }),
  operation({
    method: "put",
    path: "/api/cms/security/second-factor",
    operationId: "setSecondFactorPolicy",
    tag: SECOND_FACTOR,
    summary: "Require a second factor for every CMS account, or not",
    description: "While required, an administrator without one can only set one up: other CMS calls answer 403.",
    access: staff("administration"),
    body: { kind: "json", schema: secondFactorPolicySchema, required: true },
    answers: {
      200: { description: "The requirement as saved.", body: secondFactor.secondFactorPolicy },
      400: { description: "`requireSecondFactor` is missing or not true or false.", body: error },
      409: { description: "You have no second factor yourself.", body: error },
    },
    handle: ({ body }, { services, user }) => services.secondFactor.setPolicy(user!, body.requireSecondFactor),
  }),
  operation({
    method: "delete",
    path: "/api/cms/users/{id}/second-factor",
    operationId: "resetSecondFactors",
    tag: SECOND_FACTOR,
    summary: "Reset a user's second factors",
    description: "For a user who lost their device: removes their passkeys, authenticator app and recovery codes, and ends their sessions.",
    access: staff("administration"),
    params: userParams,
    answers: {
      200: { description: "Reset.", body: answers.done },
      404: { description: "No such user.", body: error },
      409: { description: "Your own account: change it on your profile.", body: error },
    },
    async handle({ params }, { services, user }) {
      const result = await services.secondFactor.resetFor(user!, params.id);
      return isRefusal(result) ? result : { success: true, message: "Two-step sign-in has been reset; their sessions have ended." };
    },
  }),
];
