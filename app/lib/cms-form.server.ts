import { data, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "../request-context.ts";
import { ENHANCED_FIELD } from "../components/cms/enhanced-form.ts";

/** CMS forms are a few short fields; anything bigger is refused before it is read. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The body of a CMS form post, refused quickly when too large (413) or unreadable (400), so a page
 * action never turns bad input into a 500.
 */
export async function readCmsForm(request: Request): Promise<{ form: FormData; enhanced: boolean }> {
  const length = Number(request.headers.get("content-length"));
  if (!Number.isFinite(length) || length > MAX_FORM_BYTES) {
    throw data({ ok: false, message: "Request body too large" }, { status: 413 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ ok: false, message: "The form could not be read" }, { status: 400 });
  }
  return { form, enhanced: form.get(ENHANCED_FIELD) === "1" };
}

/** A form field as a string ('' when missing or a file). */
export const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function clientIpOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientIp ?? "unknown";
}

/** Field messages of a failed zod parse: the first per field. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** CMS pages are personal: never stored by a browser or a shared cache. */
export const noStoreHeaders = { "Cache-Control": "private, no-store" };
