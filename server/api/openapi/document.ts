import { rolesWith } from "../../../shared/roles.ts";
import { z } from "../../../shared/zod.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { API_TOKEN_SCOPES } from "../../../shared/api-tokens.ts";
import { WEBHOOK_TEST_EVENT, webhookEventLabels } from "../../../shared/webhooks.ts";
import { createSessionCookie } from "../../services/session-cookie.ts";
import { WEBHOOK_TIMEOUT_MS } from "../../services/webhook-deliveries.ts";
import type { AnyOperation, Answer, HeaderName } from "../operation.ts";
import { JSON_BODY_LIMIT_TEXT } from "../mount.ts";
import * as answers from "./responses.ts";
import type { HeaderObject, JsonSchema, OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from "./types.ts";

/**
 * The OpenAPI 3.1 description of /api (docs/decisions/074-openapi-from-the-schemas.md,
 * docs/decisions/024-operations-declared-once.md), served at `GET /api/openapi.json` and read by the
 * CMS's API reference. Built from the operations the server mounts (server/api/operations/): path
 * parameters, queries and bodies are converted from the zod schemas that validate them (zod's
 * toJSONSchema), answers from ./responses.ts (output side); who may call each becomes its `security`.
 */

const JSON_TYPE = "application/json";

const headers: Record<HeaderName, HeaderObject> = {
  "X-Total-Count": { description: "How many items the query matches, on every page.", schema: { type: "integer", minimum: 0 } },
  Link: { description: 'The next page: `<…>; rel="next"`, only while more follow (RFC 8288).', schema: { type: "string" } },
  ETag: { description: "The content version this answer is of; send it back in If-None-Match.", schema: { type: "string" } },
  "Last-Modified": { description: "When the blog last changed; send it back in If-Modified-Since.", schema: { type: "string" } },
  Location: { description: "Where the resource is now.", schema: { type: "string" } },
  "Set-Cookie": { description: "The session cookie (HttpOnly, SameSite=Lax; Secure with https).", schema: { type: "string" } },
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } },
  "WWW-Authenticate": { description: 'For a refused API token: `Bearer realm="zuri", error="…"` (RFC 6750 §3).', schema: { type: "string" } },
  "Cache-Control": { description: "How long the answer may be kept, and by whom.", schema: { type: "string" } },
};

/** A JSON Schema without the keywords that only a standalone document carries. */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _uri, id: _id, ...rest } = schema;
  return rest;
}

/** Every response schema by its component name; a body is a reference to one of them. */
function responseComponents(): { schemas: Record<string, JsonSchema>; ref: (schema: z.ZodType) => JsonSchema } {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of answers.responseSchemaNames) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, { io: "output", uri: (id) => `#/components/schemas/${id}` });
  const schemas = Object.fromEntries(Object.entries(converted.schemas).map(([id, schema]) => [id, embedded(schema as JsonSchema)]));
  const ref = (schema: z.ZodType): JsonSchema => {
    const name = answers.responseSchemaNames.get(schema);
    if (name) return { $ref: `#/components/schemas/${name}` };
    if (schema instanceof z.ZodArray) return { type: "array", items: ref(schema.element as z.ZodType) };
    if (schema instanceof z.ZodUnion) return { anyOf: (schema.options as z.ZodType[]).map(ref) };
    throw new Error("A response body must be one of the named schemas in server/api/openapi/responses.ts, or an array or union of them");
  };
  return { schemas, ref };
}

/** The formats JSON Schema 2020-12 defines; zod writes others (`starts_with`) that validators do not know. */
const STANDARD_FORMATS = new Set([
  "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
  "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex",
]);
const STRING_LIMITS = ["minLength", "maxLength", "format"] as const;

/**
 * A request schema as the document states it: the input side, with the limits the server checks
 * after normalising (a trimmed name's `.pipe(z.string().max(200))`) stated on the input too, so the
 * schema that enforces a limit is the one that documents it; and only standard formats.
 */
function requestSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (context) => {
      const json = context.jsonSchema as JsonSchema;
      const def = (context.zodSchema as unknown as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
      const types = [json.type].flat();
      if (def.type === "pipe" && def.out && types.includes("string")) {
        const out = z.toJSONSchema(def.out, { io: "input", unrepresentable: "any" }) as JsonSchema;
        for (const key of STRING_LIMITS) if (out[key] !== undefined && json[key] === undefined) json[key] = out[key];
      }
      if (typeof json.format === "string" && !STANDARD_FORMATS.has(json.format)) delete json.format;
      // A schema that states its input forms itself (`.meta({ anyOf })`, e.g. a tag: name or object) keeps only those.
      if (Array.isArray(json.anyOf) && json.type !== undefined) for (const key of ["type", ...STRING_LIMITS]) delete json[key];
    },
  });
  return embedded(converted as JsonSchema);
}

