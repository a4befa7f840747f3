import { data, Form, Link, redirect } from "react-router";
import { Download, Inbox, Search } from "lucide-react";
import { z } from "../../lib/zod.ts";
import type { Route } from "./+types/demo-requests";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { DemoRequestCard } from "../../components/demo/demo-request-card.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { requireAdmin } from "../../lib/auth.server.ts";
import { fieldErrors, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { demoRequestStatuses, demoRequestStatusLabels } from "../../lib/demo-request.ts";
import { servicesContext } from "../../request-context.ts";

export function headers() {
  return noStoreHeaders;
}

const statusChangeSchema = z.object({
  id: z.coerce.number().int().positive("Unknown demo request"),
  status: z.enum(demoRequestStatuses, "Choose New, Contacted or Closed"),
});

/** The sales inbox (issue 7): every demo request, newest first, searchable, admin only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 200) ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const { demoRequests } = context.get(servicesContext);
  const result = await demoRequests.list({ search: q || undefined, page });
  return { user, q, page, ...result };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { form, enhanced } = await readCmsForm(request);
  const parsed = statusChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return data({ ok: false as const, message: Object.values(errors)[0] ?? "Invalid request", errors }, { status: 400 });
  }
  const { demoRequests } = context.get(servicesContext);
  const updated = await demoRequests.updateStatus(parsed.data.id, parsed.data.status);
  if (!updated) return data({ ok: false as const, message: "This demo request no longer exists." }, { status: 404 });
  const message = `${updated.name} is now ${demoRequestStatusLabels[updated.status]}.`;
  // Without JavaScript: back to the same list (same search and page), so a reload does not post again.
  if (!enhanced) throw redirect(`${new URL(request.url).pathname}${new URL(request.url).search}`);
  return { ok: true as const, message };
}

export default function DemoRequests({ loaderData }: Route.ComponentProps) {
  const { user, q, page, requests, total, pageSize } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (target: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(target) })}`;
  const exportHref = `/cms/demo-requests.csv${q ? `?${new URLSearchParams({ q })}` : ""}`;

  return (
    <CmsShell
      user={user}
      title="Demo Requests"
      actions={
        <a href={exportHref} download className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <Form method="get" role="search" className="flex w-full max-w-xl items-end gap-2">
          <div className="flex-1">
            <label htmlFor="demo-search" className="mb-2 block text-sm font-medium text-foreground">
              Search by name, email or organization
            </label>
            <Input id="demo-search" type="search" name="q" defaultValue={q} key={q} maxLength={200} />
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            Search
          </Button>
        </Form>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === 1 ? "1 request" : `${total} requests`}
          {q && (
            <>
              {" "}
              matching “{q}” ·{" "}
              <Link to="/cms/demo-requests" className="font-medium text-primary-strong underline-offset-4 hover:underline">
                Clear search
              </Link>
            </>
          )}
        </p>
      </div>

      {requests.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-white px-6 py-16 text-center">
          <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold text-foreground">
            {q ? "No demo requests match your search" : "No demo requests yet"}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {q ? "Try a different name, email or organization." : "Requests from the Book a Demo page appear here."}
          </p>
        </div>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label="Demo requests, newest first">
          {requests.map((request) => (
            <li key={request.id}>
              <DemoRequestCard request={request} />
            </li>
          ))}
        </ol>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={buttonVariants({ variant: "outline" })}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </p>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={buttonVariants({ variant: "outline" })}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </CmsShell>
  );
}
