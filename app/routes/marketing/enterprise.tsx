import {
  Building2,
  CalendarCheck,
  Cable,
  Cloud,
  Columns3,
  DatabaseZap,
  FileKey2,
  GraduationCap,
  Handshake,
  Headset,
  KeyRound,
  LayoutDashboard,
  Mail,
  Network,
  PlugZap,
  Puzzle,
  ScrollText,
  ServerCog,
  ShieldCheck,
  SlidersHorizontal,
  Smartphone,
  TimerReset,
  UserRoundCheck,
  UserRoundX,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import type { Route } from "./+types/enterprise";
import { seo } from "../../lib/seo.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { Button } from "../../components/ui/button.tsx";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { IconBadge } from "../../components/ui/icon-badge.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { ComparisonTable } from "../../components/marketing/comparison-table.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { adminConsoleIllustration } from "../../assets/illustrations/admin-console.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Enterprise",
    description:
      "Zuri for Enterprise: single sign-on, role-based access, audit logs, API access and flexible deployment, with a customer success manager and priority support.",
  });

const reasons = [
  {
    icon: ShieldCheck,
    title: "Security and control",
    description: "Single sign-on, roles and audit logs keep data in the right hands and every change on record.",
  },
  {
    icon: Network,
    title: "Scales across the organization",
    description: "Many teams and organizations on one platform, each with its own data and permissions.",
  },
  {
    icon: Puzzle,
    title: "Fits your architecture",
    description: "Database connectors, API access and webhooks link Zuri to the systems you already run.",
  },
  {
    icon: Handshake,
    title: "A partner, not just a vendor",
    description: "Success management, onboarding and priority support help you reach value quickly and keep it.",
  },
];

interface ListItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** The eight enterprise capabilities of docs/product.md §1: two rows of four. */
const keyFeatures: ListItem[] = [
  { icon: KeyRound, title: "Single sign-on & role-based access", description: "Sign in through your identity provider; grant access by role." },
  { icon: Building2, title: "Multi-team & multi-organization management", description: "Separate workspaces for teams or organizations, managed centrally." },
  { icon: ScrollText, title: "Audit logs", description: "Who accessed and changed what, and when, on record." },
  { icon: Webhook, title: "API access & webhooks", description: "Zuri's data and insights in your own applications and workflows." },
  { icon: SlidersHorizontal, title: "Custom scoring models & data pipelines", description: "Your own assessment criteria, and the way data flows into Zuri." },
  { icon: PlugZap, title: "External database connectors", description: "Connect the databases you already run." },
  { icon: Columns3, title: "AI column generation", description: "New columns that Zuri AI generates from the data you have." },
  { icon: LayoutDashboard, title: "Dashboards with drill-downs", description: "From the headline figure down to the record behind it." },
];

/**
 * What the software does today to protect access and data, each a fact of the code and its decision records
 * (docs/decisions/030, 031, 053, 072, 073, 075, 002), not a certification or a promise.
 */
const safeguards: ListItem[] = [
  {
    icon: Smartphone,
    title: "Two-step sign-in",
    description: "An authenticator app or a passkey as a second factor, with single-use recovery codes. Administrators can require it.",
  },
  {
    icon: TimerReset,
    title: "Sessions that end",
    description: "Sessions are kept on the server, renewed at every sign-in and closed after an idle and a maximum time you set.",
  },
  {
    icon: FileKey2,
    title: "Scoped API tokens",
    description: "Each token carries only the scopes it needs, is shown once, is stored as a hash and stops working the moment it is revoked.",
  },
  {
    icon: Webhook,
    title: "Signed webhooks",
    description: "Every delivery is signed with HMAC-SHA256 in the Standard Webhooks format, so your systems can verify where it came from.",
  },
  {
    icon: UserRoundX,
    title: "Personal data on request",
    description: "Everything held about a lead can be exported for a subject-access request, or erased in one step with its history.",
  },
  {
    icon: DatabaseZap,
    title: "Your database, your servers",
    description: "In a private deployment Zuri keeps its state in a database on infrastructure you choose, so the data and the servers stay yours.",
  },
];

/** The two deployment options of docs/product.md §1, compared on what differs between them. */
const deploymentRows = [
  { aspect: "Where Zuri runs", cells: ["In the cloud, run by us", "In a dedicated environment for your organization"] },
  { aspect: "Database", cells: ["Managed for you", "Yours, on infrastructure you choose"] },
  { aspect: "Updates and monitoring", cells: ["Handled by us", "Planned with your IT team"] },
  { aspect: "Service and plan", cells: ["Enterprise service levels", "A custom plan"] },
] as const;

const services: ListItem[] = [
  { icon: UserRoundCheck, title: "Customer success manager", description: "One named contact who knows your goals and keeps Zuri delivering against them." },
  { icon: GraduationCap, title: "Onboarding & training", description: "So every team is confident from the first week." },
  { icon: Headset, title: "Priority support", description: "Your questions go to the front of the queue." },
  { icon: CalendarCheck, title: "Quarterly data-optimization reviews", description: "We review your data, dashboards and models with you and agree what to improve." },
  { icon: Cable, title: "Custom integrations", description: "Built around your systems, so Zuri fits your processes." },
];