function queryParameters(query: z.ZodType): ParameterObject[] {
  const schema = requestSchema(query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: schema.required?.includes(name) ?? false,
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** Path parameters as the handler receives them (an id is the integer it parses to). */
function pathParameters(operation: AnyOperation): ParameterObject[] {
  if (!operation.params) return [];
  const schema = requestSchema(operation.params, "output") as { properties?: Record<string, JsonSchema> };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "path", required: true, description: typeof description === "string" ? description : name, schema: rest };
  });
}

function requestBody(operation: AnyOperation): OperationObject["requestBody"] {
  const body = operation.body;
  if (!body) return undefined;
  if (body.kind === "bytes") {
    return {
      required: true,
      description: `${body.description} Any Content-Type: the bytes decide what it is.`,
      content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
    };
  }
  const schema = requestSchema(body.schema);
  if (body.kind === "beacon") {
    return {
      required: true,
      description: "The page view as JSON: sent as application/json, or as text/plain by navigator.sendBeacon.",
      content: {
        [JSON_TYPE]: { schema },
        "text/plain": { schema: { type: "string", contentMediaType: JSON_TYPE, contentSchema: schema } },
      },
    };
  }
  return { required: body.required, content: { [JSON_TYPE]: { schema } } };
}

/** What an operation answers beyond its own table: the guards, the path, the body reader, the origin check, an outage. */
function sharedAnswers(operation: AnyOperation): Record<number, Answer> {
  const shared: Record<number, Answer[]> = {};
  const add = (status: number, answer: Answer) => (shared[status] ??= []).push(answer);
  const error = answers.errorBody;
  const { access, body } = operation;
  if (access.who !== "anyone") {
    add(401, {
      description:
        access.who === "staff"
          ? "Not signed in (`Not authenticated`); or an API token that is unknown or revoked, or sent in a cookie or the address instead of the Authorization header."
          : "Not signed in (`Not authenticated`).",
      body: error,
      ...(access.who === "staff" ? { headers: ["WWW-Authenticate"] as HeaderName[] } : {}),
    });
  }
  if (access.who === "staff") {
    add(403, {
      description:
        `Signed in with a role that does not grant \`${access.permission}\` (\`Forbidden\`; granted to ${rolesWith(access.permission).join(", ")})` +
        (access.beforeEnrolment ? "" : "; or an administrator who must set up a second factor first (docs/decisions/075)") +
        (access.token ? `; or an API token without the \`${access.token}\` scope.` : "; or any API token: this call needs a session."),
      body: error,
      headers: ["WWW-Authenticate"],
    });
    add(429, { description: "An API token past its limit (600 calls a minute).", body: error, headers: ["Retry-After"] });
  }
  if (operation.params && !operation.paramsRefusal && !operation.answers[400]) {
    add(400, { description: "An id in the path that is not a positive whole number: `errors` names it.", body: error });
  }
  if (operation.method !== "get") {
    add(403, { description: "Sent by a browser page of another origin (`Cross-origin request refused`).", body: error });
  }
  if (body) {
    if (body.kind !== "bytes") add(400, { description: "The body is not valid JSON (`Request body is not valid JSON`).", body: error });
    if (body.kind !== "bytes") {
      add(413, { description: `The body is larger than ${body.kind === "beacon" ? body.limitText : JSON_BODY_LIMIT_TEXT} (\`Request body too large\`).`, body: error });
    }
    add(415, {
      description:
        (body.kind === "bytes"
          ? "A Content-Encoding the server does not read"
          : `A body that is not ${body.kind === "beacon" ? "application/json or text/plain" : "application/json"}, or in a charset or Content-Encoding the server does not read`) +
        " (`Unsupported content type`).",
      body: error,
    });
  }
  if (operation.readsDatabase !== false) {
    add(503, { description: "The database cannot be reached; nothing was changed. Try again after Retry-After.", body: error, headers: ["Retry-After"] });
  }
  return Object.fromEntries(Object.entries(shared).map(([status, list]) => [status, mergeAnswers(list)]));
}

function mergeAnswers(list: Answer[]): Answer {
  const bodies = [...new Set(list.flatMap((answer) => (answer.body ? [answer.body].flat() : [])))];
  const headerNames = [...new Set(list.flatMap((answer) => answer.headers ?? []))];
  return {
    description: list.map((answer) => answer.description).join(" Or: "),
    ...(bodies.length ? { body: bodies.length === 1 ? bodies[0] : bodies } : {}),
    ...(headerNames.length ? { headers: headerNames } : {}),
  };
}

