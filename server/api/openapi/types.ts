/**
 * The parts of an OpenAPI 3.1 document this API uses (https://spec.openapis.org/oas/v3.1.0), for the
 * document builder (./document.ts), the contract test and the CMS reference page.
 */

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod's toJSONSchema writes it. */
export type JsonSchema = { [keyword: string]: unknown };

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface MediaTypeObject {
  schema: JsonSchema;
}

export interface HeaderObject {
  description: string;
  schema: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  /** Absent for an answer without a body (204, 301, 304, an empty 202). */
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaTypeObject> };
  /** Keyed by status code ("200", "404"…; "2XX" for any success). */
  responses: Record<string, ResponseObject>;
  /** Who may call it: `[]` anyone; entries are alternatives (a session cookie, a token with these scopes; `{}`: no credential needed). */
  security?: Record<string, string[]>[];
}

export interface SecuritySchemeObject {
  type: "apiKey" | "http";
  description: string;
  in?: "cookie" | "header" | "query";
  name?: string;
  scheme?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string; license?: { name: string; url: string } };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  /** What this site sends to a webhook's URL, by event type (OpenAPI 3.1 `webhooks`). */
  webhooks: Record<string, { post: OperationObject }>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
}
