import express, { type Request } from "express";
import type { Services } from "../services.ts";
import { isRefusal } from "../../shared/refusal.ts";
import {
  confirmPasswordSchema,
  passkeyLoginOptionsSchema,
  passkeyRegistrationSchema,
  secondFactorPolicySchema,
  secondStepSchema,
  totpConfirmSchema,
} from "../../shared/second-factor.ts";
import { sendRefusal } from "./answer.ts";
import { idParam, parseBody } from "./validation.ts";

/** Express honours TRUST_PROXY when it computes req.ip; X-Forwarded-For is ignored otherwise. */
const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/**
 * Two-step sign-in (docs/decisions/075-second-factor.md):
 * - the second step of a login, public: `POST /api/login/second-factor` and the passkey options for it;
 * - one's own factors, `/api/cms/profile/second-factor/…` (an administrator's session; changes ask
 *   for the password again);
 * - the administrators' requirement and reset, `/api/cms/security/second-factor` and
 *   `DELETE /api/cms/users/{id}/second-factor`.
 * The /cms calls are guarded by the API router (server/api/router.ts, requireAdmin).
 */
export function createSecondFactorApi({ auth, secondFactor }: Services) {
  const router = express.Router();

  router.post("/login/second-factor", async (req, res) => {
    const input = parseBody(secondStepSchema, req.body, res);
    if (!input) return;
    const result = await auth.loginSecondStep(input, { ip: clientIp(req), previousToken: auth.cookie.read(req.headers.cookie) });
    if (isRefusal(result)) return sendRefusal(res, result, { success: false, user: null });
    res.append("Set-Cookie", auth.cookie.serialize(result.token)).json({ success: true, message: "Login successful", user: result.user });
  });

  router.post("/login/second-factor/passkey-options", async (req, res) => {
    const input = parseBody(passkeyLoginOptionsSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.passkeyLoginOptions(input.ticket);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  const own = "/cms/profile/second-factor";
  router.get(own, async (_req, res) => {
    res.json(await secondFactor.status(res.locals.user!.id));
  });

  router.post(`${own}/totp`, async (_req, res) => {
    const result = await secondFactor.beginTotp(res.locals.user!);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(201).json(result);
  });

  router.post(`${own}/totp/confirm`, async (req, res) => {
    const input = parseBody(totpConfirmSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.confirmTotp(res.locals.user!, input);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.delete(`${own}/totp`, async (req, res) => {
    const input = parseBody(confirmPasswordSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.disableTotp(res.locals.user!, input.password);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json({ success: true, message: "The authenticator app has been removed." });
  });

  router.post(`${own}/passkeys/options`, async (req, res) => {
    const input = parseBody(confirmPasswordSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.passkeyRegistrationOptions(res.locals.user!, input.password);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.post(`${own}/passkeys`, async (req, res) => {
    const input = parseBody(passkeyRegistrationSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.registerPasskey(res.locals.user!, input);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(201).json(result);
  });

  router.delete(`${own}/passkeys/:id`, async (req, res) => {
    const id = idParam(req.params.id, res, "Passkey");
    if (id === undefined) return;
    const input = parseBody(confirmPasswordSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.removePasskey(res.locals.user!, id, input.password);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json({ success: true, message: "The passkey has been removed." });
  });

  router.post(`${own}/recovery-codes`, async (req, res) => {
    const input = parseBody(confirmPasswordSchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.regenerateRecoveryCodes(res.locals.user!, input.password);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(201).json(result);
  });

  router.get("/cms/security/second-factor", async (_req, res) => {
    res.json(await secondFactor.policy());
  });

  router.put("/cms/security/second-factor", async (req, res) => {
    const input = parseBody(secondFactorPolicySchema, req.body, res);
    if (!input) return;
    const result = await secondFactor.setPolicy(res.locals.user!, input.requireSecondFactor);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json(result);
  });

  router.delete("/cms/users/:id/second-factor", async (req, res) => {
    const id = idParam(req.params.id, res, "User");
    if (id === undefined) return;
    const result = await secondFactor.resetFor(res.locals.user!, id);
    if (isRefusal(result)) return sendRefusal(res, result);
    res.json({ success: true, message: "Two-step sign-in has been reset; their sessions have ended." });
  });

  return router;
}
