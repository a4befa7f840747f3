import { useId, useRef, useState } from "react";
import { Link, redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { KeyRound, Plus, XCircle } from "lucide-react";
import type { Route } from "./+types/tokens";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, refuse, validate } from "../../../shared/refusal.ts";
import { parseId } from "../../../shared/ids.ts";
import { formatCmsDate } from "../../lib/cms-date.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import {
  API_TOKEN_SCOPES,
  apiTokenInputSchema,
  apiTokenScopeLabels,
  TOKEN_NAME_MAX,
  type ApiToken,
  type CreatedApiToken,
} from "../../../shared/api-tokens.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { CheckboxChoice, ShownOnce } from "../../components/cms/shown-once.tsx";
import { ConfirmDelete } from "../../components/cms/confirm-delete.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { FieldError, fieldErrorProps } from "../../components/cms/editor/field-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";

/** The answer carries a token once: never stored by a browser or a shared cache. */
export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/tokens (docs/decisions/072-api-tokens.md): administrators make named API tokens with scopes
 * for other software, see each one once, and revoke them. The forms work without JavaScript; the
 * create action answers with data (never a redirect), since the token cannot be shown again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const tokens = await context.get(servicesContext).apiTokens.list();
  const revokeId = parseId(new URL(request.url).searchParams.get("revoke"));
  const confirmRevoke = tokens.find((token) => token.id === revokeId) ?? null;
  return { user, tokens, confirmRevoke };
}

type TokenValues = { name: string; scopes: string[] };
type TokensResult = ActionResult & { created?: CreatedApiToken; values?: TokenValues };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(staffContext);
  const { form, enhanced } = await readCmsForm(request);
  const { apiTokens } = context.get(servicesContext);
  const intent = field(form, "intent");
  if (intent === "create") {
    const values: TokenValues = { name: field(form, "name"), scopes: form.getAll("scopes").filter((v) => typeof v === "string") };
    const input = validate(apiTokenInputSchema, values);
    if (isRefusal(input)) return refusalData(input, { values });
    const created = await apiTokens.create(input, actor);
    return { ok: true as const, message: `“${created.name}” is ready. Copy it now: it is shown only once.`, created };
  }
  const tokenId = parseId(field(form, "tokenId"));
  if (intent !== "revoke" || tokenId === null) return refusalData(refuse("invalid", "Unknown token action"));
  const revoked = await apiTokens.revoke(tokenId, actor);
  if (isRefusal(revoked)) return refusalData(revoked);
  if (!enhanced) throw redirect("/cms/tokens");
  return { ok: true as const, message: `“${revoked.name}” no longer works: every request with it is refused.` };
}

export default function CmsTokens({ loaderData }: Route.ComponentProps) {
  const { user, tokens, confirmRevoke } = loaderData;
  const navigate = useNavigate();
  // Without JavaScript the forms are plain posts: their answer comes back as the page's action data.
  const posted = useActionData<TokensResult>();
  const createFetcher = useFetcher<TokensResult>({ key: "create-token" });
  const revokeFetcher = useFetcher<ActionResult>({ key: "revoke-token" });
  const closeDialog = () => void navigate("/cms/tokens", { replace: true, preventScrollReset: true });
  const listHeading = useRef<HTMLHeadingElement>(null);

  useFetcherResult(revokeFetcher, (result) => {
    if (result.ok) {
      toast({ title: "Token revoked", description: result.message });
      closeDialog();
      // The row and its button are gone: the focus goes to the list, not to the top of the page.
      requestAnimationFrame(() => listHeading.current?.focus());
    } else {
      toast({ title: "Revoke failed", description: result.message, variant: "destructive" });
    }
  });

  const createResult = createFetcher.data ?? (posted && ("created" in posted || "values" in posted) ? posted : undefined);
  const revokeError = posted && !posted.ok && !("values" in posted) ? posted.message : undefined;

  return (
    <CmsShell
      user={user}
      title="API tokens"
      description={
        <>
          Tokens let other software — a CRM, a newsletter tool, a script — read and write through the CMS API without a
          password. Each token has only the scopes you give it and is sent as{" "}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">Authorization: Bearer &lt;token&gt;</code>
          . Revoke a token as soon as the tool that uses it is retired. The{" "}
          <Link to="/cms/api" className="font-medium text-primary-strong underline underline-offset-2 hover:text-primary-hover">
            API reference
          </Link>{" "}
          lists every endpoint and the scope it needs.
        </>
      }
    >
      {revokeError && (
        <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {revokeError}
        </p>
      )}
      {confirmRevoke && (
        <ConfirmDelete
          title="Revoke token"
          description={`Revoke “${confirmRevoke.name}” (${confirmRevoke.prefix}…)? Every request with it is refused from now on, on every server. This cannot be undone.`}
          action="/cms/tokens"
          cancelTo="/cms/tokens"
          fields={{ intent: "revoke", tokenId: String(confirmRevoke.id) }}
          fetcher={revokeFetcher}
          onClose={closeDialog}
          confirmLabel="Revoke"
        />
      )}
      {createResult?.ok && createResult.created && (
        <ShownOnce
          key={createResult.created.id}
          value={createResult.created.token}
          name="token"
          label="New token"
          warning={<>Copy “{createResult.created.name}” now: it will not be shown again.</>}
          copiedHint="Paste it into the tool's secret settings."
          className="mb-6 max-w-4xl sm:p-5"
          testId="created-token"
        >
          Only a fingerprint is kept, so nobody can read it back. Store it as a secret: whoever has it can use its scopes until you
          revoke it.
        </ShownOnce>
      )}
      <div className="grid gap-6 xl:grid-cols-[24rem_minmax(0,1fr)]">
        <NewTokenCard fetcher={createFetcher} result={createResult} />
        <section aria-labelledby="tokens-heading" className="grid content-start gap-3">
          <h2
            id="tokens-heading"
            ref={listHeading}
            tabIndex={-1}
            className="text-lg font-semibold tracking-tight text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Active tokens{tokens.length > 0 ? ` (${tokens.length})` : ""}
          </h2>
          {tokens.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <KeyRound className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium text-foreground">No tokens yet</p>
              <p className="max-w-sm text-sm text-muted-foreground">Create one for each tool that needs the API, so you can revoke them one by one.</p>
            </Card>
          ) : (
            <Card className="overflow-hidden">
              <Table>
                <caption className="sr-only">API tokens that work, newest first, with their scopes and last use</caption>
                {/* Below md the rows stack into cards; the header stays for screen readers. */}
                <TableHeader className="max-md:sr-only">
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Scopes</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead>Last used</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {tokens.map((token) => (
                    <TokenRow key={token.id} token={token} />
                  ))}
                </TableBody>
              </Table>
            </Card>
          )}
        </section>
      </div>
    </CmsShell>
  );
}

