import {
  Building2,
  CalendarCheck,
  Cable,
  Cloud,
  Columns3,
  Database,
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
  UserRoundCheck,
  Webhook,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { Route } from "./+types/enterprise";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../../components/ui/button.tsx";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
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
    description:
      "Single sign-on, roles and audit logs keep data in the right hands and every change on record.",
  },
  {
    icon: Network,
    title: "Scales across the organisation",
    description: "Many teams and organisations on one platform, each with its own data and permissions.",
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

/** The eight enterprise capabilities of docs/product.md §1, grouped so the section scans. */
const featureGroups: { title: string; icon: LucideIcon; features: ListItem[] }[] = [
  {
    title: "Security",
    icon: ShieldCheck,
    features: [
      {
        icon: KeyRound,
        title: "Single sign-on & role-based access",
        description: "Sign in through your identity provider; grant access by role.",
      },
      {
        icon: Building2,
        title: "Multi-team & multi-organisation management",
        description: "Separate workspaces for teams or organisations, managed centrally.",
      },
      {
        icon: ScrollText,
        title: "Audit logs",
        description: "Who accessed and changed what, and when, on record.",
      },
    ],
  },
  {
    title: "Data",
    icon: Database,
    features: [
      {
        icon: SlidersHorizontal,
        title: "Custom scoring models & data pipelines",
        description: "Your own assessment criteria and the way data flows into Zuri.",
      },
      {
        icon: PlugZap,
        title: "External database connectors",
        description: "Connect the databases you already run.",
      },
      {
        icon: Columns3,
        title: "AI column generation",
        description: "New columns that Zuri AI generates from the data you have.",
      },
    ],
  },
  {
    title: "Operations",
    icon: Workflow,
    features: [
      {
        icon: LayoutDashboard,
        title: "Dashboards with drill-downs",
        description: "From the headline figure down to the record behind it.",
      },
      {
        icon: Webhook,
        title: "API access & webhooks",
        description: "Zuri's data and insights in your own applications and workflows.",
      },
    ],
  },
];

/** The two deployment options of docs/product.md §1, compared on what differs between them. */
const deploymentOptions = [
  { icon: Cloud, title: "Cloud-hosted SaaS" },
  { icon: ServerCog, title: "Private deployment" },
];

const deploymentRows: { aspect: string; cells: [string, string] }[] = [
  {
    aspect: "Where Zuri runs",
    cells: [
      "In the cloud, fully managed by us; updates, scaling and monitoring are handled for you",
      "In a dedicated environment for your organisation",
    ],
  },
  {
    aspect: "Getting started",
    cells: ["The fastest way: your teams can start straight away", "Shaped with your IT and security teams"],
  },
  {
    aspect: "Service and plan",
    cells: ["Enterprise service levels", "Available on a custom plan"],
  },
];

const services: ListItem[] = [
  {
    icon: UserRoundCheck,
    title: "Customer success manager",
    description: "One named contact who knows your goals and keeps Zuri delivering against them.",
  },
  {
    icon: GraduationCap,
    title: "Onboarding & training",
    description: "So every team is confident from the first week.",
  },
  {
    icon: Headset,
    title: "Priority support",
    description: "Your questions go to the front of the queue.",
  },
  {
    icon: CalendarCheck,
    title: "Quarterly data-optimisation reviews",
    description: "We review your data, dashboards and models with you and agree what to improve.",
  },
  {
    icon: Cable,
    title: "Custom integrations",
    description: "Built around your systems, so Zuri fits your processes.",
  },
];

/** An icon in a soft rounded square, the mark of every item on the page. */
function IconBadge({ icon: Icon, tone = "primary", className }: { icon: LucideIcon; tone?: "primary" | "accent"; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-lg ring-1",
        tone === "primary" ? "bg-primary-soft text-primary-strong ring-brand-100" : "bg-accent-soft text-accent-strong ring-accent-100",
        className,
      )}
    >
      <Icon className="size-4.5" strokeWidth={2} />
    </span>
  );
}

/** A compact row of a list: a small icon, a title and one line. */
function IconListItem({
  item: { icon, title, description },
  heading: Heading,
  tone,
}: {
  item: ListItem;
  heading: "h3" | "h4";
  tone?: "primary" | "accent";
}) {
  return (
    <li className="flex gap-4">
      <IconBadge icon={icon} tone={tone} />
      <div>
        <Heading className="leading-snug font-semibold text-foreground">{title}</Heading>
        <p className="mt-1 text-sm leading-6 text-muted-foreground">{description}</p>
      </div>
    </li>
  );
}

