import { useState, type FormEvent } from "react";
import { isRefusal, validate } from "../../../shared/refusal.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { data, Link, redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/login";
import { servicesContext } from "../../request-context.ts";
import { getSessionUser, safeRedirectPath } from "../../lib/auth.server.ts";
import { clientIpOf, deviceOf, field, readCmsForm } from "../../lib/cms-form.server.ts";
import { firstMessagePerField } from "../../../shared/field-errors.ts";
import { loginSchema, registerFormSchema } from "../../../shared/auth-schemas.ts";
import { REGISTRATION_CLOSED } from "../../../shared/team.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ENHANCED_FIELD } from "../../lib/enhanced-form.ts";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { FormField } from "../../components/cms/form-field.tsx";
import { LogoMark } from "../../components/site/logo.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { SecondStep, pendingFromForm, type SecondStepResult } from "../../components/cms/second-factor/second-step.tsx";
import { SECOND_STEP_MESSAGE, TICKET_EXPIRED, isPendingLogin, secondStepSchema, type PendingSecondFactor } from "../../../shared/second-factor.ts";

type Intent = "login" | "register";
type LoginResult =
  | { ok: true; intent: Intent; redirectTo: string }
  | { ok: false; intent: Intent; message: string; errors?: Record<string, string>; secondFactor?: PendingSecondFactor };

export function meta() {
  return [{ title: "Login | Zuri CMS" }];
}

/** docs/product.md §2: an already logged-in user goes on to the dashboard (or the page that was asked for). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getSessionUser(request, context)) throw redirect(redirectTo);
  const tab: Intent = url.searchParams.get("tab") === "register" ? "register" : "login";
  // Closed by an administrator, the Register tab says to ask for an invitation (docs/decisions/028).
  const { registrationOpen } = await context.get(servicesContext).siteSettings.read();
  return { redirectTo, tab, registrationOpen };
}

/**
 * Login and registration through the same auth service as the JSON API. Without JavaScript the
 * browser posts the form and is redirected; with it, the page gets data back to toast and navigate.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, enhanced } = await readCmsForm(request);
  const { auth } = context.get(servicesContext);
  const redirectTo = safeRedirectPath(field(form, "redirectTo"));
  // The second step of an account with a second factor (docs/decisions/075-second-factor.md).
  if (field(form, "intent") === "second-factor") {
    const pending = pendingFromForm({ ticket: field(form, "ticket"), methods: field(form, "methods"), expiresAt: field(form, "expiresAt") });
    const input = validate(secondStepSchema, { ticket: pending.ticket, method: field(form, "method"), code: field(form, "code") });
    const result = isRefusal(input) ? input : await auth.loginSecondStep(input, { ip: clientIpOf(context), previousToken: auth.cookie.read(request.headers.get("cookie")), device: deviceOf(context) });
    if (isRefusal(result)) {
      // A wrong code shows the step again; a ticket that is gone sends the person back to the password.
      return refusalData(result, { intent: "second-factor" as const, secondFactor: result.message === TICKET_EXPIRED ? undefined : pending });
    }
    const headers = { "Set-Cookie": auth.cookie.serialize(result.token) };
    if (enhanced) return data<SecondStepResult>({ ok: true, intent: "second-factor", redirectTo }, { headers });
    throw redirect(redirectTo, { headers });
  }
  const intent: Intent = field(form, "intent") === "register" ? "register" : "login";
  const values = Object.fromEntries(["username", "password", "confirmPassword"].map((name) => [name, field(form, name)]));
  const ip = clientIpOf(context);
  const signIn = async () => {
    if (intent === "register") {
      const input = validate(registerFormSchema, values);
      return isRefusal(input) ? input : auth.register(input, { ip, device: deviceOf(context) });
    }
    const input = validate(loginSchema, values);
    return isRefusal(input) ? input : auth.login(input, { ip, previousToken: auth.cookie.read(request.headers.get("cookie")), device: deviceOf(context) });
  };
  const result = await signIn();
  if (isRefusal(result)) return refusalData(result, { intent });
  if (isPendingLogin(result)) {
    return data<LoginResult>({ ok: false, intent: "login", message: SECOND_STEP_MESSAGE, secondFactor: result.secondFactor });
  }

  const headers = { "Set-Cookie": auth.cookie.serialize(result.token) };
  if (enhanced) return data<LoginResult>({ ok: true, intent, redirectTo }, { headers });
  throw redirect(redirectTo, { headers });
}

const successToast = {
  login: { title: "Login successful", description: "Welcome back!" },
  register: { title: "Registration successful", description: "Your account has been created." },
};
const failureTitle = { login: "Login failed", register: "Registration failed" };

export default function CmsLogin({ loaderData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const posted = useActionData<LoginResult | SecondStepResult>();
  // After a form posted without JavaScript, the tab of that form stays open to show its errors.
  const [tab, setTab] = useState<Intent>(posted?.intent === "register" ? "register" : loaderData.tab);
  // After the right password of an account with a second factor: the second step (docs/decisions/075).
  const [pending, setPending] = useState<PendingSecondFactor | null>((posted && !posted.ok && posted.secondFactor) || null);
  const [expired, setExpired] = useState<string | null>(posted && !posted.ok && posted.intent === "second-factor" && !posted.secondFactor ? posted.message : null);
  const tabHref = (value: Intent) => `?${new URLSearchParams({ tab: value, redirectTo })}`;
  const hydrated = useHydrated();

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-subtle px-4 py-12">
      <div className="w-full max-w-md">
        <Link
          to="/"
          className="mb-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the website
        </Link>
        <Card>
          <CardHeader className="items-center pb-2 text-center">
            <LogoMark className="mb-2 size-10" />
            <h1 className="text-2xl font-bold tracking-tight text-foreground">Zuri CMS</h1>
            <CardDescription>Access the content management system</CardDescription>
          </CardHeader>
          <CardContent className="pt-4">
            {pending ? (
              <SecondStep
                pending={pending}
                redirectTo={redirectTo}
                onExpired={(message) => {
                  setPending(null);
                  setExpired(message);
                  toast({ title: "Login failed", description: message, variant: "destructive" });
                }}
              />
            ) : (
              <Tabs value={tab} onValueChange={(value) => setTab(value as Intent)}>
                <TabsList>
                  {(["login", "register"] as const).map((value) => (
                    <TabsTrigger key={value} value={value} asChild>
                      {/*
                        A link, so the tabs also switch without JavaScript. Two of the trigger's button
                        props are taken back: type="button" is invalid on <a> (there it names a MIME
                        type), and until hydration the roving tabindex is -1 on every tab, which would
                        keep keyboard users from the links while they are the only way to switch.
                      */}
                      <a
                        href={tabHref(value)}
                        type={undefined}
                        {...(hydrated ? {} : { tabIndex: 0 })}
                        onClick={(event) => event.preventDefault()}
                      >
                        {value === "login" ? "Login" : "Register"}
                      </a>
                    </TabsTrigger>
                  ))}
                </TabsList>
                <TabsContent value="login">
                  <AuthForm intent="login" redirectTo={redirectTo} onSecondFactor={setPending} notice={expired} />
                </TabsContent>
                <TabsContent value="register">
                  {loaderData.registrationOpen ? (
                    <AuthForm intent="register" redirectTo={redirectTo} />
                  ) : (
                    <p className="rounded-lg border border-border bg-subtle px-3 py-3 text-sm text-foreground">{REGISTRATION_CLOSED}</p>
                  )}
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-xs text-muted-foreground">
          New accounts need an administrator to grant access to the CMS.
        </p>
      </div>
    </main>
  );
}