export default function Enterprise() {
  const { salesEmail } = useSiteDetails();
  return (
    <>
      <PageHero
        eyebrow="Zuri for Enterprise"
        title="Decision intelligence at enterprise scale"
        description="Give every team self-service answers from governed data, with the security, control and support a large organization requires."
        freeTrialNote={false}
        visual={<Illustration image={adminConsoleIllustration} priority />}
      />

      <Section aria-labelledby="why-enterprises">
        <SectionHeader
          id="why-enterprises"
          eyebrow="Why Zuri"
          title="Why enterprises choose us"
          description="Large organizations need more than smart analytics: they need it secure, governed and supported."
        />
        <ul className="mt-10 grid gap-x-8 gap-y-8 sm:mt-14 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ icon: Icon, title, description }) => (
            <li key={title} className="border-t-2 border-primary pt-5">
              <h3 className="flex items-center gap-2.5 text-lg leading-snug font-semibold tracking-tight text-foreground">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-strong" strokeWidth={2} />
                {title}
              </h3>
              <p className="mt-2 leading-7 text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="key-features" tone="subtle">
        <SectionHeader
          id="key-features"
          eyebrow="Key features"
          title="Enterprise capabilities, built in"
          description="Eight capabilities for your security, data and operations requirements."
        />
        <ul className="mt-10 grid gap-px overflow-hidden rounded-3xl border border-border bg-border shadow-card sm:mt-14 sm:grid-cols-2 lg:grid-cols-4">
          {keyFeatures.map(({ icon, title, description }) => (
            <li key={title} className="flex items-center gap-4 bg-background px-5 py-4 sm:flex-col sm:items-start sm:p-7">
              <IconBadge icon={icon} size="sm" />
              <div>
                <h3 className="leading-snug font-semibold text-foreground">{title}</h3>
                {/* A phone lists the eight by name; the line under each joins from the small breakpoint. */}
                <p className="mt-1.5 hidden text-sm leading-6 text-muted-foreground sm:block">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="security-trust" className="relative isolate overflow-hidden bg-brand-950 py-12 text-white sm:py-20 lg:py-24">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-800),transparent_60%)] opacity-80"
        />
        <div className="container-page">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Security and trust</p>
            <h2 id="security-trust" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Safeguards you can see working
            </h2>
            <p className="mt-4 text-base leading-7 text-brand-100 sm:text-lg sm:leading-8">
              What the software does today to protect access and data. Bring your security team to the demo and we will
              show each one.
            </p>
          </div>
          <ul className="mt-10 grid gap-x-10 gap-y-8 sm:mt-14 sm:grid-cols-2 lg:grid-cols-3">
            {safeguards.map(({ icon, title, description }) => (
              <li key={title} className="flex gap-4">
                <IconBadge icon={icon} size="sm" tone="dark" />
                <div>
                  <h3 className="leading-snug font-semibold">{title}</h3>
                  <p className="mt-1.5 text-sm leading-6 text-brand-100">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section aria-labelledby="deployment-options">
        <SectionHeader
          id="deployment-options"
          eyebrow="Deployment"
          title="Deployment options"
          description="Choose the model that fits your requirements. The product and the support are the same either way."
        />
        <ComparisonTable
          className="mx-auto mt-10 max-w-4xl sm:mt-14"
          caption="Cloud-hosted SaaS and private deployment compared"
          columns={[{ title: "Cloud-hosted SaaS", icon: Cloud }, { title: "Private deployment", icon: ServerCog }]}
          rows={deploymentRows}
        />
      </Section>

      <Section aria-labelledby="services-support" tone="subtle">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:gap-16">
          {/* The heading stays beside the list while it scrolls by, rather than above an empty column. */}
          <div className="lg:sticky lg:top-28 lg:self-start">
            <SectionHeader
              id="services-support"
              align="left"
              eyebrow="Services"
              title="Services and support"
              description="A team that stays with you after go-live, as your organization changes."
            />
          </div>
          <ul className="divide-y divide-border border-y border-border">
            {services.map(({ icon, title, description }) => (
              <li key={title} className="flex gap-4 py-5">
                <IconBadge icon={icon} size="sm" />
                <div>
                  <h3 className="leading-snug font-semibold text-foreground">{title}</h3>
                  <p className="mt-1 text-sm leading-6 text-muted-foreground">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <CtaBand
        id="talk-to-sales"
        title="Talk to Sales"
        description="Tell us about your organization, your data and your requirements. We will show you Zuri on data like yours and shape a plan around it."
        actions={
          <>
            <BookDemoButton />
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
              <a href={`mailto:${salesEmail}`}>
                <Mail aria-hidden="true" />
                Contact Sales
              </a>
            </Button>
          </>
        }
      />
    </>
  );
}
