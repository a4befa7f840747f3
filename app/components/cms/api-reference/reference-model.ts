import type {
  HttpMethod,
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ResponseObject,
} from "../../../../server/api/openapi/types.ts";
import { slugify } from "../../../../shared/slugify.ts";
import { operationExamples, payloadExample, type OperationExamples } from "./examples.ts";
import { readerText } from "./reader-text.ts";

/**
 * The CMS API reference (/cms/api) as the page shows it, read from the OpenAPI document of /api
 * (server/api/openapi/document.ts). Generic over the document: every tag, operation and schema in
 * it becomes a section, so the page follows the API as it grows. Built once on the server (the
 * route's loader); the page only renders it. Browser-safe, no dependencies.
 */

/** A type as words, e.g. "array of " + Post (a link to its schema) + " or null". */
export interface TypePart {
  text: string;
  /** A component schema's name: the part links to that schema's section. */
  schema?: string;
}

/** One rule of a schema in words, its values set in monospace: "One of" `draft`, `published`. */
export interface SchemaRule {
  label: string;
  values?: string[];
}

/** A field of a body, flattened: nested objects and arrays become rows below their parent. */
export interface FieldRow {
  /** The path to the field's object, shown muted before the name ("author.", "tags[]."); "" at the top. */
  parent: string;
  name: string;
  depth: number;
  type: TypePart[];
  required: boolean;
  description?: string;
  rules: SchemaRule[];
}

export interface ParameterRow {
  name: string;
  in: "path" | "query" | "header";
  type: TypePart[];
  required: boolean;
  description?: string;
  rules: SchemaRule[];
}

export interface HeaderRow {
  name: string;
  description: string;
  type: TypePart[];
}

export interface BodyView {
  mediaType: string;
  type: TypePart[];
  required?: boolean;
  description?: string;
  rules: SchemaRule[];
  /** Empty when the body is a named schema (its section lists the fields) or has no fields. */
  fields: FieldRow[];
}

export interface ResponseView {
  status: string;
  description: string;
  headers: HeaderRow[];
  body?: BodyView;
}

/** Who may call an operation: one of these alternatives. */
export type Access =
  | { kind: "public" }
  /** `roles`: the staff roles whose session may call it (docs/decisions/027); none listed: any signed-in session. */
  | { kind: "session"; scheme: string; roles: string[] }
  | { kind: "token"; scheme: string; scopes: string[] }
  | { kind: "other"; scheme: string; scopes: string[] };

export interface OperationView {
  /** The operationId, also the operation's anchor on the page. */
  id: string;
  /** For a webhook: the event this site sends (`post.published`); its body is the payload. */
  event?: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  access: Access[];
  parameters: ParameterRow[];
  requestBody?: BodyView;
  responses: ResponseView[];
  /** A curl command and the success answer (an operation), or the payload (a webhook), from the schemas. */
  examples: OperationExamples & { payload?: string };
}

export interface TagSection {
  /** The section's anchor: `tag-` and the tag's slug. */
  id: string;
  name: string;
  description?: string;
  operations: OperationView[];
}

export interface SchemaSection {
  /** The section's anchor: schemaAnchor(name). */
  id: string;
  name: string;
  description?: string;
  type: TypePart[];
  rules: SchemaRule[];
  fields: FieldRow[];
}

export interface SecuritySchemeView {
  name: string;
  kind: "session" | "token" | "other";
  description: string;
  /** Where the credential goes: "Cookie zuri_session", "Authorization: Bearer …". */
  carrier?: string;
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  baseUrl: string;
  securitySchemes: SecuritySchemeView[];
  /** Every token scope some operation asks for, sorted. */
  scopes: string[];
  tags: TagSection[];
  /** What this site POSTs to a webhook's URL, one per event type (OpenAPI 3.1 `webhooks`). */
  webhooks: OperationView[];
  schemas: SchemaSection[];
  operationCount: number;
}