export default function Enterprise() {
  return (
    <>
      <PageHero
        eyebrow="Zuri for Enterprise"
        title="Decision intelligence at enterprise scale"
        description="Give every team self-service answers from governed data, with the security, control and support a large organisation requires."
        freeTrialNote={false}
        visual={<Illustration image={adminConsoleIllustration} priority />}
      />

      <Section aria-labelledby="why-enterprises" className="py-12 sm:py-24">
        <SectionHeader
          id="why-enterprises"
          eyebrow="Why Zuri"
          title="Why enterprises choose us"
          description="Large organisations need more than smart analytics: they need it secure, governed and supported."
        />
        <ul className="mt-10 grid gap-4 sm:mt-14 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {reasons.map((reason) => (
            <li key={reason.title} className="rounded-2xl border border-border bg-background p-5 shadow-card sm:p-6">
              <div className="flex items-center gap-3">
                <IconBadge icon={reason.icon} className="size-10 rounded-xl" />
                <h3 className="text-lg leading-snug font-semibold tracking-tight text-foreground">{reason.title}</h3>
              </div>
              <p className="mt-3 leading-7 text-muted-foreground">{reason.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="key-features" tone="subtle" className="py-12 sm:py-24">
        <SectionHeader
          id="key-features"
          eyebrow="Key features"
          title="Enterprise capabilities, built in"
          description="Eight capabilities for your security, data and operations requirements."
        />
        <div className="mt-10 grid gap-4 sm:mt-14 sm:gap-5 lg:grid-cols-3 lg:gap-6">
          {featureGroups.map((group) => (
            <div
              key={group.title}
              className="rounded-2xl border border-border bg-background p-5 shadow-card sm:p-7"
              data-slot="feature-group"
            >
              <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-primary-strong uppercase">
                <group.icon aria-hidden="true" className="size-4" strokeWidth={2} />
                {group.title}
              </h3>
              <ul className="mt-4 space-y-4 border-t border-border pt-4 sm:mt-5 sm:grid sm:grid-cols-2 sm:gap-x-8 sm:gap-y-5 sm:space-y-0 sm:pt-5 lg:block lg:space-y-5">
                {group.features.map((feature) => (
                  <IconListItem key={feature.title} item={feature} heading="h4" tone="accent" />
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section aria-labelledby="deployment-options" className="py-12 sm:py-24">
        <SectionHeader
          id="deployment-options"
          eyebrow="Deployment"
          title="Deployment options"
          description="Choose the model that fits your requirements: the product and the support are the same either way."
        />
        <div className="mx-auto mt-10 max-w-4xl overflow-hidden rounded-2xl border border-border bg-background shadow-card sm:mt-14">
          {/* Two columns of options; on a phone each row's label sits above its two cells (docs/product.md §1's two options). */}
          <table className="w-full border-collapse text-left text-sm leading-6 sm:text-base sm:leading-7">
            <caption className="sr-only">Cloud-hosted SaaS and private deployment compared</caption>
            <thead className="bg-subtle">
              <tr className="grid grid-cols-2 sm:table-row">
                <td className="hidden sm:table-cell sm:w-[28%]" />
                {deploymentOptions.map((option) => (
                  <th
                    key={option.title}
                    scope="col"
                    className="border-border px-4 py-4 align-bottom font-semibold text-foreground first-of-type:border-r sm:px-6 sm:py-5 sm:first-of-type:border-r-0"
                  >
                    <span className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
                      <IconBadge icon={option.icon} />
                      {option.title}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {deploymentRows.map((row) => (
                <tr key={row.aspect} className="grid grid-cols-2 border-t border-border sm:table-row">
                  <th
                    scope="row"
                    className="col-span-2 px-4 pt-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:px-6 sm:py-5 sm:align-top sm:text-sm sm:tracking-normal sm:text-foreground sm:normal-case"
                  >
                    {row.aspect}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td
                      key={index}
                      className={cn("px-4 pt-1 pb-4 align-top text-slate-700 sm:px-6 sm:py-5", index === 0 && "border-r border-border sm:border-r-0")}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section aria-labelledby="services-support" tone="subtle" className="py-12 sm:py-24">
        <div className="grid gap-10 sm:gap-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:items-center lg:gap-16">
          <SectionHeader
            id="services-support"
            className="lg:mx-0 lg:text-left"
            eyebrow="Services"
            title="Services and support"
            description="A team that stays with you after go-live, as your organisation changes."
          />
          <ul className="space-y-5 rounded-2xl border border-border bg-background p-5 shadow-card sm:space-y-6 sm:p-8">
            {services.map((service) => (
              <IconListItem key={service.title} item={service} heading="h3" />
            ))}
          </ul>
        </div>
      </Section>

      <CtaBand
        id="talk-to-sales"
        title="Talk to Sales"
        description="Tell us about your organisation, your data and your requirements. We will show you Zuri on data like yours and shape a plan around it."
        actions={
          <>
            <BookDemoButton />
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
              <a href={`mailto:${siteConfig.mailboxes.sales}`}>
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
