import { z } from "../../../shared/zod.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { API_TOKEN_SCOPES } from "../../../shared/api-tokens.ts";
import { WEBHOOK_TEST_EVENT, webhookEventLabels } from "../../../shared/webhooks.ts";
import { scopeNeeded } from "../guards.ts";
import { createSessionCookie } from "../../services/session-cookie.ts";
import { WEBHOOK_TIMEOUT_MS } from "../../services/webhook-deliveries.ts";
import { operations, tags, type Answer, type HeaderName, type Operation } from "./operations.ts";
import * as answers from "./responses.ts";
import type { HeaderObject, JsonSchema, OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from "./types.ts";

/**
 * The OpenAPI 3.1 description of /api (docs/decisions/074-openapi-from-the-schemas.md), served at
 * `GET /api/openapi.json` and read by the CMS's API reference. Built from the operations table
 * (./operations.ts): request bodies and queries are converted from the zod schemas that validate
 * them (zod's toJSONSchema, input side), answers from ./responses.ts (output side).
 */

const MAX_ID = 2_147_483_647;
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

const requestSchema = (schema: z.ZodType): JsonSchema =>
  embedded(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);

function queryParameters(query: z.ZodObject): ParameterObject[] {
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

function pathParameters(operation: Operation): ParameterObject[] {
  return Object.entries(operation.pathParams ?? {}).map(([name, description]) => ({
    name,
    in: "path",
    required: true,
    description,
    schema: name === "slug" ? { type: "string", pattern: "^[a-z0-9-]+$" } : { type: "integer", minimum: 1, maximum: MAX_ID },
  }));
}

function requestBody(operation: Operation): OperationObject["requestBody"] {
  const body = operation.body;
  if (!body) return undefined;
  if (body.raw) {
    return {
      required: body.required,
      description: body.raw.description,
      content: { [body.raw.contentType]: { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
    };
  }
  const schema = body.schema ? requestSchema(body.schema) : { allOf: (body.parts ?? []).map(requestSchema) };
  return {
    required: body.required,
    content: { [JSON_TYPE]: { schema }, ...(body.alsoTextPlain ? { "text/plain": { schema } } : {}) },
  };
}

/** What an operation answers beyond its own table: the guards, the body parser, the origin check, an outage. */
function sharedAnswers(operation: Operation): Record<number, Answer> {
  const shared: Record<number, Answer[]> = {};
  const add = (status: number, answer: Answer) => (shared[status] ??= []).push(answer);
  const error = answers.errorBody;
  if (operation.access === "admin") {
    add(401, {
      description:
        "Not signed in (`Not authenticated`); or an API token that is unknown or revoked, or sent in a cookie or the address instead of the Authorization header.",
      body: error,
      headers: ["WWW-Authenticate"],
    });
    add(403, {
      description:
        "Signed in but not an administrator (`Forbidden`); or an administrator who must set up a second factor first (docs/decisions/075); or an API token without the scope this call needs.",
      body: error,
      headers: ["WWW-Authenticate"],
    });
    add(429, { description: "An API token past its limit (600 calls a minute).", body: error, headers: ["Retry-After"] });
  }
  if (operation.method !== "get") {
    add(403, { description: "Sent by a browser page of another origin (`Cross-origin request refused`).", body: error });
  }
  if (operation.body && !operation.body.raw) {
    add(400, { description: "The body is not valid JSON (`Request body is not valid JSON`).", body: error });
    add(413, {
      description: `The body is larger than ${operation.body.alsoTextPlain ? "4 KB" : "1 MB"} (\`Request body too large\`).`,
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

function security(operation: Operation): OperationObject["security"] {
  if (operation.access === "public") return undefined;
  const samplePath = operation.path.replace(/\{[^}]+\}/g, "1");
  const scope = scopeNeeded(operation.method.toUpperCase(), samplePath);
  return scope ? [{ session: [] }, { apiToken: [scope] }] : [{ session: [] }];
}

function buildDocument(siteUrl: string): OpenApiDocument {
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
      ...(operation.access === "admin" ? { security: security(operation) } : {}),
    };
    (paths[operation.path] ??= {})[operation.method] = entry;
  }

  const webhooks = Object.fromEntries(
    Object.entries(answers.webhookPayloads).map(([type, payload]) => [
      type,
      {
        post: {
          operationId: `webhook:${type}`,
          summary: type === WEBHOOK_TEST_EVENT ? "Send test event" : (webhookEventLabels as Record<string, { label: string }>)[type]!.label,
          description:
            (type === WEBHOOK_TEST_EVENT
              ? "Sent only by Send test event, to that one webhook."
              : (webhookEventLabels as Record<string, { description: string }>)[type]!.description) +
            " Signed by Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`); docs/integrations.md shows how to check them.",
          tags: ["Webhooks"],
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
      description:
        `The JSON API of the ${siteConfig.productName} site and ${siteConfig.cmsName} (docs/product.md §7). Errors are \`{ message, errors? }\`: a sentence, and one message per field at fault. ` +
        "Calls under /api/cms are for administrators: a session cookie from POST /api/login, or an API token " +
        "(`Authorization: Bearer zuri_…`) with the scope the call needs. Writes sent by a browser page of another origin are refused.",
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
          description: "The session cookie POST /api/login sets; the account must be an administrator.",
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

const built = new Map<string, OpenApiDocument>();

/** The document for this site's address, built once. */
export function openApiDocument(siteUrl: string): OpenApiDocument {
  let document = built.get(siteUrl);
  if (!document) built.set(siteUrl, (document = buildDocument(siteUrl)));
  return document;
}
