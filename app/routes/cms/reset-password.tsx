import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { servicesContext } from "../../request-context.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, validate } from "../../../shared/refusal.ts";
import { newPasswordFormSchema } from "../../../shared/team.ts";
import type { ActionResult } from "../../lib/enhanced-form.ts";
import { FormField } from "../../components/cms/form-field.tsx";
import { FormAlert, LinkPage, LinkRefused } from "../../components/cms/link-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";

export function meta() {
  return [{ title: "Set a new password | Zuri CMS" }, { name: "robots", content: "noindex" }];
}

/** The link carries a secret: never stored by a browser or a shared cache. */
export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/reset-password/:token (docs/decisions/028-invitations-passwords-and-registration.md): a link
 * an administrator issued sets a new password once; every session of that account ends, and the
 * person signs in with it. A plain form post: it works without JavaScript.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const preview = await context.get(servicesContext).passwords.previewReset(params.token);
  return isRefusal(preview) ? { refused: preview.message, account: null } : { refused: null, account: preview };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { form } = await readCmsForm(request);
  const input = validate(newPasswordFormSchema, { password: field(form, "password"), confirmPassword: field(form, "confirmPassword") });
  if (isRefusal(input)) return refusalData(input);
  const done = await context.get(servicesContext).passwords.reset(params.token, input.password);
  if (isRefusal(done)) return refusalData(done);
  return { ok: true as const, message: "Your password has been changed, and every session of your account has ended. Sign in with it." };
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<ActionResult>();
  const busy = useNavigation().state === "submitting";
  if (posted?.ok) {
    return (
      <LinkPage title="Password changed" description={posted.message}>
        <Link to="/cms/login" className="block text-center text-sm font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
          Sign in
        </Link>
      </LinkPage>
    );
  }
  const { account, refused } = loaderData;
  if (!account) {
    return (
      <LinkPage title="Set a new password" description="This link cannot be used.">
        <LinkRefused message={refused ?? ""} />
      </LinkPage>
    );
  }
  const errors = posted && !posted.ok ? (posted.errors ?? {}) : {};
  const formError = posted && !posted.ok && !posted.errors ? posted.message : undefined;
  return (
    <LinkPage
      title="Set a new password"
      description={
        <>
          For the account <strong className="font-semibold text-foreground">{account.username}</strong>. Every session of
          it ends; then sign in with the new password.
        </>
      }
    >
      <Form method="post" noValidate className="grid gap-5">
        <FormAlert message={formError} />
        <FormField id="reset-password" name="password" type="password" label="New password" autoComplete="new-password" required error={errors.password} />
        <FormField
          id="reset-confirmPassword"
          name="confirmPassword"
          type="password"
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          Set password
        </Button>
      </Form>
    </LinkPage>
  );
}
