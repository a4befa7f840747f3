import {
  Building2,
  Cloud,
  Columns3,
  GraduationCap,
  Handshake,
  Headset,
  KeyRound,
  LayoutDashboard,
  Cable,
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
  CalendarCheck,
} from "lucide-react";
import type { Route } from "./+types/enterprise";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../lib/site-config.ts";
import { Button } from "../../components/ui/button.tsx";
import { FeatureGridSection } from "../../components/marketing/feature-grid-section.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { sharedPage } from "../../lib/cache-scope.ts";

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
      "Single sign-on, role-based access control and audit logs keep data in the right hands and every change on record.",
  },
  {
    icon: Network,
    title: "Scales across the organisation",
    description: "Run many teams and organisations on one platform, each with its own data, dashboards and permissions.",
  },
  {
    icon: Puzzle,
    title: "Fits your architecture",
    description: "External database connectors, API access and webhooks connect Zuri to the systems you already run.",
  },
  {
    icon: Handshake,
    title: "A partner, not just a vendor",
    description: "A customer success manager, onboarding and priority support help you reach value quickly and keep it.",
  },
];

/** The enterprise capabilities of SPEC §1, one card each. */
const keyFeatures = [
  {
    icon: KeyRound,
    title: "Single sign-on & role-based access",
    description: "Sign in through your identity provider and grant access by role, not by spreadsheet.",
  },
  {
    icon: Building2,
    title: "Multi-team & multi-organisation management",
    description: "Separate workspaces for teams, business units or client organisations, managed centrally.",
  },
  {
    icon: SlidersHorizontal,
    title: "Custom scoring models & data pipelines",
    description: "Encode your own assessment criteria and shape how data flows into Zuri.",
  },
  {
    icon: PlugZap,
    title: "External database connectors",
    description: "Connect the databases you already run and keep analysis close to the source.",
  },
  {
    icon: Columns3,
    title: "AI column generation",
    description: "Enrich your datasets with new columns that Zuri AI generates from the data you have.",
  },
  {
    icon: LayoutDashboard,
    title: "Dashboards with drill-downs",
    description: "Start from the headline figure and drill down to the region, team or record behind it.",
  },
  {
    icon: ScrollText,
    title: "Audit logs",
    description: "See who accessed and changed what, and when, for security and compliance reviews.",
  },
  {
    icon: Webhook,
    title: "API access & webhooks",
    description: "Bring Zuri's data and insights into your own applications and automate workflows.",
  },
];

const deployments = [
  {
    icon: Cloud,
    title: "Cloud-hosted SaaS",
    description:
      "Zuri runs in the cloud and is fully managed by us, with enterprise service levels. Updates, scaling and monitoring are handled for you, so your teams can start straight away.",
    points: ["Enterprise service levels", "Fully managed updates and scaling", "The fastest way to get started"],
  },
  {
    icon: ServerCog,
    title: "Private deployment",
    description:
      "For organisations that need Zuri to run in a dedicated environment. A private deployment is available on a custom plan, shaped with your IT and security teams.",
    points: ["A dedicated environment", "Agreed with your IT and security teams", "Available on a custom plan"],
  },
];

const services = [
  {
    icon: UserRoundCheck,
    title: "Customer success manager",
    description: "One named contact who knows your goals and makes sure Zuri keeps delivering against them.",
  },
  {
    icon: GraduationCap,
    title: "Onboarding & training",
    description: "Structured onboarding and training so every team is confident from the first week.",
  },
  {
    icon: Headset,
    title: "Priority support",
    description: "Your questions go to the front of the queue, with experts who understand your setup.",
  },
  {
    icon: CalendarCheck,
    title: "Quarterly data-optimisation reviews",
    description: "Every quarter, we review your data, dashboards and models with you and agree what to improve.",
  },
  {
    icon: Cable,
    title: "Custom integrations",
    description: "Integrations built around your systems, so Zuri fits your processes rather than the other way round.",
  },
];

export default function Enterprise() {
  return (
    <>
      <PageHero
        eyebrow="Zuri for Enterprise"
        title="Decision intelligence at enterprise scale"
        description="Give every team self-service answers from governed data, with the security, control and support a large organisation requires."
        freeTrialNote={false}
      />

      <FeatureGridSection
        id="why-enterprises"
        eyebrow="Why Zuri"
        title="Why enterprises choose us"
        description="Large organisations need more than smart analytics. They need it secure, governed and supported."
        cards={reasons}
        columns={4}
      />

      <FeatureGridSection
        id="key-features"
        eyebrow="Key features"
        title="Enterprise capabilities, built in"
        description="Eight capabilities that let Zuri meet your security, governance and integration requirements."
        cards={keyFeatures}
        columns={4}
        tone="subtle"
        cardTone="accent"
      />

      <FeatureGridSection
        id="deployment-options"
        eyebrow="Deployment"
        title="Deployment options"
        description="Choose the model that fits your requirements. The product and the support are the same either way."
        cards={deployments}
        columns={2}
        gridClassName="mx-auto max-w-5xl"
      />

      {/* Five cards: three, then two centred below them (six-column grid, two columns per card). */}
      <FeatureGridSection
        id="services-support"
        eyebrow="Services"
        title="Services and support"
        description="A team that stays with you after go-live, so Zuri keeps paying off as your organisation changes."
        cards={services}
        columns={3}
        tone="subtle"
        gridClassName="lg:grid-cols-6 sm:[&>*:last-child]:col-span-2 lg:[&>*]:col-span-2 lg:[&>*:nth-child(4)]:col-start-2"
      />

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
