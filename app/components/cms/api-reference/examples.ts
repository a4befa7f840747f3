import type { HttpMethod, JsonSchema, OperationObject } from "../../../../server/api/openapi/types.ts";

/**
 * A request and a response example for each operation of the API reference (/cms/api), built from
 * the OpenAPI document's schemas (docs/decisions/074, amended): the schema's own example, default,
 * constant or first allowed value where it has one, otherwise a value of its type and format that
 * passes its bounds and pattern. A request body holds the required fields (all of them when none
 * is required); an answer every field, lists with one item. Browser-safe, no dependencies.
 */

export interface OperationExamples {
  /** A curl command: method, URL with path and required query values, credential header, body. */
  curl?: string;
  /** The first success answer's status and, when it has a JSON body, that body. */
  response?: { status: string; body?: string };
}

type Schemas = Record<string, JsonSchema>;
type Side = "request" | "response";

const REF_PREFIX = "#/components/schemas/";
const MAX_DEPTH = 8;
const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);
const isNull = (schema: JsonSchema) => schema.type === "null" || schema.const === null || (Array.isArray(schema.enum) && schema.enum.every((v) => v === null));

/** The schema with its `$ref`s followed, a nullable union taken as its other side, and `allOf` merged. */
function plain(schema: JsonSchema, schemas: Schemas, hops = 0): JsonSchema {
  if (hops > 8) return schema;
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith(REF_PREFIX)) {
    const target = schemas[decodeURIComponent(ref.slice(REF_PREFIX.length))];
    const { $ref: _ref, ...siblings } = schema;
    return target ? plain({ ...target, ...siblings }, schemas, hops + 1) : siblings;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    const { anyOf: _a, oneOf: _o, ...siblings } = schema;
    const first = (variants as JsonSchema[]).find((variant) => !isNull(variant)) ?? {};
    return plain({ ...first, ...siblings }, schemas, hops + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const merged: JsonSchema = {};
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const part of allOf as JsonSchema[]) {
      const resolved = plain(part, schemas, hops + 1);
      Object.assign(merged, resolved);
      Object.assign(properties, isSchema(resolved.properties) ? resolved.properties : {});
      required.push(...((resolved.required as string[] | undefined) ?? []));
    }
    return { ...merged, ...rest, ...(Object.keys(properties).length > 0 ? { properties, required } : {}) };
  }
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? (schema.type as string[]).filter((type) => type !== "null") : [schema.type];
  const [type] = types;
  if (typeof type === "string") return type;
  if (schema.properties || schema.additionalProperties) return "object";
  if (schema.items) return "array";
  return undefined;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  "date-time": "2026-01-15T09:30:00.000Z",
  date: "2026-01-15",
  time: "09:30:00",
  email: "jane@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "3f2c8a1e-6b7d-4e0f-9a51-2d4c6e8b0a13",
  ipv4: "203.0.113.10",
  ipv6: "2001:db8::1",
  hostname: "example.com",
};

/** Candidates a pattern may accept, tried in order; the first that matches wins. */
const PATTERN_CANDIDATES = ["example", "example-slug", "Example", "abc123", "0", "123456", "#1a73e8", "https://example.com/", "/example", "a"];

/** A plain string that reads like the field it fills. */
function byName(name: string): string {
  const lower = name.toLowerCase();
  if (lower.includes("email")) return "jane@example.com";
  if (lower === "slug") return "example-slug";
  if (/(image|avatar|logo|icon)(url)?$/.test(lower)) return "https://example.com/media/example.png";
  if (/(url|href|link)$/.test(lower)) return "https://example.com/";
  if (lower === "title" || lower === "name") return "Example";
  return "example";
}

/** For a pattern of one character class and a length, `^[0-9a-f]{32}$`: that many of its characters, in turn. */
function repeatedClass(pattern: string): string | undefined {
  const match = /^\^\[([^\]]+)\]\{(\d+)(?:,\d*)?\}\$$/.exec(pattern);
  if (!match) return undefined;
  const [, characters = "", length = "0"] = match;
  const allowed = [..."0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"].filter((character) => new RegExp(`[${characters}]`, "u").test(character));
  return allowed.length > 0 ? Array.from({ length: Number(length) }, (_, index) => allowed[index % allowed.length]).join("") : undefined;
}

function stringExample(schema: JsonSchema, name: string): string {
  const format = typeof schema.format === "string" ? schema.format : undefined;
  let value = (format && FORMAT_EXAMPLES[format]) ?? byName(name);
  if (typeof schema.pattern === "string" && !format) {
    try {
      const pattern = new RegExp(schema.pattern, "u");
      if (!pattern.test(value)) value = [...PATTERN_CANDIDATES, repeatedClass(schema.pattern)].find((candidate) => candidate !== undefined && pattern.test(candidate)) ?? value;
    } catch {
      // A pattern JavaScript cannot read: the plain value stands.
    }
  }
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  if (value.length < min) value = value.padEnd(min, "x");
  if (value.length > max) value = value.slice(0, max);
  return value;
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const bound = (key: string) => (typeof schema[key] === "number" && Math.abs(schema[key] as number) < Number.MAX_SAFE_INTEGER ? (schema[key] as number) : undefined);
  const min = bound("minimum") ?? (bound("exclusiveMinimum") !== undefined ? (bound("exclusiveMinimum") as number) + (integer ? 1 : 0.5) : undefined);
  const max = bound("maximum") ?? (bound("exclusiveMaximum") !== undefined ? (bound("exclusiveMaximum") as number) - (integer ? 1 : 0.5) : undefined);
  let value = 1;
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return value;
}

