import { describe, expect, it } from "vitest";
import type { JsonSchema, OpenApiDocument } from "../../../../server/api/openapi/types.ts";
import { accessOf, apiReferenceFrom, fieldRows, schemaRules, typeParts, typeText, type FieldRow } from "./reference-model.ts";

/** A small document shaped the way zod's toJSONSchema and the document builder write one. */
const dateTime = { type: "string", format: "date-time", pattern: "^\\d{4}-\\d\\d-\\d\\dT.+$" };
const schemas: Record<string, JsonSchema> = {
  Error: {
    type: "object",
    properties: {
      message: { type: "string", description: "A sentence for people." },
      errors: { type: "object", propertyNames: { type: "string" }, additionalProperties: { type: "string" } },
    },
    required: ["message"],
  },
  Author: {
    type: "object",
    properties: { username: { type: "string" }, name: { type: "string" }, avatar: { anyOf: [{ type: "string" }, { type: "null" }] } },
    required: ["username", "name", "avatar"],
  },
  Tag: { type: "object", properties: { slug: { type: "string" }, name: { type: "string" } }, required: ["slug", "name"] },
  PostInput: {
    type: "object",
    properties: {
      title: { type: "string", minLength: 1, maxLength: 200 },
      slug: { type: "string", minLength: 1, maxLength: 200, pattern: "^[a-z0-9-]+$" },
      excerpt: { anyOf: [{ type: "string", maxLength: 1000 }, { type: "null" }] },
      published: { default: false, type: "boolean" },
      publishedAt: { anyOf: [dateTime, { type: "null" }] },
      authorId: { anyOf: [{ type: "integer", exclusiveMinimum: 0, maximum: 2147483647 }, { type: "null" }] },
      tags: { anyOf: [{ type: "array", maxItems: 10, items: { type: "string", minLength: 1, maxLength: 40 } }, { type: "null" }] },
      cover: {
        type: "object",
        properties: { url: { type: "string", format: "uri" }, alt: { type: "string", maxLength: 250 } },
        required: ["url"],
      },
    },
    required: ["title", "slug"],
  },
  PostUpdate: {
    allOf: [{ $ref: "#/components/schemas/PostInput" }, { type: "object", properties: { version: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } }, required: ["version"] }],
  },
  Post: {
    type: "object",
    properties: {
      id: { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      status: { type: "string", enum: ["draft", "scheduled", "published"] },
      author: { anyOf: [{ $ref: "#/components/schemas/Author" }, { type: "null" }] },
      tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } },
      related: { type: "array", items: { $ref: "#/components/schemas/Post" } },
    },
    required: ["id", "status", "author", "tags"],
  },
};

const document: OpenApiDocument = {
  openapi: "3.1.0",
  jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
  info: { title: "Zuri API", version: "1", description: "JSON over HTTPS." },
  servers: [{ url: "https://www.zuri.example/api" }],
  tags: [
    { name: "Blog", description: "Published posts, for anyone." },
    { name: "Posts", description: "Every post, for administrators and tokens." },
    { name: "Unused", description: "No operation: no section." },
  ],
  paths: {
    "/blog": {
      get: {
        operationId: "listBlogPosts",
        summary: "List published posts",
        tags: ["Blog"],
        parameters: [
          { name: "perPage", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } },
          { name: "sort", in: "query", required: false, description: "The order.", schema: { type: "string", enum: ["new", "old"] } },
        ],
        responses: {
          "200": {
            description: "The posts",
            headers: { "X-Total-Count": { description: "Posts in all pages", schema: { type: "integer" } } },
            content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Post" } } } },
          },
          "400": { description: "Bad parameters", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        },
      },
    },
    "/cms/posts/{id}": {
      put: {
        operationId: "updatePost",
        summary: "Save an edit",
        tags: ["Posts"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", exclusiveMinimum: 0 } }],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/PostUpdate" } } } },
        responses: {
          "409": {
            description: "Someone saved in between",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { message: { type: "string" }, conflict: { const: true }, current: { $ref: "#/components/schemas/Post" } },
                  required: ["message", "conflict", "current"],
                },
              },
            },
          },
          "200": { description: "The saved post", content: { "application/json": { schema: { $ref: "#/components/schemas/Post" } } } },
          "400": {
            description: "Bad input, or a conflict",
            content: { "application/json": { schema: { anyOf: [{ $ref: "#/components/schemas/Error" }, { $ref: "#/components/schemas/Post" }] } } },
          },
        },
        security: [{ session: [] }, { apiToken: ["posts:write"] }],
      },
      delete: {
        operationId: "deletePost",
        summary: "Delete a post",
        tags: [],
        responses: { "204": { description: "Deleted" } },
        security: [{ apiToken: ["posts:write"] }],
      },
    },
  },
  webhooks: {
    "post.deleted": {
      post: {
        operationId: "webhook:post.deleted",
        summary: "Post deleted",
        tags: ["Webhooks"],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/PostDeletedEvent" } } } },
        responses: { "2XX": { description: "Received." } },
      },
    },
  },
  components: {
    schemas: {
      ...schemas,
      PostDeletedEvent: {
        type: "object",
        properties: { type: { type: "string", const: "post.deleted" }, data: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
        required: ["type", "data"],
      },
    },
    securitySchemes: {
      session: { type: "apiKey", in: "cookie", name: "zuri_session", description: "The CMS session cookie." },
      apiToken: { type: "http", scheme: "bearer", description: "An API token from /cms/tokens." },
    },
  },
};

