import express, { type Request, type RequestHandler, type Router } from "express";
import { isRefusal, refuse, validate, type Refusal } from "../../shared/refusal.ts";
import type { z } from "../../shared/zod.ts";
import type { Services } from "../services.ts";
import type { EarlyAnswers } from "../serving/early-answers.ts";
import { sendRefusal } from "./answer.ts";
import { guardFor } from "./guards.ts";
import { ANSWERED, isReply, type AnyOperation, type BodySpec } from "./operation.ts";

/** The JSON API's body limit (the beacon and uploads name their own). */
export const JSON_BODY_LIMIT = "1mb";
export const JSON_BODY_LIMIT_TEXT = "1 MB";

/** Express's form of an OpenAPI path: `/api/cms/posts/{id}` → `/cms/posts/:id` under the API router. */
export const expressPath = (path: string, base = "/api") => path.slice(base.length).replace(/\{(\w+)\}/g, ":$1");

/** A request that carries a body (RFC 9112 §6.3): a length above zero, or chunks. */
const hasBody = (req: Request) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

function unsupportedType(): RequestHandler {
  return (_req, res) => void res.status(415).json({ message: "Unsupported content type" });
}

/** Reads the body the operation declares, and only then: a body another operation would ignore is never read. */
function bodyReaders(body: BodySpec<never> | undefined): RequestHandler[] {
  if (!body) return [];
  if (body.kind === "bytes") return [express.raw({ type: () => true, limit: body.limit })];
  const types = body.kind === "beacon" ? ["application/json", "text/plain"] : ["application/json"];
  const parse = express.json({ limit: body.kind === "beacon" ? body.limit : JSON_BODY_LIMIT, strict: true, type: types });
  const refuseOtherTypes = unsupportedType();
  return [(req, res, next) => (hasBody(req) && !req.is(types) ? refuseOtherTypes(req, res, next) : next()), parse];
}

/** Parses one part of the request with its schema: the value, or the 400 refusal (with the operation's own field messages when it names them). */
function parsePart(schema: unknown, value: unknown, place: string, errors?: AnyOperation["bodyErrors"]): unknown {
  if (!schema) return value;
  if (!errors) return validate(schema as Parameters<typeof validate>[0], value, place);
  const result = (schema as z.ZodType).safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = errors(value, result.error.issues);
  return refuse("invalid", Object.values(fields)[0] ?? "Invalid request", { fields });
}

/**
 * The handlers of one operation, in order: guard → body → parse (path, query, body) → handle →
 * answer. A service's refusal is answered from the one table (shared/refusal.ts); a plain value
 * with the operation's success status; a `reply()` with its own status and headers.
 */
export function operationHandlers(operation: AnyOperation, services: Services, early: EarlyAnswers): RequestHandler[] {
  const success = Number(Object.keys(operation.answers).find((status) => status.startsWith("2")) ?? 200);
  const run: RequestHandler = async (req, res) => {
    const refused = (refusal: Refusal) => sendRefusal(res, refusal);
    const params = parsePart(operation.params, req.params, "params");
    if (isRefusal(params)) return refused(operation.paramsRefusal?.() ?? params);
    const query = parsePart(operation.query, req.query, "query");
    if (isRefusal(query)) return refused(query);
    // A beacon's body is checked by its service, after the drops that answer 202 whatever was sent.
    const bodySchema = operation.body?.kind === "json" ? operation.body.schema : undefined;
    const rawBody: unknown = req.body;
    const body =
      operation.body?.kind === "bytes"
        ? Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0)
        : parsePart(bodySchema, rawBody, "body", operation.bodyErrors);
    if (isRefusal(body)) return refused(body);

    const context = { services, user: res.locals.user ?? null, token: res.locals.apiToken ?? null, req, res, early };
    const outcome = await operation.handle({ params, query, body }, context);
    if (outcome === ANSWERED) return;
    if (isRefusal(outcome)) return sendRefusal(res, outcome, operation.refusalBody);
    if (isReply(outcome)) {
      for (const [name, value] of Object.entries(outcome.headers ?? {})) {
        if (name.toLowerCase() === "set-cookie") res.append(name, value);
        else res.set(name, value);
      }
      res.status(outcome.status ?? success);
      return void (outcome.body === undefined ? res.end() : res.json(outcome.body));
    }
    res.status(success);
    if (outcome === undefined) return void res.end();
    res.json(outcome);
  };
  return [guardFor(operation.access), ...bodyReaders(operation.body as BodySpec<never> | undefined), run];
}

/** Mounts every operation on the API router (mounted at /api), in the order listed. */
export function mountOperations(router: Router, operations: readonly AnyOperation[], services: Services, early: EarlyAnswers) {
  for (const operation of operations) {
    if (operation.mountedEarly) continue;
    router[operation.method](expressPath(operation.path), ...operationHandlers(operation, services, early));
  }
}
