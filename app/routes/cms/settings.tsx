import { useRef, useState, type ReactNode } from "react";
import { redirect, useActionData, useFetcher } from "react-router";
import { Building2, ChevronDown, Clock, ImageUp, Mail, Save, TriangleAlert, UserPlus, Link2 } from "lucide-react";
import type { Route } from "./+types/settings";
import { servicesContext } from "../../request-context.ts";
import { staffContext } from "../../lib/auth.server.ts";
import { field, noStoreHeaders, readCmsForm } from "../../lib/cms-form.server.ts";
import { refusalData } from "../../lib/refusal.server.ts";
import { isRefusal, refuse } from "../../../shared/refusal.ts";
import {
  DEFAULT_OG_IMAGE,
  PLACEHOLDER_SITE_DETAILS,
  placeholderDetails,
  siteDetailLabels,
  type SiteDetails,
} from "../../../shared/site-details.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CmsShell } from "../../components/cms/cms-shell.tsx";
import { useFetcherResult } from "../../components/cms/use-fetcher-result.ts";
import { FieldError, fieldErrorProps } from "../../components/cms/editor/field-error.tsx";
import { PlaceholderList, fieldAnchor } from "../../components/cms/placeholder-settings.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ImageUploadButton } from "../../components/cms/image-upload-button.tsx";
import { filterSelectClass } from "../../components/cms/filter-field.tsx";
import { contentsLinkClass } from "../../components/cms/api-reference/reference-contents.tsx";
import { cn } from "../../lib/cn.ts";

export function headers() {
  return noStoreHeaders;
}

/**
 * /cms/settings: whether anyone may register (docs/decisions/028) and the site's details, the
 * company, mailboxes, links, time zone and sharing image every page reads (docs/decisions/054).
 * Plain form posts: both work without JavaScript (only the image upload needs it).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const { siteSettings } = context.get(servicesContext);
  return { user, settings: await siteSettings.read(), details: await siteSettings.details(), timeZones: Intl.supportedValuesOf("timeZone") };
}

const DETAIL_KEYS = Object.keys(PLACEHOLDER_SITE_DETAILS) as (keyof SiteDetails)[];

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(staffContext);
  const { siteSettings } = context.get(servicesContext);
  const { form, enhanced } = await readCmsForm(request);
  const intent = field(form, "intent");
  if (intent === "details") {
    const values = Object.fromEntries(DETAIL_KEYS.map((key) => [key, field(form, key)])) as unknown as SiteDetails;
    const saved = await siteSettings.updateDetails(actor, values);
    // What was typed comes back with a refusal, so a form posted without JavaScript keeps it.
    if (isRefusal(saved)) return refusalData(saved, { intent, values });
    if (!enhanced) throw redirect("/cms/settings");
    return { ok: true as const, intent, message: "Every page shows the new details from its next visit." };
  }
  const open = field(form, "registrationOpen");
  if (intent !== "registration" || (open !== "true" && open !== "false")) {
    return refusalData(refuse("invalid", "Unknown settings action"));
  }
  const saved = await siteSettings.update(actor, { registrationOpen: open === "true" });
  if (!enhanced) throw redirect("/cms/settings");
  return {
    ok: true as const,
    intent,
    message: saved.registrationOpen ? "Anyone can create an account again." : "Only people you invite can create an account now.",
  };
}

type SettingsResult = ActionResult & { intent?: string; values?: SiteDetails };

export default function CmsSettings({ loaderData }: Route.ComponentProps) {
  const { user, settings, details, timeZones } = loaderData;
  const placeholders = placeholderDetails(details);
  return (
    <CmsShell user={user} title="Settings">
      {/* From lg an index of the sections sits beside them, as the API reference's contents do. */}
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,56rem)] lg:gap-10">
        <SettingsIndex />
        <div className="grid min-w-0 gap-6">
          {/* One line with the count; the list, each name leading to its field, behind a disclosure that works
              without JavaScript (docs/decisions/054, amendment of 2026-11-27). */}
          {placeholders.length > 0 && (
            <details className="group/placeholders rounded-xl border border-amber-300 bg-amber-50 text-sm text-amber-950">
              <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-3 outline-none hover:bg-amber-100/60 focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                <TriangleAlert className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
                <h2 className="font-semibold">
                  {placeholders.length === 1 ? "One setting is" : `${placeholders.length} settings are`} still a placeholder
                </h2>
                <span className="text-amber-900 max-sm:basis-full max-sm:pl-7">Every public page shows them.</span>
                <span className="ml-auto inline-flex items-center gap-1 font-medium whitespace-nowrap max-sm:ml-7">
                  <span className="group-open/placeholders:hidden">Show which</span>
                  <span className="hidden group-open/placeholders:inline">Hide the list</span>
                  <ChevronDown className="size-4 text-amber-700 transition-transform group-open/placeholders:rotate-180" aria-hidden="true" />
                </span>
              </summary>
              <div className="border-t border-amber-200 px-4 pt-3 pb-4">
                <PlaceholderList placeholders={placeholders} linked className="gap-x-8 sm:grid-cols-2 lg:grid-cols-3" />
              </div>
            </details>
          )}
          {/* Two save models, each said where it applies (docs/decisions/054): registration acts at once, the site's
              details wait for "Save details", whose bar stays in view at the foot of the screen. */}
          <section id="settings-access" aria-labelledby="settings-access-title" className="grid scroll-mt-6 gap-2">
            <SectionTitle id="settings-access-title" title="Access" note="Takes effect as soon as you press the button." />
            <RegistrationCard open={settings.registrationOpen} />
          </section>
          <section id="settings-details" aria-labelledby="settings-details-title" className="grid scroll-mt-6 gap-2">
            <SectionTitle id="settings-details-title" title="Site details" note="Change any of these, then press Save details: nothing here is saved until you do." />
            <DetailsForm details={details} timeZones={timeZones} />
          </section>
        </div>
      </div>
    </CmsShell>
  );
}