const METHODS: HttpMethod[] = ["get", "post", "put", "patch", "delete"];
const REF_PREFIX = "#/components/schemas/";
/** The deepest nesting shown in a fields table; deeper parts read as their type. */
const MAX_DEPTH = 6;
/**
 * Formats JSON Schema defines (2020-12 §7.3): the format says it all, and the long pattern zod writes
 * beside one is left out. Other formats zod names (`starts_with`, `cuid`…) read better as their pattern.
 */
const STANDARD_FORMATS = new Set([
  "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
  "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex",
]);
/** zod writes these bounds for every int(); they say nothing a reader needs. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

export const schemaAnchor = (name: string) => `schema-${name}`;
export const tagAnchor = (name: string) => `tag-${slugify(name) || "other"}`;

type Schemas = Record<string, JsonSchema>;

/** The document as the page shows it. */
export function apiReferenceFrom(document: OpenApiDocument): ApiReference {
  const schemas = document.components.schemas ?? {};
  const schemes = document.components.securitySchemes ?? {};
  const sections = new Map<string, TagSection>();
  for (const tag of document.tags) {
    sections.set(tag.name, { id: tagAnchor(tag.name), name: tag.name, description: readerText(tag.description || undefined), operations: [] });
  }
  const scopes = new Set<string>();
  let operationCount = 0;

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const view = operationView(method, path, operation, schemas, document);
      operationCount += 1;
      for (const access of view.access) {
        if (access.kind === "token") for (const scope of access.scopes) scopes.add(scope);
      }
      // An operation with several tags is listed under its first: its anchor must be unique.
      const tagName = operation.tags[0] ?? "Other";
      let section = sections.get(tagName);
      if (!section) {
        section = { id: tagAnchor(tagName), name: tagName, operations: [] };
        sections.set(tagName, section);
      }
      section.operations.push(view);
    }
  }

  return {
    title: document.info.title,
    version: document.info.version,
    description: readerText(document.info.description),
    baseUrl: document.servers[0]?.url ?? "/api",
    securitySchemes: Object.entries(schemes).map(([name, scheme]) => ({
      name,
      kind: schemeKind(scheme),
      description: readerText(scheme.description),
      carrier:
        scheme.type === "http" && scheme.scheme
          ? `Authorization: ${capitalise(scheme.scheme)} …`
          : scheme.in && scheme.name
            ? `${capitalise(scheme.in)} ${scheme.name}`
            : undefined,
    })),
    scopes: [...scopes].sort(),
    tags: [...sections.values()].filter((section) => section.operations.length > 0),
    webhooks: Object.entries(document.webhooks ?? {}).flatMap(([event, item]) =>
      item.post ? [{ ...operationView("post", "", item.post, schemas, document, { webhook: true }), event }] : [],
    ),
    schemas: Object.entries(schemas).map(([name, schema]) => schemaSection(name, schema, schemas)),
    operationCount,
  };
}

function operationView(
  method: HttpMethod,
  path: string,
  operation: OperationObject,
  schemas: Schemas,
  document: OpenApiDocument,
  { webhook = false }: { webhook?: boolean } = {},
): OperationView {
  const body = operation.requestBody;
  const bodyMedia = body ? preferredMedia(body.content) : undefined;
  const access = accessOf(operation, document);
  return {
    id: operation.operationId,
    method,
    path,
    summary: operation.summary,
    description: readerText(operation.description || undefined),
    deprecated: (operation as { deprecated?: boolean }).deprecated === true,
    access,
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      type: typeParts(parameter.schema, schemas),
      required: parameter.required,
      description: readerText(parameter.description ?? stringKeyword(parameter.schema, "description")),
      rules: schemaRules(parameter.schema, schemas),
    })),
    requestBody:
      body && bodyMedia
        ? {
            ...bodyView(bodyMedia[0], bodyMedia[1].schema, schemas, { expandRefs: true }),
            required: body.required,
            description: readerText(body.description || undefined),
          }
        : undefined,
    responses: Object.entries(operation.responses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, response]) => responseView(status, response, schemas)),
    examples: webhook
      ? { payload: payloadExample(operation, schemas) }
      : operationExamples({ method, path, operation, schemas, baseUrl: document.servers[0]?.url ?? "", credential: exampleCredential(access, document) }),
  };
}

