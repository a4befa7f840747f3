/**
 * The first message per field of a failed zod parse: forms show one message under each field
 * (docs/product.md §5), and the API answers `{ errors: { field: message } }`. Issues without a field go under
 * `unplaced` ("form" on pages, "body" in the API). Browser-safe: forms, actions and the API share it.
 */
export function firstMessagePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  unplaced = "form",
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.length > 0 ? String(issue.path[0]) : unplaced] ??= issue.message;
  return errors;
}