const TIME_ID = "settings-time";

/** The sections, linked by anchor: a sticky column beside them from lg; phones scroll the one column. */
function SettingsIndex() {
  const entries = [
    { id: "settings-access", title: "Access", sub: false },
    { id: "settings-details", title: "Site details", sub: false },
    ...GROUPS.map(({ id, title }) => ({ id, title, sub: true })),
    { id: TIME_ID, title: "Time and sharing", sub: true },
  ];
  return (
    <nav aria-label="Settings sections" className="sticky top-6 hidden self-start lg:block">
      <p className="px-2 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">On this page</p>
      <ul className="grid gap-0.5">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={cn(contentsLinkClass, entry.sub ? "pl-5 text-muted-foreground" : "font-medium text-foreground")}>
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RegistrationCard({ open }: { open: boolean }) {
  const fetcher = useFetcher<SettingsResult>({ key: "registration" });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast({ title: "Registration", description: result.message });
    else toast({ title: "Change failed", description: result.message, variant: "destructive" });
  });
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
      <div className="flex min-w-0 flex-1 basis-80 gap-3">
        <SectionIcon>
          <UserPlus className="size-5" aria-hidden="true" />
        </SectionIcon>
        <div className="grid gap-1">
          <h3 className="text-base font-semibold text-foreground">Registration is {open ? "open" : "closed"}</h3>
          <p className="text-sm text-muted-foreground">
            {open
              ? "Anyone can create an account on the login page's Register tab; it has no access to the CMS until an administrator gives it a role."
              : "The Register tab asks people to ask an administrator for an invitation. Invite people from the Users page."}
          </p>
        </div>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="registration" />
        <input type="hidden" name="registrationOpen" value={open ? "false" : "true"} />
        {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
        <Button type="submit" variant={open ? "default" : "outline"} disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {open ? "Close registration" : "Open registration"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

function SectionTitle({ id, title, note }: { id: string; title: string; note: string }) {
  return (
    <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <h2 id={id} className="text-lg font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{note}</p>
    </div>
  );
}

function SectionIcon({ children }: { children: ReactNode }) {
  return (
    <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">{children}</span>
  );
}

/** The input types and hints of the details that need them. */
const FIELD_PROPS: Partial<Record<keyof SiteDetails, { type?: string; hint?: string; autoComplete?: string }>> = {
  legalName: { hint: "As registered: the footer's copyright line and the legal pages.", autoComplete: "organization" },
  companyNumber: { hint: "Companies House number, e.g. 12345678 or SC123456." },
  officeStreet: { autoComplete: "address-line1" },
  officeLocality: { autoComplete: "address-level2" },
  officePostalCode: { autoComplete: "postal-code" },
  officeCountry: { autoComplete: "country-name" },
  supportEmail: { type: "email", hint: "The footer, the error pages and the legal pages." },
  salesEmail: { type: "email", hint: "Contact Sales links, the footer and the demo form's answer when a network sends too many." },
  privacyEmail: { type: "email", hint: "The privacy policy: where people exercise their rights." },
  xUrl: { type: "url", hint: "https://x.com/yourcompany. Its handle is every page's twitter:site." },
  linkedInUrl: { type: "url", hint: "https://www.linkedin.com/company/yourcompany" },
  spreadsheetAnalyzerUrl: { type: "url", hint: "The footer's Tools link." },
};

const GROUPS: { id: string; title: string; description: string; icon: ReactNode; keys: (keyof SiteDetails)[] }[] = [
  {
    id: "settings-company",
    title: "Company",
    description: "Who runs the site, as the footer, the legal pages and the structured data state it.",
    icon: <Building2 className="size-5" aria-hidden="true" />,
    keys: ["legalName", "companyNumber", "officeStreet", "officeLocality", "officePostalCode", "officeCountry"],
  },
  {
    id: "settings-mailboxes",
    title: "Mailboxes",
    description: "Where visitors write to.",
    icon: <Mail className="size-5" aria-hidden="true" />,
    keys: ["supportEmail", "salesEmail", "privacyEmail"],
  },
  {
    id: "settings-links",
    title: "Links",
    description: "The footer's social and tool links.",
    icon: <Link2 className="size-5" aria-hidden="true" />,
    keys: ["xUrl", "linkedInUrl", "spreadsheetAnalyzerUrl"],
  },
];

function DetailsForm({ details, timeZones }: { details: SiteDetails; timeZones: string[] }) {
  const fetcher = useFetcher<SettingsResult>({ key: "details" });
  // Without JavaScript the form is a plain post: its refusal comes back as the page's action data.
  const posted = useActionData<SettingsResult>();
  const result = fetcher.data ?? (posted?.intent === "details" ? posted : undefined);
  const refused = result && !result.ok ? result : undefined;
  const start = refused?.values ?? details;
  const errors = refused?.errors ?? {};
  const hydrated = useHydrated();
  const saving = fetcher.state !== "idle";
  const [ogImage, setOgImage] = useState(start.ogImage);
  const formRef = useRef<HTMLFormElement>(null);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) return toast({ title: "Site details saved", description: answer.message });
    toast({ title: "Save failed", description: answer.message, variant: "destructive" });
    // The first refused field takes the focus, its message read with it.
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  });

  const textField = (key: keyof SiteDetails) => {
    const props = FIELD_PROPS[key] ?? {};
    const fieldId = fieldAnchor(key);
    return (
      <div key={key} className="grid content-start gap-2">
        <Label htmlFor={fieldId}>{siteDetailLabels[key]}</Label>
        <Input
          id={fieldId}
          name={key}
          type={props.type ?? "text"}
          defaultValue={start[key]}
          required
          autoComplete={props.autoComplete ?? "off"}
          {...fieldErrorProps(fieldId, errors[key], ...(props.hint ? [`${fieldId}-hint`] : []))}
        />
        <FieldError fieldId={fieldId} message={errors[key]} />
        {props.hint && (
          <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
            {props.hint}
          </p>
        )}
      </div>
    );
  };

  return (
    <fetcher.Form method="post" ref={formRef} noValidate className="grid gap-6" aria-label="Site details">
      <input type="hidden" name="intent" value="details" />
      {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
      {refused && !hydrated && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {refused.message}
        </p>
      )}
      {GROUPS.map((group) => (
        <Card key={group.id} id={group.id} className="scroll-mt-6 p-5">
          <fieldset className="grid gap-5">
            <div className="flex gap-3">
              <SectionIcon>{group.icon}</SectionIcon>
              <div className="grid gap-1">
                <legend className="text-base font-semibold text-foreground">{group.title}</legend>
                <p className="text-sm text-muted-foreground">{group.description}</p>
              </div>
            </div>
            <div className="grid gap-5 sm:grid-cols-2">{group.keys.map(textField)}</div>
          </fieldset>
        </Card>
      ))}
      <Card id={TIME_ID} className="scroll-mt-6 p-5">
        <fieldset className="grid gap-5">
          <div className="flex gap-3">
            <SectionIcon>
              <Clock className="size-5" aria-hidden="true" />
            </SectionIcon>
            <div className="grid gap-1">
              <legend className="text-base font-semibold text-foreground">Time and sharing</legend>
              <p className="text-sm text-muted-foreground">
                The CMS shows and takes every time in this zone: scheduling, the inbox, the activity log.
              </p>
            </div>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={fieldAnchor("timeZone")}>{siteDetailLabels.timeZone}</Label>
              <select
                id={fieldAnchor("timeZone")}
                name="timeZone"
                defaultValue={start.timeZone}
                className={cn(filterSelectClass, "aria-invalid:border-destructive")}
                {...fieldErrorProps(fieldAnchor("timeZone"), errors.timeZone)}
              >
                {timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, " ")}
                  </option>
                ))}
              </select>
              <FieldError fieldId={fieldAnchor("timeZone")} message={errors.timeZone} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={fieldAnchor("ogImage")}>{siteDetailLabels.ogImage}</Label>
              <div className="flex gap-2">
                <Input
                  id={fieldAnchor("ogImage")}
                  name="ogImage"
                  value={ogImage}
                  onChange={(event) => setOgImage(event.target.value)}
                  autoComplete="off"
                  {...fieldErrorProps(fieldAnchor("ogImage"), errors.ogImage, `${fieldAnchor("ogImage")}-hint`)}
                />
                <ImageUploadButton onUploaded={setOgImage} disabled={!hydrated} icon={ImageUp}>
                  Upload
                </ImageUploadButton>
              </div>
              <FieldError fieldId={fieldAnchor("ogImage")} message={errors.ogImage} />
              <p id={`${fieldAnchor("ogImage")}-hint`} className="text-xs text-muted-foreground">
                Shown when a page without its own image is shared: 1200 × 630 pixels. {DEFAULT_OG_IMAGE} is the one the site ships with.
              </p>
            </div>
          </div>
        </fieldset>
      </Card>
      {/* Sticky: the save stays in view however far down the form one edits (docs/decisions/054). */}
      <div className="sticky bottom-3 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-white/95 px-4 py-3 shadow-card backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <p className="text-sm text-muted-foreground">Company, mailboxes, links, time zone and sharing image are saved together.</p>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Spinner /> : <Save aria-hidden="true" />}
          Save details
        </Button>
      </div>
    </fetcher.Form>
  );
}