/** What the example sends: an API token where one may call it (what other software uses), else the session cookie. */
function exampleCredential(access: Access[], document: OpenApiDocument): Parameters<typeof operationExamples>[0]["credential"] {
  if (access.some((item) => item.kind === "public")) return { kind: "none" };
  if (access.some((item) => item.kind === "token")) return { kind: "token" };
  const session = access.find((item) => item.kind === "session");
  const cookie = session && document.components.securitySchemes?.[session.scheme]?.name;
  return cookie ? { kind: "session", cookie } : { kind: "none" };
}

function responseView(status: string, response: ResponseObject, schemas: Schemas): ResponseView {
  const media = response.content ? preferredMedia(response.content) : undefined;
  return {
    status,
    description: readerText(response.description),
    headers: Object.entries(response.headers ?? {}).map(([name, header]) => ({
      name,
      description: readerText(header.description),
      type: typeParts(header.schema, schemas),
    })),
    body: media ? bodyView(media[0], media[1].schema, schemas, { expandRefs: false }) : undefined,
  };
}

/**
 * A body's type, rules and fields. A request body shows every field, named schemas included
 * (`expandRefs`); a response names its schema, which has its own section, and lists only inline fields.
 */
export function bodyView(mediaType: string, schema: JsonSchema, schemas: Schemas, { expandRefs }: { expandRefs: boolean }): BodyView {
  return {
    mediaType,
    type: typeParts(schema, schemas),
    rules: schemaRules(schema, schemas),
    fields: !expandRefs && isNamed(schema) ? [] : fieldRows(schema, schemas, { expandRefs }),
  };
}

function schemaSection(name: string, schema: JsonSchema, schemas: Schemas): SchemaSection {
  return {
    id: schemaAnchor(name),
    name,
    description: readerText(stringKeyword(schema, "description")),
    // An alias of another schema reads as that schema's type, not as a link to itself.
    type: typeParts(refName(schema) ? resolve(schema, schemas).schema : schema, schemas),
    rules: schemaRules(schema, schemas),
    fields: fieldRows(schema, schemas, { expandRefs: false, visited: new Set([name]) }),
  };
}

/** JSON first; otherwise the first media type the answer lists. */
function preferredMedia<T>(content: Record<string, T>): [string, T] | undefined {
  const entries = Object.entries(content);
  return entries.find(([type]) => type === "application/json") ?? entries[0];
}

/** Who may call it: absent or empty security is public; each entry is an alternative (OpenAPI 3.1 §4.8.10). */
export function accessOf(operation: Pick<OperationObject, "security">, document: Pick<OpenApiDocument, "components">): Access[] {
  const requirements = operation.security;
  if (!requirements || requirements.length === 0) return [{ kind: "public" }];
  const schemes = document.components.securitySchemes ?? {};
  const alternatives: Access[] = [];
  for (const requirement of requirements) {
    const entries = Object.entries(requirement);
    if (entries.length === 0) {
      alternatives.push({ kind: "public" });
      continue;
    }
    const [first] = entries;
    if (!first || entries.length > 1) {
      // Every scheme of one requirement at once: rare, shown as their names joined.
      alternatives.push({ kind: "other", scheme: entries.map(([name]) => name).join(" + "), scopes: entries.flatMap(([, s]) => s) });
      continue;
    }
    const [name, scopes] = first;
    const scheme = schemes[name];
    const kind = scheme ? schemeKind(scheme) : "other";
    alternatives.push(kind === "session" ? { kind, scheme: name, roles: scopes } : { kind, scheme: name, scopes });
  }
  // Public first: nothing else matters when anyone may call it.
  return alternatives.some((access) => access.kind === "public") ? [{ kind: "public" }] : alternatives;
}

