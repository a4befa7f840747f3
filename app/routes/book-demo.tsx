import { isRefusal, refusalHeaders, refusalStatus } from "../../shared/refusal.ts";
import { data, redirect } from "react-router";
import { Clock, CreditCard, ServerCog } from "lucide-react";
import type { Route } from "./+types/book-demo";
import { BookDemoForm } from "../components/demo/book-demo-form.tsx";
import { WhatToExpect } from "../components/demo/what-to-expect.tsx";
import { SubmittedNotice } from "../components/demo/submitted-notice.tsx";
import {
  demoAttributionSchema,
  demoFormValuesFrom,
  demoRequestSchema,
  demoSpamSignalsSchema,
  validateDemoForm,
} from "../../shared/demo-request.ts";
import { readFormBody } from "../lib/form-body.server.ts";
import { seo } from "../lib/seo.ts";
import { requestInfoContext, servicesContext } from "../request-context.ts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Book a Personalized Demo",
    description:
      "See Zuri on questions like yours: a personalized tour, insights for your industry, a Q&A with a product expert and pricing for your needs.",
    path: "/book-demo",
  });

/**
 * The form carries this visitor's source page, campaign and token: never from a shared cache.
 * A rate-limited no-JavaScript post also carries its Retry-After to the browser.
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The page and campaign the visitor came from, carried by the form (decision 052: leads keep their source). */
function attributionFor(request: Request) {
  const url = new URL(request.url);
  const referer = request.headers.get("referer");
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  const sameSite = from && from.origin === url.origin && from.pathname !== "/book-demo";
  return demoAttributionSchema.parse({
    sourcePage: sameSite ? from.pathname : url.searchParams.get("from"),
    utmSource: url.searchParams.get("utm_source"),
    utmMedium: url.searchParams.get("utm_medium"),
    utmCampaign: url.searchParams.get("utm_campaign"),
    utmTerm: url.searchParams.get("utm_term"),
    utmContent: url.searchParams.get("utm_content"),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { demoRequests } = context.get(servicesContext);
  return {
    submitted: new URL(request.url).searchParams.has("submitted"),
    formToken: await demoRequests.issueFormToken(),
    attribution: attributionFor(request),
  };
}

/** Without JavaScript the form posts here; the same service as POST /api/book-demo takes it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { demoRequests } = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const body = await readDemoForm(request);
  const values = demoFormValuesFrom(body);
  const parsed = demoRequestSchema.safeParse(values);
  if (!parsed.success) return data({ values, errors: validateDemoForm(values), notice: undefined }, { status: 400 });
  const result = await demoRequests.submit({
    fields: parsed.data,
    attribution: demoAttributionSchema.parse(body),
    spam: demoSpamSignalsSchema.parse(body),
    clientIp,
    requireFormToken: true,
  });
  if (isRefusal(result)) {
    return data({ values, errors: {}, notice: result.message }, { status: refusalStatus[result.code], headers: refusalHeaders(result) });
  }
  // Stored (a lead or suspected spam alike): the confirmation, and a reload does not post again.
  throw redirect("/book-demo?submitted=1");
}

/** Every field at its maximum (5,000 characters of message, multi-byte, URL-encoded) fits in this. */
const MAX_FORM_BYTES = 128 * 1024;

/** The posted fields, refused early (413/400) when too large or unreadable: never a 500. */
async function readDemoForm(request: Request): Promise<Record<string, unknown>> {
  return Object.fromEntries(await readFormBody(request, MAX_FORM_BYTES));
}

export default function BookDemo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="relative isolate bg-linear-to-b from-brand-50/70 via-white to-white">
      <div className="container-page py-16 sm:py-20 lg:py-24">
        <header className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-semibold text-primary-strong sm:text-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            Book a Demo
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
            Book a Personalized Demo
          </h1>
          <p className="mt-5 text-lg leading-8 text-pretty text-muted-foreground">
            Tell us a little about your organization. A product expert will show you how Zuri turns your data into
            decisions, with your questions in mind.
          </p>
          <Reassurances />
        </header>

        <div className="mt-10 grid items-start gap-8 sm:mt-12 lg:grid-cols-[minmax(0,1.45fr)_minmax(0,1fr)] lg:gap-10">
          <section
            aria-labelledby="demo-form-title"
            className="rounded-2xl border border-border bg-white p-6 shadow-card sm:p-8"
          >
            {loaderData.submitted ? (
              <SubmittedNotice />
            ) : (
              <>
                <h2 id="demo-form-title" className="text-lg font-semibold tracking-tight text-foreground">
                  Your details
                </h2>
                <p className="mt-1 mb-6 text-sm text-muted-foreground">
                  Fields marked (optional) can be left empty.
                </p>
                <BookDemoForm
                  formToken={loaderData.formToken}
                  attribution={loaderData.attribution}
                  initialValues={actionData?.values}
                  serverErrors={actionData?.errors}
                  notice={actionData?.notice}
                />
                {/* What the page's script shows in the form's place once the request is stored (docs/decisions/019). */}
                <template data-demo-confirmation="">
                  <SubmittedNotice />
                </template>
              </>
            )}
          </section>
          <div className="lg:row-span-2">
            <WhatToExpect />
          </div>
          <NextSteps />
        </div>
      </div>
    </div>
  );
}

/** Three facts from docs/product.md under the intro (docs/decisions/059): the reply time, the trial note, deployment. */
function Reassurances() {
  const items = [
    { icon: Clock, text: "A reply within 24 hours" },
    { icon: CreditCard, text: "Try Free. No credit card required." },
    { icon: ServerCog, text: "Cloud or private deployment" },
  ];
  return (
    <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-foreground">
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-accent-strong" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** What happens after the form is sent, under it from `lg` up so the two columns end together (docs/decisions/059). */
function NextSteps() {
  const steps = [
    { title: "We reply", text: "Someone from our team gets back to you within 24 hours to agree a time." },
    { title: "We prepare", text: "A product expert reads your message and gets ready for your data and questions." },
    { title: "You see Zuri", text: "A live tour on questions like yours, with time for security, IT and pricing." },
  ];
  return (
    <section aria-labelledby="next-steps-title" className="lg:col-start-1 lg:row-start-2">
      <h2 id="next-steps-title" className="text-sm font-semibold text-foreground">
        What happens next
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-strong ring-1 ring-brand-100"
            >
              {index + 1}
            </span>
            <span>
              <span className="block text-sm font-semibold text-foreground">{step.title}</span>
              <span className="mt-0.5 block text-sm leading-6 text-muted-foreground">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
