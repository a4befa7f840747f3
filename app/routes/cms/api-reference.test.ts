import { describe, expect, it } from "vitest";
import type { FieldRow, TypePart } from "../../components/cms/api-reference/reference-model.ts";
import { INTRO_ID, SCHEMAS_ID, WEBHOOKS_ID } from "../../components/cms/api-reference/reference-contents.tsx";
import { apiReferenceFor } from "./api-reference.server.ts";

/**
 * The page's view of the real document (server/api/openapi/document.ts), with no link that leads
 * nowhere. That it shows every operation the served document has is the e2e journey's check.
 */
describe("the API reference of the real document", () => {
  const reference = apiReferenceFor("https://www.zuri.example");
  const operations = reference.tags.flatMap((tag) => tag.operations);

  it("lists its operations in groups, each with a summary and the site as the base URL", () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(reference.operationCount).toBe(operations.length);
    expect(operations.filter((operation) => !operation.id || !operation.summary)).toEqual([]);
    expect(reference.webhooks.every((webhook) => webhook.event && webhook.requestBody)).toBe(true);
    expect(reference.baseUrl).toBe("https://www.zuri.example");
  });

  it("gives every section its own anchor", () => {
    const anchors = [
      INTRO_ID,
      WEBHOOKS_ID,
      SCHEMAS_ID,
      ...reference.tags.map((tag) => tag.id),
      ...operations.map((operation) => operation.id),
      ...reference.webhooks.map((webhook) => webhook.id),
      ...reference.schemas.map((schema) => schema.id),
    ];
    expect(anchors.filter((anchor, index) => anchors.indexOf(anchor) !== index)).toEqual([]);
  });

  it("links only to schemas that have a section", () => {
    const sections = new Set(reference.schemas.map((schema) => schema.name));
    const types: TypePart[][] = [];
    const rows = (fields: FieldRow[]) => types.push(...fields.map((field) => field.type));
    for (const operation of [...operations, ...reference.webhooks]) {
      types.push(...operation.parameters.map((parameter) => parameter.type));
      if (operation.requestBody) {
        types.push(operation.requestBody.type);
        rows(operation.requestBody.fields);
      }
      for (const response of operation.responses) {
        types.push(...response.headers.map((header) => header.type));
        if (response.body) {
          types.push(response.body.type);
          rows(response.body.fields);
        }
      }
    }
    for (const schema of reference.schemas) rows(schema.fields);
    const linked = types.flat().flatMap((part) => (part.schema ? [part.schema] : []));
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((name) => !sections.has(name))).toEqual([]);
  });
});
