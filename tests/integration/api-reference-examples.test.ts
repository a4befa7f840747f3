import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/operations/index.ts";
import type { HttpMethod, OperationObject } from "../../server/api/openapi/types.ts";
import { exampleValue, operationExamples } from "../../app/components/cms/api-reference/examples.ts";
import { citesInternalDocs, readerText } from "../../app/components/cms/api-reference/reader-text.ts";
import { apiReferenceFrom } from "../../app/components/cms/api-reference/reference-model.ts";

/**
 * The reference page's generated examples (app/components/cms/api-reference/examples.ts) against the real OpenAPI document: every
 * example body is one the schema accepts, so a developer can paste it and get past validation; and no
 * text the page shows cites the project's own records (app/components/cms/api-reference/reader-text.ts).
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOCUMENT_ID = "urn:zuri:openapi";
const document = openApiDocument("https://www.zuri.example");
const schemas = document.components.schemas;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);
const pointer = (...segments: string[]) =>
  `${DOCUMENT_ID}#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  (Object.entries(item) as [HttpMethod, OperationObject][]).map(([method, operation]) => ({ path, method, operation })),
);

describe("generated examples", () => {
  it.each(operations.filter(({ operation }) => operation.requestBody?.content["application/json"]))(
    "$method $path: the request body example passes the request schema",
    ({ path, method, operation }) => {
      const body = exampleValue(operation.requestBody!.content["application/json"]!.schema, schemas, "request");
      const validate = ajv.getSchema(pointer("paths", path, method, "requestBody", "content", "application/json", "schema"))!;
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it.each(operations)("$method $path: path and required query examples pass their schemas", ({ operation }) => {
    for (const parameter of (operation.parameters ?? []).filter((item) => item.in === "path" || item.required)) {
      const value = exampleValue(parameter.schema, schemas, "request", parameter.name);
      const validate = ajv.compile({ ...parameter.schema, $id: undefined });
      // Path and query values travel as text; the schema may coerce it (an id): check the value the example chose.
      expect(validate(value) || validate(String(value)), `${parameter.name}: ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it("a curl line per operation: method, full URL, the credential the operation takes, and the JSON body", () => {
    const entry = operations.find(({ operation }) => operation.operationId === "createPost")!;
    const { curl, response } = operationExamples({ ...entry, schemas, baseUrl: "https://www.zuri.example", credential: { kind: "token" } });
    expect(curl).toMatch(/^curl -X POST 'https:\/\/www\.zuri\.example\/api\/cms\/posts' \\\n {2}-H "Authorization: Bearer \$ZURI_API_TOKEN"/);
    expect(curl).toContain(`-H "Content-Type: application/json"`);
    expect(curl).toContain(`"slug": "example-slug"`);
    expect(response?.status).toBe("201");
    expect(JSON.parse(response!.body!)).toMatchObject({ slug: "example-slug", status: "published" });

    const publicRead = operations.find(({ operation }) => operation.operationId === "getPost")!;
    const read = operationExamples({ ...publicRead, schemas, baseUrl: "https://www.zuri.example", credential: { kind: "none" } });
    expect(read.curl).toBe("curl 'https://www.zuri.example/api/blog/example-slug'");
  });

  it("a quote in a body example is escaped for the shell", () => {
    const operation: OperationObject = {
      operationId: "quoted",
      summary: "Quoted",
      tags: [],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { q: { type: "string", examples: ["it's"] } }, required: ["q"] } } } },
      responses: { "204": { description: "Done." } },
    };
    const { curl, response } = operationExamples({ method: "post", path: "/api/q", operation, schemas: {}, baseUrl: "", credential: { kind: "session", cookie: "sid" } });
    expect(curl).toContain(`-b "sid=$ZURI_SESSION"`);
    expect(curl).toContain(`"q": "it'\\''s"`);
    expect(response).toEqual({ status: "204", body: undefined });
  });
});

describe("text the page shows", () => {
  it("drops citations of the project's records and keeps the sentence", () => {
    expect(readerText("An old slug answers 301 to the current one (decision 040).")).toBe("An old slug answers 301 to the current one.");
    expect(readerText("The CMS's posts (docs/product.md §7; docs/api-posts.md).")).toBe("The CMS's posts.");
    expect(readerText("docs/product.md §7. Optional attribution fields.")).toBe("Optional attribution fields.");
    expect(readerText("A refused token: `Bearer` (RFC 6750 §3).")).toBe("A refused token: `Bearer` (RFC 6750 §3).");
  });

  it("cites no internal document anywhere in the reference built from the real document", () => {
    const reference = apiReferenceFrom(document);
    const texts: string[] = [reference.description, ...reference.securitySchemes.map((scheme) => scheme.description)];
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          if (key === "description" && typeof inner === "string") texts.push(inner);
          else if (key !== "examples") collect(inner);
        }
      }
    };
    collect(reference);
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.filter(citesInternalDocs)).toEqual([]);
  });
});
