import {
  confirmPasswordSchema,
  passkeyLoginOptionsSchema,
  passkeyRegistrationSchema,
  secondFactorPolicySchema,
  secondStepSchema,
  totpConfirmSchema,
} from "../../../shared/second-factor.ts";
import type { Operation } from "./operations.ts";
import * as answers from "./responses.ts";
import * as secondFactor from "./second-factor-responses.ts";

/** The two-step sign-in calls (docs/decisions/075-second-factor.md), spread into ./operations.ts. */

const error = answers.errorBody;
const password = { schema: confirmPasswordSchema, required: true };
const wrongPassword = "A field is missing, or the password is not right (`errors.password`).";
const tooManyPasswords = "Too many wrong passwords for this account: wait for Retry-After.";

export const secondFactorTag = {
  name: "Two-step sign-in",
  description:
    "The second step of a login, and passkeys, an authenticator app and recovery codes on one's profile; administrators can require them (docs/decisions/075).",
};

export const secondFactorOperations: Operation[] = [
  {
    method: "post",
    path: "/api/login/second-factor",
    operationId: "loginSecondStep",
    tag: secondFactorTag.name,
    summary: "Finish signing in with a second factor",
    description:
      "After POST /api/login answered `secondFactor`: its `ticket` with a 6-digit `code` (`method: totp`), a recovery `code` (`method: recovery`) or a passkey assertion (`method: passkey`, after passkey-options). Wrong codes count toward the login limits.",
    access: "public",
    body: { schema: secondStepSchema, required: true },
    answers: {
      200: { description: "Signed in: the session cookie is set; the ticket is used up.", body: answers.loginSuccess, headers: ["Set-Cookie"] },
      400: { description: "A field is missing or malformed.", body: error },
      401: { description: "A wrong code or passkey, or a ticket that is unknown, used or expired.", body: answers.loginRefusal },
      429: { description: "Too many attempts for this account or address.", body: answers.loginRefusal, headers: ["Retry-After"] },
    },
  },
  {
    method: "post",
    path: "/api/login/second-factor/passkey-options",
    operationId: "passkeyLoginOptions",
    tag: secondFactorTag.name,
    summary: "Ask for a passkey challenge for the second step",
    access: "public",
    body: { schema: passkeyLoginOptionsSchema, required: true },
    answers: {
      200: { description: "Options for navigator.credentials.get(), bound to the ticket.", body: secondFactor.passkeyOptions },
      400: { description: "The ticket is missing or malformed.", body: error },
      401: { description: "The ticket is unknown, used or expired.", body: error },
      404: { description: "The account has no passkey.", body: error },
    },
  },
  {
    method: "get",
    path: "/api/cms/profile/second-factor",
    operationId: "getSecondFactors",
    tag: secondFactorTag.name,
    summary: "Your second factors",
    access: "admin",
    answers: { 200: { description: "Your passkeys, authenticator app and how many recovery codes remain; never a secret.", body: secondFactor.secondFactorStatus } },
  },
  {
    method: "post",
    path: "/api/cms/profile/second-factor/totp",
    operationId: "beginTotp",
    tag: secondFactorTag.name,
    summary: "Start setting up an authenticator app",
    description: "A new key, shown this once; it works after POST …/totp/confirm with its first code.",
    access: "admin",
    answers: {
      201: { description: "The key, its otpauth:// URI and a QR code of it.", body: secondFactor.totpSetup },
      409: { description: "An authenticator app is already set up.", body: error },
    },
  },
  {
    method: "post",
    path: "/api/cms/profile/second-factor/totp/confirm",
    operationId: "confirmTotp",
    tag: secondFactorTag.name,
    summary: "Confirm the authenticator app with its first code",
    access: "admin",
    body: { schema: totpConfirmSchema, required: true },
    answers: {
      200: { description: "Set up; recovery codes when it is your first factor.", body: secondFactor.totpConfirmed },
      400: { description: "A wrong or malformed code (`errors.code`), or " + wrongPassword, body: error },
      409: { description: "No set-up was started.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "delete",
    path: "/api/cms/profile/second-factor/totp",
    operationId: "disableTotp",
    tag: secondFactorTag.name,
    summary: "Turn off the authenticator app",
    access: "admin",
    body: password,
    answers: {
      200: { description: "Removed.", body: answers.done },
      400: { description: wrongPassword, body: error },
      404: { description: "No authenticator app is set up.", body: error },
      409: { description: "It is your last factor and a second factor is required.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "post",
    path: "/api/cms/profile/second-factor/passkeys/options",
    operationId: "passkeyRegistrationOptions",
    tag: secondFactorTag.name,
    summary: "Start adding a passkey",
    access: "admin",
    body: password,
    answers: {
      200: { description: "Options for navigator.credentials.create(); the challenge lasts 5 minutes.", body: secondFactor.passkeyOptions },
      400: { description: wrongPassword, body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "post",
    path: "/api/cms/profile/second-factor/passkeys",
    operationId: "registerPasskey",
    tag: secondFactorTag.name,
    summary: "Add a passkey",
    description: "The `name` you give it and the authenticator's `response` to the options of …/passkeys/options.",
    access: "admin",
    body: { schema: passkeyRegistrationSchema, required: true },
    answers: {
      201: { description: "Added; recovery codes when it is your first factor.", body: secondFactor.passkeyRegistered },
      400: { description: "A missing name, or a response that does not verify.", body: error },
      409: { description: "No passkey was asked for in the last 5 minutes, or this passkey is registered already.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/profile/second-factor/passkeys/{id}",
    operationId: "removePasskey",
    tag: secondFactorTag.name,
    summary: "Remove a passkey",
    access: "admin",
    pathParams: { id: "The passkey's id." },
    body: password,
    answers: {
      200: { description: "Removed.", body: answers.done },
      400: { description: "An id that is not a positive whole number, or " + wrongPassword, body: error },
      404: { description: "You have no passkey with this id.", body: error },
      409: { description: "It is your last factor and a second factor is required.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "post",
    path: "/api/cms/profile/second-factor/recovery-codes",
    operationId: "regenerateRecoveryCodes",
    tag: secondFactorTag.name,
    summary: "Make new recovery codes",
    description: "Ten new single-use codes; the earlier ones stop working.",
    access: "admin",
    body: password,
    answers: {
      201: { description: "The new codes, shown this once.", body: secondFactor.recoveryCodes },
      400: { description: wrongPassword, body: error },
      409: { description: "You have no passkey or authenticator app yet.", body: error },
      429: { description: tooManyPasswords, body: error, headers: ["Retry-After"] },
    },
  },
  {
    method: "get",
    path: "/api/cms/security/second-factor",
    operationId: "getSecondFactorPolicy",
    tag: secondFactorTag.name,
    summary: "Whether a second factor is required, and who has one",
    access: "admin",
    answers: { 200: { description: "The requirement and every account's state.", body: secondFactor.secondFactorPolicy } },
  },
  {
    method: "put",
    path: "/api/cms/security/second-factor",
    operationId: "setSecondFactorPolicy",
    tag: secondFactorTag.name,
    summary: "Require a second factor for every CMS account, or not",
    description: "While required, an administrator without one can only set one up: other CMS calls answer 403.",
    access: "admin",
    body: { schema: secondFactorPolicySchema, required: true },
    answers: {
      200: { description: "The requirement as saved.", body: secondFactor.secondFactorPolicy },
      400: { description: "`requireSecondFactor` is missing or not true or false.", body: error },
      409: { description: "You have no second factor yourself.", body: error },
    },
  },
  {
    method: "delete",
    path: "/api/cms/users/{id}/second-factor",
    operationId: "resetSecondFactors",
    tag: secondFactorTag.name,
    summary: "Reset a user's second factors",
    description: "For a user who lost their device: removes their passkeys, authenticator app and recovery codes, and ends their sessions.",
    access: "admin",
    pathParams: { id: "The user's id." },
    answers: {
      200: { description: "Reset.", body: answers.done },
      400: { description: "An id that is not a positive whole number.", body: error },
      404: { description: "No such user.", body: error },
      409: { description: "Your own account: change it on your profile.", body: error },
    },
  },
];
