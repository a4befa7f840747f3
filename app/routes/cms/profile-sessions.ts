import { redirect } from "react-router";
import type { Route } from "./+types/profile-sessions";
import { z } from "../../../shared/zod.ts";
import { isRefusal, refuse, validate } from "../../../shared/refusal.ts";
import { sessionIdSchema } from "../../../shared/sessions.ts";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";

const PROFILE = "/cms/profile#sessions";
const signOutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-out"), id: sessionIdSchema }),
  z.object({ intent: z.literal("sign-out-others") }),
]);

/**
 * "Sign out" of one of one's sessions, and "Sign out everywhere else", from the profile's list
 * (docs/decisions/029-activity-log-and-sessions.md): form posts, by the session's public id, only
 * ever one's own. Without JavaScript the browser goes back to the profile, which lists what is left.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const { form, enhanced } = await readCmsForm(request);
  const { sessions, auth } = context.get(servicesContext);
  const input = validate(signOutSchema, { intent: field(form, "intent"), id: field(form, "id") }, "intent");
  if (isRefusal(input)) {
    const refusal = refuse("invalid", input.message, { fields: input.fields });
    return enhanced ? refusalData(refusal) : new Response(refusal.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  let message: string;
  if (input.intent === "sign-out") {
    const ended = await sessions.signOut(user.id, input.id);
    // Ended already (here or elsewhere): the list the profile shows next is the truth either way.
    if (isRefusal(ended)) return enhanced ? refusalData(ended) : redirect(PROFILE);
    message = "That device is signed out: its next request goes to the sign-in page.";
  } else {
    const { signedOut } = await sessions.signOutOthers(user.id, auth.cookie.read(request.headers.get("cookie")));
    message = signedOut === 0 ? "You were signed in on this device only." : `Signed out ${signedOut === 1 ? "1 other device" : `${signedOut} other devices`}.`;
  }
  if (!enhanced) throw redirect(PROFILE);
  return { ok: true as const, message };
}

/** Nothing to show at this address: the list is on the profile. */
export function loader() {
  return redirect(PROFILE);
}