function NewTokenCard({ fetcher, result }: { fetcher: ReturnType<typeof useFetcher<TokensResult>>; result: TokensResult | undefined }) {
  const id = useId();
  const hydrated = useHydrated();
  const creating = fetcher.state !== "idle";
  const refused = result && !result.ok ? result : undefined;
  const errors = refused?.errors ?? {};
  const values = refused?.values;
  // A new form after each token, so the next one starts empty.
  const [formKey, setFormKey] = useState(0);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: "Token created", description: answer.message });
      setFormKey((key) => key + 1);
    } else {
      toast({ title: "Could not create the token", description: answer.message, variant: "destructive" });
    }
  });

  return (
    <Card className="self-start">
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-snug font-semibold tracking-tight">New token</h2>
        <CardDescription>Name it after the tool that will use it, and give it only the scopes that tool needs.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {refused && !hydrated && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {refused.message}
          </p>
        )}
        <fetcher.Form key={formKey} method="post" action="/cms/tokens" className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="create" />
          {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              name="name"
              defaultValue={values?.name ?? ""}
              maxLength={TOKEN_NAME_MAX}
              required
              autoComplete="off"
              placeholder="e.g. HubSpot lead sync"
              {...fieldErrorProps(`${id}-name`, errors.name)}
            />
            <FieldError fieldId={`${id}-name`} message={errors.name} />
          </div>
          <fieldset className="grid gap-3" aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
            <legend className="mb-3 text-sm font-medium text-foreground">Scopes</legend>
            {API_TOKEN_SCOPES.map((scope) => (
              <CheckboxChoice
                key={scope}
                id={`${id}-${scope}`}
                name="scopes"
                value={scope}
                {...apiTokenScopeLabels[scope]}
                defaultChecked={values?.scopes.includes(scope) ?? false}
              />
            ))}
            <FieldError fieldId={`${id}-scopes`} message={errors.scopes} />
          </fieldset>
          <div className="flex justify-end border-t border-border pt-5">
            <Button type="submit" disabled={creating} aria-busy={creating}>
              {creating ? <Spinner /> : <Plus aria-hidden="true" />}
              Create token
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const timeZone = useSiteTimeZone();
  return (
    <TableRow className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:px-4 max-md:py-4 max-md:[&>td]:p-0">
      <TableCell className="max-md:w-full">
        <span className="block font-medium break-all text-foreground">{token.name}</span>
        <code className="font-mono text-xs text-muted-foreground">{token.prefix}…</code>
      </TableCell>
      <TableCell className="max-md:w-full">
        <ul className="flex flex-wrap gap-1.5" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <li key={scope} className="rounded-full bg-primary-soft px-2 py-0.5 font-mono text-xs font-medium whitespace-nowrap text-primary-strong">
              {scope}
            </li>
          ))}
        </ul>
      </TableCell>
      <TableCell className="text-sm text-muted-foreground max-md:w-full">
        <span className="md:hidden">Created </span>
        <span className="whitespace-nowrap">{formatCmsDate(token.createdAt, timeZone)}</span>
        <span className="block text-xs">{token.createdBy ? `by ${token.createdBy.name}` : "by a deleted account"}</span>
      </TableCell>
      <TableCell className="text-sm text-muted-foreground max-md:w-full">
        <span className="md:hidden">Last used </span>
        {token.lastUsedAt ? (
          <time dateTime={token.lastUsedAt}>{formatInZone(token.lastUsedAt, timeZone)}</time>
        ) : (
          <span>Never</span>
        )}
      </TableCell>
      <TableCell className="text-right max-md:w-full max-md:text-left">
        <Button asChild variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Link to={`?revoke=${token.id}`} preventScrollReset>
            <XCircle aria-hidden="true" />
            Revoke<span className="sr-only"> {token.name}</span>
          </Link>
        </Button>
      </TableCell>
    </TableRow>
  );
}
