import { Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { servicesContext } from "../../request-context.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, validate } from "../../../shared/refusal.ts";
import { registerFormSchema } from "../../../shared/auth-schemas.ts";
import { cmsHomeFor } from "../../../shared/cms-pages.ts";
import { roleLabels } from "../../../shared/roles.ts";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import { FormField } from "../../components/cms/form-field.tsx";
import { FormAlert, LinkPage, LinkRefused } from "../../components/cms/link-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";

export function meta() {
  return [{ title: "Accept your invitation | Zuri CMS" }, { name: "robots", content: "noindex" }];
}

/** The link carries a secret: never stored by a browser or a shared cache. */
export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/invitation/:token (docs/decisions/028-invitations-passwords-and-registration.md): whoever has
 * the link chooses a username and password (the rules of registration) and is signed in with the
 * invited role. A plain form post: it works without JavaScript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const preview = await context.get(servicesContext).invitations.preview(params.token);
  return isRefusal(preview) ? { refused: preview.message, invitation: null } : { refused: null, invitation: preview };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { form } = await readCmsForm(request);
  const { invitations, auth } = context.get(servicesContext);
  const values = { username: field(form, "username"), password: field(form, "password"), confirmPassword: field(form, "confirmPassword") };
  const input = validate(registerFormSchema, values);
  if (isRefusal(input)) return refusalData(input, { username: values.username });
  const result = await invitations.accept({ ...input, token: params.token }, { userAgent: request.headers.get("user-agent") });
  if (isRefusal(result)) return refusalData(result, { username: values.username });
  throw redirect(cmsHomeFor(result.user.role), { headers: { "Set-Cookie": auth.cookie.serialize(result.token) } });
}

export default function AcceptInvitation({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<ActionResult & { username?: string }>();
  const busy = useNavigation().state === "submitting";
  const { invitation, refused } = loaderData;
  if (!invitation) {
    return (
      <LinkPage title="Invitation" description="This link cannot be used.">
        <LinkRefused message={refused ?? ""} />
      </LinkPage>
    );
  }
  const errors = posted && !posted.ok ? (posted.errors ?? {}) : {};
  const formError = posted && !posted.ok && !posted.errors ? posted.message : undefined;
  return (
    <LinkPage
      title="Join Zuri CMS"
      description={
        <>
          You are invited as <strong className="font-semibold text-foreground">{roleLabels[invitation.role]}</strong> with the address{" "}
          <strong className="font-semibold break-all text-foreground">{invitation.email}</strong>. Choose a username and a password.
        </>
      }
    >
      <Form method="post" noValidate className="grid gap-5">
        <FormAlert message={formError} />
        <FormField
          id="invitation-username"
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={posted && !posted.ok ? posted.username : undefined}
          error={errors.username}
        />
        <FormField id="invitation-password" name="password" type="password" label="Password" autoComplete="new-password" required error={errors.password} />
        <FormField
          id="invitation-confirmPassword"
          name="confirmPassword"
          type="password"
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {busy ? "Creating account..." : "Create account"}
        </Button>
      </Form>
    </LinkPage>
  );
}
