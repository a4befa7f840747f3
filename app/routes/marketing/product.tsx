import {
  ArrowRight,
  Building2,
  ClipboardList,
  Database,
  HeartHandshake,
  KeyRound,
  LayoutDashboard,
  MessageSquareText,
  PlugZap,
  ScrollText,
  ServerCog,
  ShieldAlert,
  Sparkles,
  Table2,
  Users,
  Webhook,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/product";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { IconBadge } from "../../components/ui/icon-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
import { CheckList } from "../../components/marketing/check-list.tsx";
import { ComparisonTable } from "../../components/marketing/comparison-table.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { featureGroupsIllustration } from "../../assets/illustrations/feature-groups.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Product Overview",
    description:
      "Explore the Zuri platform: natural-language analytics, a unified data hub, forms and scoring, and real-time dashboards, built for scale and security.",
  });

/** docs/product.md §2: the four feature groups, each the platform capabilities of §1 that work together. */
const featureGroups: { icon: LucideIcon; title: string; description: string; points: string[] }[] = [
  {
    icon: MessageSquareText,
    title: "AI analytics",
    description: "Ask in plain English; get the answer, the reason and the next step.",
    points: ["Natural-language queries across all your data", "Automated insights on trends, risks and opportunities", "Forecasting and recommendations"],
  },
  {
    icon: Database,
    title: "Unified data hub",
    description: "Every source in one place, so everyone works from the same numbers.",
    points: ["Surveys, transactions, spreadsheets and databases", "CSV or Excel upload, or connect existing sources", "Live syncing, smart joins and computed fields"],
  },
  {
    icon: ClipboardList,
    title: "Data capture & scoring",
    description: "Collect what is missing and assess it the same way every time.",
    points: ["Drag-and-drop forms for data capture", "Scoring and assessment of responses and records", "Results flow straight into your dashboards"],
  },
  {
    icon: LayoutDashboard,
    title: "Dashboards & sharing",
    description: "The right view in front of the right people, always current.",
    points: ["Real-time dashboards for every team", "Export and sharing with colleagues", "One source of truth for every meeting"],
  },
];

const scaleAndSecurity = [
  { icon: KeyRound, title: "Single sign-on & role-based access", description: "Sign in with your identity provider; see what your role allows." },
  { icon: Building2, title: "Multi-team & multi-organization", description: "Separate teams, business units or client organizations on one platform." },
  { icon: ScrollText, title: "Audit logs", description: "Who accessed and changed what, on record for your reviews." },
  { icon: Webhook, title: "API access & webhooks", description: "Zuri's data and insights in the tools your teams already use." },
  { icon: PlugZap, title: "External database connectors", description: "Connect the databases you run and keep analysis close to the source." },
  { icon: ServerCog, title: "Flexible deployment", description: "Cloud-hosted SaaS, or a private deployment on a custom plan." },
];

const useCases = [
  {
    icon: Workflow,
    title: "Operational Excellence",
    description: "See where processes slow down and where costs creep in, while there is time to act.",
    question: "Which sites will run out of stock next week?",
  },
  {
    icon: Users,
    title: "Customer Insights",
    description: "Combine surveys with transactions to learn what customers value and who needs attention.",
    question: "What do our most loyal customers have in common?",
  },
  {
    icon: ShieldAlert,
    title: "Risk & Compliance",
    description: "Score suppliers, sites or applications consistently and flag emerging risks early.",
    question: "Which suppliers scored below our threshold this quarter?",
  },
];

/** docs/product.md §2's 'why choose us', as the difference it makes against the usual spreadsheets and report requests. */
const comparison = [
  { aspect: "Who can ask a question", cells: ["Whoever can write the query or build the report", "Anyone who can type a question in plain English"] },
  { aspect: "What comes back", cells: ["A chart to interpret", "The answer, the reason behind it and a recommended next step"] },
  { aspect: "Where you start", cells: ["A data project and an integration backlog", "The spreadsheet you have today; databases when you are ready"] },
] as const;

const services = [
  "A customer success manager",
  "Onboarding and training",
  "Priority support",
  "Quarterly data-optimization reviews",
  "Custom integrations",
];