/** The item at `index`, failing the test when there is none. */
function nth<T>(list: readonly T[] | undefined, index: number): T {
  const item = list?.[index];
  if (item === undefined) throw new Error(`No item ${index} in ${JSON.stringify(list)}`);
  return item;
}

/** Rows as compact strings, so a table reads in one assertion. */
const rowText = (row: FieldRow) =>
  `${"  ".repeat(row.depth)}${row.parent}${row.name}: ${typeText(row.type)}${row.required ? " (required)" : ""}` +
  row.rules.map((rule) => ` | ${rule.label}${rule.values ? ` ${rule.values.join(", ")}` : ""}`).join("");

describe("typeParts", () => {
  it("names a referenced schema as a link, and a list or a nullable one in words", () => {
    expect(typeParts({ $ref: "#/components/schemas/Post" }, schemas)).toEqual([{ text: "Post", schema: "Post" }]);
    expect(typeParts({ type: "array", items: { $ref: "#/components/schemas/Tag" } }, schemas)).toEqual([
      { text: "array of " },
      { text: "Tag", schema: "Tag" },
    ]);
    expect(typeText(typeParts({ anyOf: [{ $ref: "#/components/schemas/Author" }, { type: "null" }] }, schemas))).toBe("Author or null");
  });

  it("says 'or null' for anyOf with null, a type list with null and an enum with null", () => {
    expect(typeText(typeParts({ anyOf: [{ type: "string" }, { type: "null" }] }, schemas))).toBe("string or null");
    expect(typeText(typeParts({ type: ["integer", "null"] }, schemas))).toBe("integer or null");
    expect(typeText(typeParts({ enum: ["a", "b", null] }, schemas))).toBe("string or null");
    expect(typeText(typeParts({ anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] }, schemas))).toBe(
      "string or integer or null",
    );
  });

  it("reads records as maps and a single-part allOf as its reference", () => {
    expect(typeText(typeParts({ type: "object", additionalProperties: { type: "string" } }, schemas))).toBe("map of string");
    expect(typeParts({ allOf: [{ $ref: "#/components/schemas/Tag" }], description: "The tag" }, schemas)).toEqual([{ text: "Tag", schema: "Tag" }]);
  });
});