function schemeKind(scheme: OpenApiDocument["components"]["securitySchemes"][string]): SecuritySchemeView["kind"] {
  if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer") return "token";
  if (scheme.type === "apiKey" && scheme.in === "cookie") return "session";
  return "other";
}

// ---------------------------------------------------------------------------------------------
// JSON Schema (draft 2020-12, as zod's toJSONSchema writes it) in words and rows.

export function refName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(REF_PREFIX) ? decodeURIComponent(ref.slice(REF_PREFIX.length)) : undefined;
}

/** A schema with its `$ref` followed (a few hops at most); `name` is the last schema's name. */
function resolve(schema: JsonSchema, schemas: Schemas): { schema: JsonSchema; name?: string } {
  let current = schema;
  let name: string | undefined;
  for (let hop = 0; hop < 8; hop++) {
    const next = refName(current);
    if (!next || !schemas[next]) break;
    name = next;
    // Keywords beside a $ref (a description, a default) apply too (JSON Schema 2020-12).
    const { $ref: _ref, ...siblings } = current;
    current = { ...schemas[next], ...siblings };
  }
  return { schema: current, name };
}

const isNullSchema = (schema: JsonSchema) =>
  schema.type === "null" || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null) || schema.const === null;

const variantsOf = (schema: JsonSchema): JsonSchema[] | undefined => {
  const variants = schema.anyOf ?? schema.oneOf;
  return Array.isArray(variants) ? (variants as JsonSchema[]) : undefined;
};

/**
 * The schema a reader cares about: `anyOf [X, null]` is X (nullable), `allOf` parts are merged, a
 * `type: [T, "null"]` is T (nullable). Refs stay refs: the caller decides whether to follow them.
 */
function core(schema: JsonSchema, schemas: Schemas): { schema: JsonSchema; nullable: boolean } {
  const variants = variantsOf(schema);
  if (variants) {
    const others = variants.filter((variant) => !isNullSchema(variant));
    const nullable = others.length < variants.length;
    if (others.length === 1) {
      const { anyOf: _a, oneOf: _o, ...siblings } = schema;
      const inner = core({ ...others[0], ...siblings }, schemas);
      return { schema: inner.schema, nullable: nullable || inner.nullable };
    }
    return { schema, nullable };
  }
  if (Array.isArray(schema.allOf)) return core(mergeAllOf(schema, schemas), schemas);
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = (schema.type as string[]).filter((type) => type !== "null");
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) {
    return { schema: { ...schema, enum: schema.enum.filter((value) => value !== null) }, nullable: true };
  }
  return { schema, nullable: false };
}

/** `allOf` as one schema: properties and required lists joined, other keywords from the last part that has them. */
function mergeAllOf(schema: JsonSchema, schemas: Schemas): JsonSchema {
  const { allOf, ...rest } = schema;
  const parts = allOf as JsonSchema[];
  // A single named part (zod wraps a described $ref this way) stays a reference to that name.
  const [only] = parts;
  if (parts.length === 1 && only && refName(only)) return { ...only, ...rest };
  const merged: JsonSchema = {};
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const part of parts) {
    const resolved = core(resolve(part, schemas).schema, schemas).schema;
    Object.assign(merged, resolved);
    Object.assign(properties, (resolved.properties as Record<string, JsonSchema> | undefined) ?? {});
    for (const name of (resolved.required as string[] | undefined) ?? []) required.add(name);
  }
  Object.assign(merged, rest);
  if (Object.keys(properties).length > 0) {
    merged.properties = properties;
    merged.type = "object";
  }
  if (required.size > 0) merged.required = [...required];
  delete merged.allOf;
  return merged;
}

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (schema.properties || schema.additionalProperties) return ["object"];
  if (schema.items || schema.prefixItems) return ["array"];
  const values = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : [];
  return [...new Set(values.map((value) => (value === null ? "null" : Number.isInteger(value) ? "integer" : typeof value)))];
}