export default function Product() {
  return (
    <>
      <PageHero
        eyebrow="Product overview"
        title="One platform from raw data to confident decisions"
        description="Zuri collects, connects and analyzes your data, then puts clear answers in front of the people who act on them. No tools to stitch together."
        visual={<Illustration image={featureGroupsIllustration} priority />}
      />

      <Section aria-labelledby="feature-groups">
        <SectionHeader
          id="feature-groups"
          eyebrow="The platform"
          title="Everything you need to turn data into decisions"
          description="Four groups of capabilities that cover the whole journey, from data to action."
        />
        {/* One panel divided by hairlines rather than four floating cards. */}
        <ul className="mt-10 grid gap-px overflow-hidden rounded-3xl border border-border bg-border shadow-card sm:mt-14 md:grid-cols-2">
          {featureGroups.map(({ icon: Icon, title, description, points }, index) => (
            <li key={title} className="flex flex-col bg-background p-5 sm:p-8 lg:p-10">
              <h3 className="flex items-center gap-3 text-xl font-semibold tracking-tight text-foreground">
                <IconBadge icon={Icon} />
                {title}
                <span aria-hidden="true" className="ml-auto text-sm font-semibold text-slate-500">
                  0{index + 1}
                </span>
              </h3>
              <p className="mt-2 leading-7 text-muted-foreground">{description}</p>
              <CheckList items={points} className="mt-5" />
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="scale-and-security" className="relative isolate overflow-hidden bg-brand-950 py-12 text-white sm:py-20 lg:py-24">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-800),transparent_60%)] opacity-80"
        />
        <div className="container-page grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Enterprise ready</p>
            <h2 id="scale-and-security" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Built for Scale & Security
            </h2>
            <p className="mt-4 text-base leading-7 text-brand-100 sm:text-lg sm:leading-8">
              Zuri grows from one team to the whole organization, with the controls your IT, security and procurement
              colleagues expect.
            </p>
            <Link
              to="/enterprise"
              className="group mt-8 inline-flex items-center gap-1.5 rounded-md font-semibold text-white hover:underline focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
            >
              Explore Zuri for Enterprise
              <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </Link>
          </div>
          <ul className="grid gap-x-10 gap-y-7 sm:grid-cols-2">
            {scaleAndSecurity.map(({ icon: Icon, title, description }) => (
              <li key={title} className="flex gap-4">
                <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 text-accent-400 ring-1 ring-white/15">
                  <Icon className="size-4.5" strokeWidth={2} />
                </span>
                <div>
                  <h3 className="leading-snug font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-6 text-brand-100">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section aria-labelledby="use-cases">
        <SectionHeader
          id="use-cases"
          eyebrow="Use cases"
          title="Where teams put Zuri to work"
          description="Operations, commercial and risk teams, each with its own questions."
        />
        <ul className="mt-10 grid gap-8 sm:mt-14 md:grid-cols-3 lg:gap-10">
          {useCases.map(({ icon: Icon, title, description, question }) => (
            <li key={title} className="flex flex-col border-t-2 border-primary pt-5">
              <h3 className="flex items-center gap-3 text-xl font-semibold tracking-tight text-foreground">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-strong" strokeWidth={2} />
                {title}
              </h3>
              <p className="mt-2 leading-7 text-muted-foreground">{description}</p>
              <div className="mt-auto pt-5">
                <p className="flex gap-3 rounded-xl bg-subtle px-4 py-3 text-sm leading-6 font-medium text-foreground ring-1 ring-border">
                  <Sparkles aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary-strong" strokeWidth={2} />
                  <span>“{question}”</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="why-choose-us" tone="subtle">
        <SectionHeader
          id="why-choose-us"
          eyebrow="Why choose us"
          title="Why teams choose Zuri"
          description="Decision intelligence only works when people use it. Here is the difference from the usual spreadsheets and report requests."
        />
        <ComparisonTable
          className="mx-auto mt-10 max-w-5xl sm:mt-14"
          caption="The usual way and Zuri compared"
          columns={[{ title: "The usual way", icon: Table2 }, { title: "With Zuri", icon: Sparkles, highlight: true }]}
          rows={comparison}
        />
        <div className="mx-auto mt-6 flex max-w-5xl flex-col gap-5 rounded-2xl border border-accent-100 bg-accent-soft p-6 sm:p-7 lg:flex-row lg:items-center lg:gap-10">
          <h3 className="flex shrink-0 items-center gap-3 text-lg leading-snug font-semibold tracking-tight text-foreground">
            <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-xl bg-white text-accent-strong ring-1 ring-accent-100">
              <HeartHandshake className="size-5" strokeWidth={2} />
            </span>
            With you from day one
          </h3>
          {/* Newspaper columns, not a grid: five items end in a shorter column rather than a lone item on a row. */}
          <CheckList items={services} className="space-y-0 gap-x-8 sm:columns-2 lg:columns-3 [&>li]:mb-2 [&>li]:break-inside-avoid" />
        </div>
      </Section>

      <CtaBand
        id="product-cta"
        title="See Zuri on your own data"
        description="Book a personalized demo. We will walk through your questions, your data and the decisions you want to make faster."
        showFreeTrialNote
        actions={
          <>
            <BookDemoButton className="ring-1 ring-white/20" />
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
              <Link to="/zuri-ai">
                <Sparkles aria-hidden="true" />
                Meet Zuri AI
              </Link>
            </Button>
          </>
        }
      />
    </>
  );
}