/** A value the schema accepts (a request) or describes (an answer). */
export function exampleValue(schema: JsonSchema, schemas: Schemas, side: Side, name = "", depth = 0): unknown {
  const outer = schema;
  const inner = plain(schema, schemas);
  for (const candidate of [outer, inner]) {
    if (Array.isArray(candidate.examples) && candidate.examples.length > 0) return candidate.examples[0];
    if (candidate.example !== undefined) return candidate.example;
  }
  if ("const" in inner) return inner.const;
  if (Array.isArray(inner.enum)) {
    const value = inner.enum.find((item) => item !== null);
    if (value !== undefined) return value;
  }
  if ("default" in outer) return outer.default;
  if ("default" in inner) return inner.default;
  if (depth > MAX_DEPTH) return null;

  switch (typeOf(inner)) {
    case "object": {
      const properties = isSchema(inner.properties) ? (inner.properties as Record<string, JsonSchema>) : {};
      const required = new Set((inner.required as string[] | undefined) ?? []);
      const names = Object.keys(properties);
      // A request sends what it must (everything when nothing is required); an answer shows every field.
      const shown = side === "request" && required.size > 0 ? names.filter((field) => required.has(field)) : names;
      const value: Record<string, unknown> = {};
      for (const field of shown) value[field] = exampleValue(properties[field] as JsonSchema, schemas, side, field, depth + 1);
      if (names.length === 0 && isSchema(inner.additionalProperties)) value.key = exampleValue(inner.additionalProperties, schemas, side, "key", depth + 1);
      return value;
    }
    case "array": {
      const items = isSchema(inner.items) ? inner.items : {};
      const count = Math.max(1, typeof inner.minItems === "number" ? inner.minItems : 1);
      return Array.from({ length: Math.min(count, 3) }, () => exampleValue(items, schemas, side, name, depth + 1));
    }
    case "string":
      return stringExample(inner, name);
    case "integer":
      return numberExample(inner, true);
    case "number":
      return numberExample(inner, false);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
/** A shell word in single quotes, each inner quote closed, escaped and reopened. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

interface ExampleInput {
  method: HttpMethod;
  path: string;
  operation: OperationObject;
  schemas: Schemas;
  baseUrl: string;
  /** The credential the example sends: an API token, the session cookie, or none. */
  credential: { kind: "token" } | { kind: "session"; cookie: string } | { kind: "none" };
}

/** The curl command and the success answer of one operation. */
export function operationExamples({ method, path, operation, schemas, baseUrl, credential }: ExampleInput): OperationExamples {
  const parameters = operation.parameters ?? [];
  let url = path;
  for (const parameter of parameters.filter((item) => item.in === "path")) {
    const value = exampleValue(parameter.schema, schemas, "request", parameter.name);
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
  }
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((item) => item.in === "query" && item.required)) {
    query.set(parameter.name, String(exampleValue(parameter.schema, schemas, "request", parameter.name)));
  }
  const search = query.size > 0 ? `?${query.toString()}` : "";

  const lines = [method === "get" ? `curl ${shellQuote(`${baseUrl}${url}${search}`)}` : `curl -X ${method.toUpperCase()} ${shellQuote(`${baseUrl}${url}${search}`)}`];
  if (credential.kind === "token") lines.push(`-H "Authorization: Bearer $ZURI_API_TOKEN"`);
  if (credential.kind === "session") lines.push(`-b "${credential.cookie}=$ZURI_SESSION"`);
  const content = operation.requestBody?.content ?? {};
  const jsonBody = content["application/json"];
  const [otherType] = Object.keys(content);
  if (jsonBody) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(json(exampleValue(jsonBody.schema, schemas, "request")))}`);
  } else if (otherType) {
    const [, subtype = "bin"] = otherType.split("/");
    const file = otherType.startsWith("image/") || otherType === "application/octet-stream" ? "image.png" : `body.${subtype}`;
    lines.push(`-H "Content-Type: ${otherType.includes("*") || otherType === "application/octet-stream" ? "image/png" : otherType}"`);
    lines.push(`--data-binary @${file}`);
  }

  const [status, answer] =
    Object.entries(operation.responses)
      .sort(([a], [b]) => a.localeCompare(b))
      .find(([code]) => /^2/.test(code)) ?? [];
  const answerSchema = answer?.content?.["application/json"]?.schema;
  return {
    curl: lines.join(" \\\n  "),
    response: status ? { status, body: answerSchema ? json(exampleValue(answerSchema, schemas, "response")) : undefined } : undefined,
  };
}

/** A webhook's payload as its receiver gets it: the event's body, filled in like an answer. */
export function payloadExample(operation: OperationObject, schemas: Schemas): string | undefined {
  const schema = operation.requestBody?.content["application/json"]?.schema;
  return schema ? json(exampleValue(schema, schemas, "response")) : undefined;
}
