import {
  Building2,
  ClipboardList,
  Database,
  FileSpreadsheet,
  HeartHandshake,
  KeyRound,
  LayoutDashboard,
  Lightbulb,
  MessageSquareText,
  Network,
  PlugZap,
  ScrollText,
  ServerCog,
  ShieldAlert,
  Sparkles,
  UserRoundCheck,
  Users,
  Webhook,
  Workflow,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/product";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FeatureCard } from "../../components/ui/feature-card.tsx";
import { FeatureGridSection } from "../../components/marketing/feature-grid-section.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
import { ArrowLink } from "../../components/marketing/arrow-link.tsx";
import { CheckList } from "../../components/marketing/check-list.tsx";
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

const featureGroups = [
  {
    icon: MessageSquareText,
    title: "AI analytics",
    description: "Ask in plain English and get answers, explanations and next steps, without writing a query.",
    points: [
      "Natural-language queries across all your data",
      "Automated insights on trends, risks and opportunities",
      "Forecasting and recommendations you can act on",
    ],
  },
  {
    icon: Database,
    title: "Unified data hub",
    description: "Every source in one place, connected and kept current, so everyone works from the same numbers.",
    points: [
      "Surveys, transactions, spreadsheets and databases together",
      "Upload via CSV or Excel, or connect existing sources",
      "Live syncing, smart joins and computed fields",
    ],
  },
  {
    icon: ClipboardList,
    title: "Data capture & scoring",
    description: "Collect the data you are missing and assess it the same way every time.",
    points: [
      "Drag-and-drop forms for data capture",
      "Scoring and assessment of responses and records",
      "Results flow straight into your dashboards",
    ],
  },
  {
    icon: LayoutDashboard,
    title: "Dashboards & sharing",
    description: "Put the right view in front of the right people and keep it up to date automatically.",
    points: [
      "Real-time dashboards for every team",
      "Export and sharing with colleagues and stakeholders",
      "One source of truth for every meeting",
    ],
  },
];

const scaleAndSecurity = [
  {
    icon: KeyRound,
    title: "Single sign-on & role-based access",
    description: "People sign in with your identity provider and see only what their role allows.",
  },
  {
    icon: Building2,
    title: "Multi-team & multi-organisation",
    description: "Run separate teams, business units or client organisations from one platform.",
  },
  {
    icon: ScrollText,
    title: "Audit logs",
    description: "A record of who accessed and changed what, for your security and compliance reviews.",
  },
  {
    icon: Webhook,
    title: "API access & webhooks",
    description: "Bring Zuri's data and insights into the tools and workflows your teams already use.",
  },
  {
    icon: PlugZap,
    title: "External database connectors",
    description: "Connect the databases you already run and keep analysis close to the source.",
  },
  {
    icon: ServerCog,
    title: "Flexible deployment",
    description: "Cloud-hosted SaaS with enterprise service levels, or a private deployment on a custom plan.",
  },
];

const useCases = [
  {
    icon: Workflow,
    title: "Operational Excellence",
    description:
      "See where processes slow down, which sites are about to run out of stock and where costs creep in. Real-time dashboards and forecasts keep operations a step ahead.",
  },
  {
    icon: Users,
    title: "Customer Insights",
    description:
      "Combine survey responses with transaction data to learn what customers value, which accounts need attention and where the next opportunity is.",
  },
  {
    icon: ShieldAlert,
    title: "Risk & Compliance",
    description:
      "Score suppliers, sites or applications consistently, let Zuri flag emerging risks, and keep an audit trail of every change for reviewers.",
  },
];

const reasons = [
  {
    icon: UserRoundCheck,
    title: "No data-science team required",
    description: "Anyone who can ask a question can get an answer. Your analysts spend their time on the hard problems.",
  },
  {
    icon: Lightbulb,
    title: "Answers, not just charts",
    description: "Zuri explains what changed and recommends what to do, so a dashboard leads to a decision.",
  },
  {
    icon: FileSpreadsheet,
    title: "Works with the data you already have",
    description: "Start from a spreadsheet this afternoon and connect your databases when you are ready.",
  },
  {
    icon: Network,
    title: "Grows with your organisation",
    description: "From one team's spreadsheet to many organisations, with enterprise controls when you need them.",
  },
];

const services = [
  "A customer success manager",
  "Onboarding and training for your teams",
  "Priority support",
  "Quarterly data-optimisation reviews",
  "Custom integrations",
];

export default function Product() {
  return (
    <>
      <PageHero
        eyebrow="Product overview"
        title="One platform from raw data to confident decisions"
        description="Zuri collects, connects and analyses your data, then puts clear answers in front of the people who act on them. Every capability works together, so you never stitch tools together again."
        visual={<Illustration image={featureGroupsIllustration} priority />}
      />

      <FeatureGridSection
        id="feature-groups"
        eyebrow="The platform"
        title="Everything you need to turn data into decisions"
        description="Four groups of capabilities that cover the whole journey, from capturing data to acting on what it tells you."
        cards={featureGroups}
        columns={2}
      />

      <FeatureGridSection
        id="scale-and-security"
        eyebrow="Enterprise ready"
        title="Built for Scale & Security"
        description="Zuri grows from one team to the whole organisation, with the controls your IT, security and procurement colleagues expect."
        cards={scaleAndSecurity}
        columns={3}
        tone="subtle"
        cardTone="accent"
      >
        <p className="mt-10 text-center">
          <ArrowLink to="/enterprise">Explore Zuri for Enterprise</ArrowLink>
        </p>
      </FeatureGridSection>

      <FeatureGridSection
        id="use-cases"
        eyebrow="Use cases"
        title="Where teams put Zuri to work"
        description="The same platform serves operations, commercial and risk teams, each with its own questions and dashboards."
        cards={useCases}
        columns={3}
      />

      <Section aria-labelledby="why-choose-us" tone="subtle">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.35fr)] lg:gap-16">
          <div className="flex flex-col">
            <SectionHeader
              id="why-choose-us"
              align="left"
              eyebrow="Why choose us"
              title="Why teams choose Zuri"
              description="Decision intelligence only works when people use it. Zuri is built to be used by everyone, and backed by a team that helps you succeed."
            />
            <div className="mt-10 rounded-2xl border border-accent-100 bg-accent-soft p-6 sm:p-7 lg:mt-auto">
              <h3 className="flex items-center gap-3 text-lg leading-snug font-semibold tracking-tight text-foreground">
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 items-center justify-center rounded-xl bg-white text-accent-strong ring-1 ring-accent-100"
                >
                  <HeartHandshake className="size-5" strokeWidth={2} />
                </span>
                With you from day one
              </h3>
              <CheckList items={services} className="mt-5 sm:grid sm:grid-cols-2 sm:gap-x-6 sm:space-y-0 sm:gap-y-2.5 lg:block lg:space-y-2.5" />
            </div>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            {reasons.map((reason) => (
              <FeatureCard key={reason.title} {...reason} />
            ))}
          </div>
        </div>
      </Section>

      <CtaBand
        id="product-cta"
        title="See Zuri on your own data"
        description="Book a personalised demo. We will walk through your questions, your data and the decisions you want to make faster."
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
