import { data } from "react-router";
import { refusalHeaders, refusalStatus, type Refusal } from "../../shared/refusal.ts";

/**
 * A service's refusal as a page action's answer (docs/decisions/015): `{ ok: false, message,
 * errors? }` (the shape CMS forms read, app/lib/enhanced-form.ts) plus what the page adds, with the
 * status from the one table and Retry-After when rate-limited.
 */
export function refusalData<Extra extends object = object>(refusal: Refusal, extra?: Extra) {
  return data(
    { ...(extra as Extra), ok: false as const, message: refusal.message, errors: refusal.fields },
    { status: refusalStatus[refusal.code], headers: refusalHeaders(refusal) },
  );
}