/** Who may call it, as OpenAPI says it: `[]` public; `{}` among the alternatives when a session is read but not required. */
function security({ access }: AnyOperation): Record<string, string[]>[] {
  switch (access.who) {
    case "anyone":
      return access.readsSession ? [{}, { session: [] }] : [];
    case "signed-in":
      return [{ session: [] }];
    case "staff": {
      // OpenAPI 3.1 lets a non-OAuth scheme list the roles it needs: the session's roles (docs/decisions/027).
      const session = { session: rolesWith(access.permission) };
      return access.token ? [session, { apiToken: [access.token] }] : [session];
    }
  }
}

export function buildOpenApiDocument(
  operations: readonly AnyOperation[],
  tags: { name: string; description: string }[],
  siteUrl: string,
): OpenApiDocument {
  const components = responseComponents();
  const response = (answer: Answer): ResponseObject => {
    const body = answer.body;
    const schema = !body ? undefined : Array.isArray(body) ? { anyOf: body.map(components.ref) } : components.ref(body);
    return {
      description: answer.description,
      ...(answer.headers ? { headers: Object.fromEntries(answer.headers.map((name) => [name, headers[name]])) } : {}),
      ...(schema ? { content: { [JSON_TYPE]: { schema } } } : {}),
    };
  };

  const paths: OpenApiDocument["paths"] = {};
  for (const operation of operations) {
    const own = operation.answers;
    const shared = sharedAnswers(operation);
    const statuses = [...new Set([...Object.keys(own), ...Object.keys(shared)].map(Number))].sort((a, b) => a - b);
    const responses = Object.fromEntries(
      statuses.map((status) => {
        const parts = [own[status], shared[status]].filter((answer): answer is Answer => answer !== undefined);
        return [String(status), response(mergeAnswers(parts))];
      }),
    );
    const parameters = [...pathParameters(operation), ...(operation.query ? queryParameters(operation.query) : [])];
    const entry: OperationObject = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body ? { requestBody: requestBody(operation) } : {}),
      responses,
      security: security(operation),
    };
    (paths[operation.path] ??= {})[operation.method] = entry;
  }

  const webhooks = Object.fromEntries(
    Object.entries(answers.webhookPayloads).map(([type, payload]) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: type === WEBHOOK_TEST_EVENT ? "Send test event" : (webhookEventLabels as Record<string, { label: string }>)[type]!.label,
          description:
            (type === WEBHOOK_TEST_EVENT
              ? "Sent only by Send test event, to that one webhook."
              : (webhookEventLabels as Record<string, { description: string }>)[type]!.description) +
            " Signed by Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`); docs/integrations.md shows how to check them.",
          tags: ["Webhooks"],
          // Sent by this site, signed (the headers above): nothing for the receiver to authenticate with.
          security: [],
          requestBody: { required: true, content: { [JSON_TYPE]: { schema: components.ref(payload) } } },
          responses: {
            "2XX": { description: `Received. Any other answer, or none within ${WEBHOOK_TIMEOUT_MS / 1000} seconds, is retried for at least 24 hours.` },
          },
        },
      },
    ]),
  );

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: `${siteConfig.productName} API`,
      version: "1",
      // Not open source: the site's terms of service govern its use.
      license: { name: "Proprietary", url: new URL("/terms", siteUrl).toString() },
      description:
        `The JSON API of the ${siteConfig.productName} site and ${siteConfig.cmsName} (docs/product.md §7). Errors are \`{ message, errors? }\`: a sentence, and one message per field at fault. ` +
        "Each operation's `security` says who may call it: `[]` anyone; a session cookie from POST /api/login (calls under /api/cms: an administrator's); " +
        "or an API token (`Authorization: Bearer zuri_…`) with the scope the call needs. Writes sent by a browser page of another origin are refused.",
    },
    servers: [{ url: new URL(siteUrl).origin }],
    tags,
    paths,
    webhooks,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: createSessionCookie(siteUrl, 0).name,
          description: "The session cookie POST /api/login sets; calls under /api/cms need an administrator's.",
        },
        apiToken: {
          type: "http",
          scheme: "bearer",
          description: `An API token made in ${siteConfig.cmsName} (/cms/tokens), with scopes ${API_TOKEN_SCOPES.join(", ")} (docs/decisions/072).`,
        },
      },
    },
  };
}