/** The type in words, e.g. "array of " Post " or null"; named schemas become links. */
export function typeParts(schema: JsonSchema, schemas: Schemas): TypePart[] {
  const name = refName(schema);
  if (name) return [{ text: name, schema: name }];
  const { schema: inner, nullable } = core(schema, schemas);
  const orNull = (parts: TypePart[]) => (nullable ? [...parts, { text: " or null" }] : parts);
  if (inner !== schema) return orNull(typeParts(inner, schemas));

  const variants = variantsOf(inner);
  if (variants) {
    const others = variants.filter((variant) => !isNullSchema(variant));
    return orNull(joinParts(others.map((variant) => typeParts(variant, schemas)), " or "));
  }
  const types = typesOf(inner);
  if (types.length === 0) return orNull([{ text: "any" }]);
  const parts = types
    .filter((type) => type !== "null")
    .map((type): TypePart[] => {
      if (type === "array") {
        const items = inner.items as JsonSchema | undefined;
        return items && typeof items === "object" ? [{ text: "array of " }, ...typeParts(items, schemas)] : [{ text: "array" }];
      }
      if (type === "object" && !inner.properties && isSchema(inner.additionalProperties)) {
        return [{ text: "map of " }, ...typeParts(inner.additionalProperties, schemas)];
      }
      // Bytes, not text: an upload's body.
      if (type === "string" && (inner.format === "binary" || typeof inner.contentMediaType === "string")) return [{ text: "binary" }];
      return [{ text: type }];
    });
  return types.includes("null") || nullable ? [...joinParts(parts, " or "), { text: " or null" }] : joinParts(parts, " or ");
}

/** Plain text of a type, e.g. for tests and titles. */
export const typeText = (parts: TypePart[]) => parts.map((part) => part.text).join("");

function joinParts(groups: TypePart[][], separator: string): TypePart[] {
  return groups.flatMap((group, index) => (index === 0 ? group : [{ text: separator }, ...group]));
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

const literal = (value: unknown) => (typeof value === "string" ? (value === "" ? '""' : value) : JSON.stringify(value));

/** Digits grouped by thousands ("1,000,000"), the same on the server and in the browser. */
const number = (n: number) => n.toLocaleString("en-GB", { maximumFractionDigits: 20 });

const count = (n: number, unit: string) => `${number(n)} ${unit}${n === 1 ? "" : "s"}`;

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `Exactly ${count(max, unit)}` : `${number(min)}–${number(max)} ${unit}s`;
  if (min !== undefined) return min === 1 && unit === "character" ? "Not empty" : `At least ${count(min, unit)}`;
  if (max !== undefined) return `At most ${count(max, unit)}`;
  return undefined;
}

