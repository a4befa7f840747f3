import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../request-context.ts";
import { readFormBody } from "./form-body.server.ts";
import { ENHANCED_FIELD } from "./enhanced-form.ts";

/** CMS forms are a few short fields; anything bigger is refused before it is read. */
const MAX_FORM_BYTES = 16 * 1024;

/** The body of a CMS form post, with the enhanced-form marker read (limits: app/lib/form-body.server.ts). */
export async function readCmsForm(request: Request): Promise<{ form: FormData; enhanced: boolean }> {
  const form = await readFormBody(request, MAX_FORM_BYTES);
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

/** The device a sign-in from this request starts a session on (docs/decisions/029-activity-log-and-sessions.md). */
export const deviceOf = (context: Readonly<RouterContextProvider>) => context.get(requestInfoContext).device ?? {};


/** CMS pages are personal: never stored by a browser or a shared cache. */
export const noStoreHeaders = { "Cache-Control": "private, no-store" };
