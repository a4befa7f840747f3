import { openApiDocument } from "../../../server/api/operations/index.ts";
import { apiReferenceFrom, type ApiReference } from "../../components/cms/api-reference/reference-model.ts";

const built = new Map<string, ApiReference>();

/**
 * The API reference page's view of the OpenAPI document of /api (the same document
 * `GET /api/openapi.json` serves), for this site's address. Both are fixed for the process: built once.
 */
export function apiReferenceFor(siteUrl: string): ApiReference {
  let reference = built.get(siteUrl);
  if (!reference) built.set(siteUrl, (reference = apiReferenceFrom(openApiDocument(siteUrl))));
  return reference;
}
