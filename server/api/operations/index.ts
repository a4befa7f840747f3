import { type AnyOperation, anyone, operation, reply } from "../operation.ts";
import { buildOpenApiDocument } from "../openapi/document.ts";
import type { OpenApiDocument } from "../openapi/types.ts";
import * as answers from "../openapi/responses.ts";
import { contentOperations, contentTags } from "./content.ts";
import { tagsOperations, tagsTags } from "./tags.ts";
import { leadsOperations, leadsTags } from "./leads.ts";
import { integrationsOperations, integrationsTags } from "./integrations.ts";
import { analyticsOperations, analyticsTags } from "./analytics.ts";
import { identityOperations, identityTags } from "./identity.ts";
import { teamOperations, teamTags } from "./team.ts";
import { activityOperations, activityTags } from "./activity.ts";
import { landingPagesOperations, landingPagesTags } from "./landing-pages.ts";
import { settingsOperations, settingsTags } from "./settings.ts";

/**
 * Every operation of the JSON API, by domain (docs/decisions/024-operations-declared-once.md). The
 * API router mounts them (server/api/mount.ts), the guards read who may call each, and
 * /api/openapi.json (with the CMS's API reference) is built from them: one list, so none can drift.
 */

const apiTags = [{ name: "API", description: "This description of the API." }];

const documentOperation = operation({
  method: "get",
  path: "/api/openapi.json",
  operationId: "getOpenApiDocument",
  tag: "API",
  summary: "This description",
  description: "OpenAPI 3.1, generated from the operations the server mounts and the schemas that validate their requests.",
  access: anyone,
  readsDatabase: false,
  answers: { 200: { description: "The OpenAPI document.", body: answers.openApiJson, headers: ["Cache-Control"] } },
  // The same for everyone until the next release (docs/decisions/074).
  handle: (_input, { services }) => reply(openApiDocument(services.env.SITE_URL), { headers: { "Cache-Control": "public, max-age=300" } }),
});

export const apiOperations: readonly AnyOperation[] = [
  ...contentOperations,
  ...tagsOperations,
  ...landingPagesOperations,
  ...identityOperations,
  ...teamOperations,
  ...leadsOperations,
  ...analyticsOperations,
  ...integrationsOperations,
  ...activityOperations,
  ...settingsOperations,
  documentOperation,
];

export const apiTagList = [...contentTags, ...tagsTags, ...landingPagesTags, ...identityTags, ...teamTags, ...settingsTags, ...activityTags, ...leadsTags, ...analyticsTags, ...integrationsTags, ...apiTags];

const built = new Map<string, OpenApiDocument>();

/** The document for this site's address, built once. */
export function openApiDocument(siteUrl: string): OpenApiDocument {
  let document = built.get(siteUrl);
  if (!document) built.set(siteUrl, (document = buildOpenApiDocument(apiOperations, apiTagList, siteUrl)));
  return document;
}