describe("schemaRules", () => {
  const labels = (schema: JsonSchema) => schemaRules(schema, schemas).map((rule) => [rule.label, ...(rule.values ?? [])].join(" "));

  it("puts lengths, bounds, enums and defaults in words", () => {
    expect(labels({ type: "string", minLength: 1, maxLength: 200 })).toEqual(["1–200 characters"]);
    expect(labels({ type: "string", minLength: 1 })).toEqual(["Not empty"]);
    expect(labels({ type: "string", maxLength: 1 })).toEqual(["At most 1 character"]);
    expect(labels({ type: "integer", minimum: 1, maximum: 100, default: 50 })).toEqual(["From 1 to 100", "Default 50"]);
    expect(labels({ type: "integer", exclusiveMinimum: 0 })).toEqual(["At least 1"]);
    expect(labels({ type: "number", exclusiveMinimum: 0, maximum: 1_000_000 })).toEqual(["At most 1,000,000", "More than 0"]);
    expect(labels({ type: "string", maxLength: 1_000_000 })).toEqual(["At most 1,000,000 characters"]);
    expect(labels({ type: "string", enum: ["draft", "published"] })).toEqual(["One of draft published"]);
    expect(labels({ const: true })).toEqual(["Equals true"]);
    expect(labels({ default: "", type: "string" })).toEqual(['Default ""']);
  });

  it("leaves out zod's safe-integer bounds and the pattern it writes beside a format", () => {
    expect(labels({ type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toEqual([]);
    expect(labels({ anyOf: [dateTime, { type: "null" }] })).toEqual(["Format date-time"]);
    expect(labels({ type: "string", pattern: "^[a-z0-9-]+$" })).toEqual(["Pattern ^[a-z0-9-]+$"]);
    // A format JSON Schema does not define reads better as its pattern.
    expect(labels({ type: "string", format: "starts_with", pattern: "^\\/.*" })).toEqual(["Pattern ^\\/.*"]);
  });

  it("reads an upload's bytes as binary of its media type", () => {
    const upload = { type: "string", contentMediaType: "application/octet-stream" };
    expect(typeText(typeParts(upload, schemas))).toBe("binary");
    expect(labels(upload)).toEqual(["Content application/octet-stream"]);
  });

  it("gives a list's limits and then its items' rules", () => {
    expect(labels({ type: "array", maxItems: 10, uniqueItems: true, items: { type: "string", enum: ["posts:read", "posts:write"] } })).toEqual([
      "At most 10 items",
      "No duplicates",
      "Each item: one of posts:read posts:write",
    ]);
  });
});

describe("fieldRows", () => {
  it("expands references, allOf and nested objects and lists for a request body", () => {
    const rows = fieldRows({ $ref: "#/components/schemas/PostUpdate" }, schemas, { expandRefs: true }).map(rowText);
    expect(rows).toEqual([
      "title: string (required) | 1–200 characters",
      "slug: string (required) | 1–200 characters | Pattern ^[a-z0-9-]+$",
      "excerpt: string or null | At most 1,000 characters",
      "published: boolean | Default false",
      "publishedAt: string or null | Format date-time",
      "authorId: integer or null | From 1 to 2,147,483,647",
      "tags: array of string or null | At most 10 items | Each item: 1–40 characters",
      "cover: object",
      "  cover.url: string (required) | Format uri",
      "  cover.alt: string | At most 250 characters",
      "version: integer (required) | At least 1",
    ]);
  });

  it("shows nested named schemas' fields in a request body, and stops at a schema that contains itself", () => {
    const rows = fieldRows({ $ref: "#/components/schemas/Post" }, schemas, { expandRefs: true }).map(rowText);
    expect(rows).toEqual([
      "id: integer (required)",
      "status: string (required) | One of draft, scheduled, published",
      "author: Author or null (required)",
      "  author.username: string (required)",
      "  author.name: string (required)",
      "  author.avatar: string or null (required)",
      "tags: array of Tag (required)",
      "  tags[].slug: string (required)",
      "  tags[].name: string (required)",
      "related: array of Post",
    ]);
  });

  it("links nested named schemas instead of repeating them, for answers and schema sections", () => {
    const rows = fieldRows({ $ref: "#/components/schemas/Post" }, schemas, { expandRefs: false }).map(rowText);
    expect(rows).toEqual([
      "id: integer (required)",
      "status: string (required) | One of draft, scheduled, published",
      "author: Author or null (required)",
      "tags: array of Tag (required)",
      "related: array of Post",
    ]);
  });

  it("lists a list body's item fields at the top level", () => {
    const rows = fieldRows({ type: "array", items: schemas.Tag }, schemas, { expandRefs: false }).map(rowText);
    expect(rows).toEqual(["slug: string (required)", "name: string (required)"]);
  });

  it("joins the fields of several object shapes, required only where every shape requires them", () => {
    const rows = fieldRows(
      {
        anyOf: [
          { type: "object", properties: { kind: { const: "a" }, a: { type: "string" } }, required: ["kind", "a"] },
          { type: "object", properties: { kind: { const: "b" }, b: { type: "number" } }, required: ["kind", "b"] },
        ],
      },
      schemas,
      { expandRefs: true },
    ).map(rowText);
    expect(rows).toEqual(["kind: string (required) | Equals a", "a: string", "b: number"]);
  });
});

describe("accessOf", () => {
  it("reads absent or empty security as public, a cookie scheme as a session and a bearer scheme as a token with scopes", () => {
    expect(accessOf({}, document)).toEqual([{ kind: "public" }]);
    expect(accessOf({ security: [] }, document)).toEqual([{ kind: "public" }]);
    expect(accessOf({ security: [{ session: [] }, {}] }, document)).toEqual([{ kind: "public" }]);
    expect(accessOf({ security: [{ session: ["editor", "administrator"] }, { apiToken: ["posts:read"] }] }, document)).toEqual([
      { kind: "session", scheme: "session", roles: ["editor", "administrator"] },
      { kind: "token", scheme: "apiToken", scopes: ["posts:read"] },
    ]);
  });
});

describe("apiReferenceFrom", () => {
  const reference = apiReferenceFrom(document);

  it("groups operations by their first tag in the document's tag order, skipping empty tags, with the rest under Other", () => {
    expect(reference.tags.map((tag) => [tag.id, tag.operations.map((operation) => operation.id)])).toEqual([
      ["tag-blog", ["listBlogPosts"]],
      ["tag-posts", ["updatePost"]],
      ["tag-other", ["deletePost"]],
    ]);
    expect(reference.operationCount).toBe(3);
    expect(reference.baseUrl).toBe("https://www.zuri.example/api");
    expect(reference.scopes).toEqual(["posts:write"]);
  });

  it("describes parameters, request bodies and answers", () => {
    const list = nth(nth(reference.tags, 0).operations, 0);
    expect(list.parameters.map((p) => [p.name, p.in, typeText(p.type), p.required, p.description, p.rules.map((r) => r.label)])).toEqual([
      ["perPage", "query", "integer", false, undefined, ["From 1 to 100", "Default"]],
      ["sort", "query", "string", false, "The order.", ["One of"]],
    ]);
    expect(list.access).toEqual([{ kind: "public" }]);
    const ok = nth(list.responses, 0);
    const bad = nth(list.responses, 1);
    expect(ok).toMatchObject({ status: "200", headers: [{ name: "X-Total-Count", description: "Posts in all pages" }] });
    expect(ok.body?.type).toEqual([{ text: "array of " }, { text: "Post", schema: "Post" }]);
    expect(ok.body?.fields).toEqual([]);
    expect(bad.body?.type).toEqual([{ text: "Error", schema: "Error" }]);

    const update = nth(nth(reference.tags, 1).operations, 0);
    expect(update.requestBody?.required).toBe(true);
    expect(update.requestBody?.fields.map((row) => row.name)).toContain("version");
    // Answers in status order; an inline answer lists its fields and links the named one inside.
    expect(update.responses.map((response) => response.status)).toEqual(["200", "400", "409"]);
    // A choice of named schemas links each; their sections list the fields.
    expect(typeText(nth(update.responses, 1).body?.type ?? [])).toBe("Error or Post");
    expect(nth(update.responses, 1).body?.fields).toEqual([]);
    expect(nth(update.responses, 2).body?.fields.map(rowText)).toEqual([
      "message: string (required)",
      "conflict: boolean (required) | Equals true",
      "current: Post (required)",
    ]);
    expect(nth(nth(nth(reference.tags, 2).operations, 0).responses, 0).body).toBeUndefined();
  });

  it("lists the webhooks this site sends by event, with their payload's fields", () => {
    const [deleted] = reference.webhooks;
    expect(deleted).toMatchObject({ id: "webhook:post.deleted", event: "post.deleted", method: "post", summary: "Post deleted" });
    expect(deleted?.requestBody?.fields.map(rowText)).toEqual([
      "type: string (required) | Equals post.deleted",
      "data: object (required)",
      "  data.id: integer (required)",
    ]);
    expect(deleted?.responses.map((response) => response.status)).toEqual(["2XX"]);
  });

  it("gives every component schema a section with its fields", () => {
    expect(reference.schemas.map((schema) => schema.id)).toEqual([...Object.keys(schemas), "PostDeletedEvent"].map((name) => `schema-${name}`));
    const error = reference.schemas.find((schema) => schema.name === "Error");
    expect(error?.fields.map(rowText)).toEqual(["message: string (required)", "errors: map of string"]);
    expect(nth(error?.fields, 0).description).toBe("A sentence for people.");
    expect(reference.securitySchemes).toEqual([
      { name: "session", kind: "session", description: "The CMS session cookie.", carrier: "Cookie zuri_session" },
      { name: "apiToken", kind: "token", description: "An API token from /cms/tokens.", carrier: "Authorization: Bearer …" },
    ]);
  });
});
