import {
  Combine,
  Database,
  FileSpreadsheet,
  LayoutDashboard,
  Lightbulb,
  LineChart,
  ListChecks,
  MessagesSquare,
  Share2,
  SquareMousePointer,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { Route } from "./+types/features";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { FeatureCard } from "../../components/ui/feature-card.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { ArrowLink } from "../../components/marketing/arrow-link.tsx";
import { sharedPage } from "../../lib/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Features",
    description:
      "Every Zuri feature in one place: natural-language queries, automated insights, forecasting, a unified data hub, forms, scoring, real-time dashboards and sharing.",
  });

interface FeatureGroup {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  features: { icon: LucideIcon; title: string; description: string }[];
}

/** The platform capabilities of SPEC §1, grouped by what a team is trying to do. */
const groups: FeatureGroup[] = [
  {
    id: "features-ask",
    eyebrow: "Ask and understand",
    title: "Answers in plain English",
    description: "Zuri AI does the analysis, so your teams can focus on the decision.",
    features: [
      {
        icon: MessagesSquare,
        title: "Natural-language queries",
        description: "Type a question the way you would say it. Get the answer, the chart and the figures behind it in seconds.",
      },
      {
        icon: Lightbulb,
        title: "Automated insights",
        description: "Trends, risks and opportunities are surfaced for you as your data changes, not when someone remembers to look.",
      },
      {
        icon: LineChart,
        title: "Forecasting & recommendations",
        description: "See what is likely to happen next and the recommended action, with the reasoning explained.",
      },
    ],
  },
  {
    id: "features-connect",
    eyebrow: "Connect and prepare",
    title: "All your data, in one hub",
    description: "Start from a spreadsheet or connect your systems. Zuri keeps everything together and up to date.",
    features: [
      {
        icon: Database,
        title: "Unified data hub",
        description: "Surveys, transactions, spreadsheets and databases in one place, with live syncing from connected sources.",
      },
      {
        icon: FileSpreadsheet,
        title: "Upload CSV or Excel",
        description: "Drop in the files you already use, or connect existing sources when you are ready.",
      },
      {
        icon: Combine,
        title: "Smart joins & computed fields",
        description: "Combine datasets and add calculated fields without writing code, so every analysis starts from clean data.",
      },
    ],
  },
  {
    id: "features-capture",
    eyebrow: "Capture and assess",
    title: "Collect what is missing, score it consistently",
    description: "Fill the gaps in your data and assess it the same way every time.",
    features: [
      {
        icon: SquareMousePointer,
        title: "Drag-and-drop forms",
        description: "Build forms for surveys, audits and data capture in minutes. Responses land directly in your data hub.",
      },
      {
        icon: ListChecks,
        title: "Scoring & assessment",
        description: "Score responses, suppliers, sites or applications against your own criteria and compare the results.",
      },
    ],
  },
  {
    id: "features-share",
    eyebrow: "Share and act",
    title: "The right view for every team",
    description: "Put live answers where decisions are made.",
    features: [
      {
        icon: LayoutDashboard,
        title: "Real-time dashboards",
        description: "Dashboards that update as your data does, for a team, a department or the whole organisation.",
      },
      {
        icon: Share2,
        title: "Export & sharing",
        description: "Share dashboards and answers with colleagues, or export them for board packs and reports.",
      },
    ],
  },
];

export default function Features() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Every capability you need to decide with confidence"
        description="Zuri covers the whole path from data to decision: capture and connect your data, ask questions in plain English, and share live answers with the people who act on them."
        cta="Get Started"
      />

      {groups.map((group, index) => (
        <Section key={group.id} aria-labelledby={group.id} tone={index % 2 === 1 ? "subtle" : "default"}>
          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
            <SectionHeader id={group.id} align="left" eyebrow={group.eyebrow} title={group.title} description={group.description} />
            <div className="grid gap-6 sm:grid-cols-2">
              {group.features.map((feature, featureIndex) => (
                <FeatureCard
                  key={feature.title}
                  {...feature}
                  // An odd count leads with one wide card, so the grid has no gap at the end.
                  className={group.features.length % 2 === 1 && featureIndex === 0 ? "sm:col-span-2" : undefined}
                />
              ))}
            </div>
          </div>
        </Section>
      ))}

      <Section aria-labelledby="features-enterprise">
        <div className="flex flex-col gap-6 rounded-3xl border border-border bg-linear-to-r from-brand-50 to-accent-50 p-8 shadow-card sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="features-enterprise" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
              Need enterprise controls?
            </h2>
            <p className="mt-3 text-lg leading-8 text-muted-foreground">
              Single sign-on, role-based access, audit logs, API access and a private deployment option are part of Zuri for
              Enterprise.
            </p>
          </div>
          <ArrowLink to="/enterprise">Explore Zuri for Enterprise</ArrowLink>
        </div>
      </Section>

      <CtaBand
        id="features-cta"
        title="Put every feature to work on your data"
        description="Book a demo and we will show you the features that matter most for your team."
        ctaLabel="Book a Demo"
      />
    </>
  );
}