const numberKeyword = (schema: JsonSchema, key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
const boundKeyword = (schema: JsonSchema, key: string) => {
  const value = numberKeyword(schema, key);
  return value !== undefined && !SAFE_INTEGER_BOUNDS.has(value) ? value : undefined;
};
const stringKeyword = (schema: JsonSchema, key: string) =>
  typeof schema[key] === "string" && schema[key] !== "" ? (schema[key] as string) : undefined;

/**
 * What a value must be, in words: lengths, bounds, allowed values, format (or, without one, the
 * pattern: zod writes a long pattern beside every format), default and example. The rules of a
 * list's items follow as "Each item: …".
 */
export function schemaRules(schema: JsonSchema, schemas: Schemas, { items = true }: { items?: boolean } = {}): SchemaRule[] {
  // A reference keeps its own default or description beside the $ref; the target's rules are its section's.
  if (refName(schema)) return "default" in schema ? [{ label: "Default", values: [literal(schema.default)] }] : [];
  const { schema: inner } = core(schema, schemas);
  const rules: SchemaRule[] = [];
  const enumValues = Array.isArray(inner.enum) ? inner.enum.filter((value) => value !== null) : undefined;
  if (enumValues && enumValues.length > 0) {
    rules.push(enumValues.length === 1 ? { label: "Equals", values: [literal(enumValues[0])] } : { label: "One of", values: enumValues.map(literal) });
  } else if ("const" in inner && inner.const !== null) {
    rules.push({ label: "Equals", values: [literal(inner.const)] });
  }

  const length = range(numberKeyword(inner, "minLength"), numberKeyword(inner, "maxLength"), "character");
  if (length) rules.push({ label: length });
  const format = stringKeyword(inner, "format");
  if (format && (STANDARD_FORMATS.has(format) || !stringKeyword(inner, "pattern"))) {
    if (format !== "binary") rules.push({ label: "Format", values: [format] });
  } else if (stringKeyword(inner, "pattern")) rules.push({ label: "Pattern", values: [inner.pattern as string] });
  const mediaType = stringKeyword(inner, "contentMediaType");
  if (mediaType) rules.push({ label: "Content", values: [mediaType] });

  let min = boundKeyword(inner, "minimum");
  let max = boundKeyword(inner, "maximum");
  let exclusiveMin = boundKeyword(inner, "exclusiveMinimum");
  let exclusiveMax = boundKeyword(inner, "exclusiveMaximum");
  // For whole numbers "more than 0" is "at least 1": one range reads better than two bounds.
  if (typesOf(inner).includes("integer")) {
    if (exclusiveMin !== undefined && Number.isInteger(exclusiveMin) && (min === undefined || exclusiveMin >= min)) {
      [min, exclusiveMin] = [exclusiveMin + 1, undefined];
    }
    if (exclusiveMax !== undefined && Number.isInteger(exclusiveMax) && (max === undefined || exclusiveMax <= max)) {
      [max, exclusiveMax] = [exclusiveMax - 1, undefined];
    }
  }
  if (min !== undefined && max !== undefined) rules.push({ label: `From ${number(min)} to ${number(max)}` });
  else if (min !== undefined) rules.push({ label: `At least ${number(min)}` });
  else if (max !== undefined) rules.push({ label: `At most ${number(max)}` });
  if (exclusiveMin !== undefined) rules.push({ label: `More than ${number(exclusiveMin)}` });
  if (exclusiveMax !== undefined) rules.push({ label: `Less than ${number(exclusiveMax)}` });
  const multipleOf = numberKeyword(inner, "multipleOf");
  if (multipleOf !== undefined) rules.push({ label: `A multiple of ${number(multipleOf)}` });

  const itemCount = range(numberKeyword(inner, "minItems"), numberKeyword(inner, "maxItems"), "item");
  if (itemCount) rules.push({ label: itemCount });
  if (inner.uniqueItems === true) rules.push({ label: "No duplicates" });
  if (items && isSchema(inner.items) && !refName(inner.items) && !hasFields(inner.items, schemas)) {
    for (const rule of schemaRules(inner.items, schemas, { items: false })) {
      if (rule.label === "Default") continue;
      rules.push({ ...rule, label: `Each item: ${rule.label.charAt(0).toLowerCase()}${rule.label.slice(1)}` });
    }
  }

  const fallback = "default" in schema ? schema.default : inner.default;
  if ("default" in schema || "default" in inner) rules.push({ label: "Default", values: [literal(fallback)] });
  const example = Array.isArray(inner.examples) && inner.examples.length > 0 ? inner.examples[0] : inner.example;
  if (example !== undefined) rules.push({ label: "Example", values: [literal(example)] });
  if (inner.readOnly === true) rules.push({ label: "Read-only" });
  if (inner.writeOnly === true) rules.push({ label: "Write-only" });
  if (inner.deprecated === true) rules.push({ label: "Deprecated" });
  return rules;
}

/** An object with properties (after unwrapping null and allOf), or a union of such objects. */
function hasFields(schema: JsonSchema, schemas: Schemas): boolean {
  const { schema: inner } = core(schema, schemas);
  if (refName(inner)) return hasFields(resolve(inner, schemas).schema, schemas);
  const variants = variantsOf(inner);
  if (variants) return variants.some((variant) => !isNullSchema(variant) && hasFields(variant, schemas));
  return isSchema(inner.properties) && Object.keys(inner.properties).length > 0;
}

/** A body that is a named schema (`Post`), a list of one, or a choice of them: their sections list the fields. */
function isNamed(schema: JsonSchema): boolean {
  if (refName(schema)) return true;
  if (schema.type === "array" && isSchema(schema.items)) return isNamed(schema.items);
  const variants = variantsOf(schema);
  return variants !== undefined && variants.every((variant) => isNullSchema(variant) || isNamed(variant));
}

interface RowOptions {
  /** Follow `$ref`s into their fields (request bodies); otherwise a named schema is a link. */
  expandRefs: boolean;
  /** Names being expanded on this path, so a schema that contains itself stops. */
  visited?: Set<string>;
}

/**
 * A body's fields as rows: each property, then its own fields below it when it is an object or a
 * list of objects ("author.name", "tags[].slug"). `required` is the parent object's list.
 */
export function fieldRows(schema: JsonSchema, schemas: Schemas, options: RowOptions): FieldRow[] {
  return childRows(schema, "", 0, schemas, { ...options, visited: options.visited ?? new Set() });
}

function childRows(schema: JsonSchema, parent: string, depth: number, schemas: Schemas, options: Required<RowOptions>): FieldRow[] {
  if (depth > MAX_DEPTH) return [];
  let { schema: inner } = core(schema, schemas);
  let visited = options.visited;
  const name = refName(inner);
  if (name) {
    if ((!options.expandRefs && depth > 0) || visited.has(name)) return [];
    visited = new Set([...visited, name]);
    inner = core(resolve(inner, schemas).schema, schemas).schema;
  }
  const next = { ...options, visited };

  if (isSchema(inner.properties)) {
    const required = new Set((inner.required as string[] | undefined) ?? []);
    return Object.entries(inner.properties as Record<string, JsonSchema>).flatMap(([field, property]) => [
      {
        parent,
        name: field,
        depth,
        type: typeParts(property, schemas),
        required: required.has(field),
        description: readerText(stringKeyword(property, "description") ?? stringKeyword(core(property, schemas).schema, "description")),
        rules: schemaRules(property, schemas),
      },
      ...childRows(property, `${parent}${field}.`, depth + 1, schemas, next),
    ]);
  }
  if (isSchema(inner.items)) {
    // A list's items: "tags[].name" below "tags", or the items' own fields for a body that is a list.
    return childRows(inner.items, depth === 0 ? parent : `${parent.slice(0, -1)}[].`, depth, schemas, next);
  }
  const variants = variantsOf(inner);
  if (variants) {
    // Several object shapes: their fields together, required only where every shape requires it.
    const rows = variants.filter((variant) => !isNullSchema(variant)).map((variant) => childRows(variant, parent, depth, schemas, next));
    const merged = new Map<string, FieldRow>();
    for (const row of rows.flat()) {
      const key = `${row.parent}${row.name}`;
      const seen = merged.get(key);
      if (!seen) merged.set(key, row);
      else if (seen.required && !row.required) merged.set(key, { ...seen, required: false });
    }
    for (const [key, row] of merged) {
      if (row.required && row.depth === depth && rows.some((shape) => !shape.some((r) => `${r.parent}${r.name}` === key))) {
        merged.set(key, { ...row, required: false });
      }
    }
    return [...merged.values()];
  }
  return [];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