function AuthForm({
  intent,
  redirectTo,
  onSecondFactor,
  notice,
}: {
  intent: Intent;
  redirectTo: string;
  onSecondFactor?: (pending: PendingSecondFactor) => void;
  /** Why the person is back at the password (a second step that expired). */
  notice?: string | null;
}) {
  const fetcher = useFetcher<LoginResult>({ key: `cms-${intent}` });
  const actionData = useActionData<LoginResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const pending = fetcher.state !== "idle";
  const serverResult = fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined;
  const result = serverResult?.intent === intent ? serverResult : undefined;
  const errors = { ...(result && !result.ok ? result.errors : undefined), ...clientErrors };
  const formError = result && !result.ok && !result.errors && !result.secondFactor ? result.message : (notice ?? undefined);

  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok && answer.secondFactor) return onSecondFactor?.(answer.secondFactor);
    if (answer.ok) {
      toast(successToast[intent]);
      void navigate(answer.redirectTo, { replace: true });
    } else {
      toast({ title: failureTitle[intent], description: answer.message, variant: "destructive" });
    }
  });

  // The browser checks with the shared schema first: 'Passwords do not match' appears inline at once.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = intent === "register" ? registerFormSchema.safeParse(values) : loginSchema.safeParse(values);
    if (parsed.success) return setClientErrors({});
    event.preventDefault();
    setClientErrors(firstMessagePerField(parsed.error.issues));
  };

  const id = (name: string) => `${intent}-${name}`;
  return (
    <fetcher.Form method="post" action="/cms/login" noValidate onSubmit={onSubmit} className="grid gap-5">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {formError}
        </p>
      )}
      <FormField
        id={id("username")}
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.username}
      />
      <FormField
        id={id("password")}
        name="password"
        type="password"
        label="Password"
        autoComplete={intent === "login" ? "current-password" : "new-password"}
        required
        error={errors.password}
      />
      {intent === "register" && (
        <FormField
          id={id("confirmPassword")}
          name="confirmPassword"
          type="password"
          label="Confirm password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending && <Spinner />}
        {intent === "login" ? (pending ? "Logging in..." : "Login") : pending ? "Creating account..." : "Create account"}
      </Button>
    </fetcher.Form>
  );
}
