/**
 * An address's query parameters for a schema (`validate(schema, paramsOf(url), "query")`): one given
 * twice stays a list, which the schemas refuse, instead of silently keeping the first or the last.
 */
export function paramsOf(url: URL): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    params[name] = values.length === 1 ? values[0]! : values;
  }
  return params;
}
