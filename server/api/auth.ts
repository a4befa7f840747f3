import express, { type Request } from "express";
import type { Services } from "../services.ts";
import { loginSchema, registerSchema } from "../../shared/auth-schemas.ts";
import { isRefusal } from "../../shared/refusal.ts";
import { SECOND_STEP_MESSAGE, isPendingLogin } from "../../shared/second-factor.ts";
import { sendRefusal } from "./answer.ts";
import { getRequestUser } from "./guards.ts";
import { parseBody } from "./validation.ts";

/** Express honours TRUST_PROXY when it computes req.ip; X-Forwarded-For is ignored otherwise. */
const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/** docs/product.md §7: POST /api/register, /api/login, /api/logout and GET /api/user. */
export function createAuthApi({ auth }: Services) {
  const router = express.Router();

  router.post("/register", async (req, res) => {
    const input = parseBody(registerSchema, req.body, res);
    if (!input) return;
    const result = await auth.register(input, { ip: clientIp(req) });
    if (isRefusal(result)) return sendRefusal(res, result);
    res.status(201).append("Set-Cookie", auth.cookie.serialize(result.token)).json(result.user);
  });

  router.post("/login", async (req, res) => {
    const input = parseBody(loginSchema, req.body, res);
    if (!input) return;
    const result = await auth.login(input, { ip: clientIp(req), previousToken: auth.cookie.read(req.headers.cookie) });
    if (isRefusal(result)) return sendRefusal(res, result, { success: false, user: null });
    // The right password for an account with a second factor: no session yet (docs/decisions/075).
    if (isPendingLogin(result)) {
      return void res.json({ success: false, message: SECOND_STEP_MESSAGE, user: null, secondFactor: result.secondFactor });
    }
    res
      .append("Set-Cookie", auth.cookie.serialize(result.token))
      .json({ success: true, message: "Login successful", user: result.user });
  });

  router.post("/logout", async (req, res) => {
    await auth.logout(auth.cookie.read(req.headers.cookie));
    res.append("Set-Cookie", auth.cookie.clear()).json({ success: true, message: "You have been logged out successfully." });
  });

  // docs/product.md §6: the client reads a 401 as "not logged in".
  router.get("/user", async (req, res) => {
    const user = await getRequestUser(req);
    res.status(user ? 200 : 401).json({ authenticated: Boolean(user), user });
  });

  return router;
}
