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
import { Link } from "react-router";
import type { Route } from "./+types/features";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { FeatureCard } from "../../components/ui/feature-card.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { featuresOverviewIllustration } from "../../assets/illustrations/features-overview.ts";
import { Button } from "../../components/ui/button.tsx";
import { sharedPage } from "../../../shared/cache-scope.ts";

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

/**
 * The platform capabilities of docs/product.md §1, grouped by what a team is trying to do, in the order of the path
 * from data to decision that the hero illustration shows (connect, capture, ask, share).
 */
const groups: FeatureGroup[] = [
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
        description="Zuri covers the whole path from data to decision: connect and capture your data, ask questions in plain English, and share live answers with the people who act on them."
        cta="Get Started"
        visual={<Illustration image={featuresOverviewIllustration} priority />}
        visualPlacement="below"
      />

      {groups.map((group, index) => (
        <Section key={group.id} aria-labelledby={group.id} tone={index % 2 === 1 ? "subtle" : "default"}>
          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
            {/* The step number echoes the numbered path of the hero illustration; the heading stays beside its cards while they scroll. */}
            <div className="lg:sticky lg:top-28 lg:self-start">
              <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-primary-strong uppercase">
                <span
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground shadow-sm"
                >
                  {index + 1}
                </span>
                {group.eyebrow}
              </p>
              <SectionHeader id={group.id} align="left" title={group.title} description={group.description} className="mt-3" />
            </div>
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

      {/* One closing call to action; the enterprise controls are a line and a link inside it. */}
      <CtaBand
        id="features-cta"
        title="Put every feature to work on your data"
        description="Book a demo and we will show you the features that matter most for your team. Need enterprise controls such as single sign-on, audit logs or a private deployment? They are part of Zuri for Enterprise."
        actions={
          <>
            <BookDemoButton className="ring-1 ring-white/20" />
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-white/10 text-white hover:bg-white/20">
              <Link to="/enterprise">Explore Zuri for Enterprise</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
