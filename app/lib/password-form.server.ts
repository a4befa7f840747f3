import { redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "../request-context.ts";
import { staffContext } from "./auth.server.ts";
import { field } from "./cms-form.server.ts";
import { refusalData } from "./refusal.server.ts";
import { isRefusal, validate } from "../../shared/refusal.ts";
import { changePasswordFormSchema } from "../../shared/team.ts";

/**
 * The profile's "Change password" form (docs/decisions/028): the same schema and service as
 * `PUT /api/cms/profile/password`; this session stays, the others end.
 */
export async function changePasswordAction(request: Request, context: Readonly<RouterContextProvider>, form: FormData, enhanced: boolean) {
  const user = context.get(staffContext);
  const { passwords, auth } = context.get(servicesContext);
  const values = { currentPassword: field(form, "currentPassword"), newPassword: field(form, "newPassword"), confirmPassword: field(form, "confirmPassword") };
  const input = validate(changePasswordFormSchema, values);
  const done = isRefusal(input) ? input : await passwords.changeOwn(user, input, auth.cookie.read(request.headers.get("cookie")));
  if (isRefusal(done)) return refusalData(done, { form: "password" as const });
  if (!enhanced) throw redirect("/cms/profile");
  return { ok: true as const, form: "password" as const, message: "Your password has been changed. Your other sessions have ended." };
}
