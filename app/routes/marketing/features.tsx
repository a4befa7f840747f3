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
import { Link } from "react-router";
import type { Route } from "./+types/features";
import { seo } from "../../lib/seo.ts";
import { Section } from "../../components/ui/section.tsx";
import { FeatureList, FeatureRow, type FeatureItem } from "../../components/marketing/feature-row.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { featuresOverviewIllustration } from "../../assets/illustrations/features-overview.ts";
import { formScoringIllustration } from "../../assets/illustrations/form-scoring.ts";
import { dataHubIllustration } from "../../assets/illustrations/data-hub.ts";
import { aiInsightsIllustration } from "../../assets/illustrations/ai-insights.ts";
import { sharingIllustration } from "../../assets/illustrations/sharing.ts";
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
  features: FeatureItem[];
  /** The product picture beside the group. */
  image: Parameters<typeof Illustration>[0]["image"];
}

/**
 * The platform capabilities of docs/product.md §1, grouped by what a team is trying to do, in the order of the path
 * from data to decision that the hero illustration shows (connect, capture, ask, share). Where /product says what
 * each group is for, this page says how each feature works.
 */
const groups: FeatureGroup[] = [
  {
    id: "features-connect",
    eyebrow: "Connect and prepare",
    title: "All your data, in one hub",
    description: "Start with a file this afternoon and connect your systems when you are ready. Nothing is retyped.",
    image: dataHubIllustration,
    features: [
      {
        icon: FileSpreadsheet,
        title: "Upload CSV or Excel",
        description: "Drop in a file; Zuri reads its columns and types, and the sheet becomes a dataset you can ask about.",
      },
      {
        icon: Database,
        title: "Unified data hub",
        description: "Surveys, transactions, spreadsheets and databases side by side, kept current by live syncing.",
      },
      {
        icon: Combine,
        title: "Smart joins & computed fields",
        description: "Match records across datasets on a shared field and add calculated columns, without code.",
      },
    ],
  },
  {
    id: "features-capture",
    eyebrow: "Capture and assess",
    title: "Collect what is missing, score it consistently",
    description: "When the data you need does not exist yet, capture it, and judge every answer by the same rules.",
    image: formScoringIllustration,
    features: [
      {
        icon: SquareMousePointer,
        title: "Drag-and-drop forms",
        description: "Build a survey, audit or intake form by dragging fields into place. Responses land in your hub as rows.",
      },
      {
        icon: ListChecks,
        title: "Scoring & assessment",
        description: "Weight the answers that matter and score each response, supplier or site, then compare them.",
      },
    ],
  },
  {
    id: "features-ask",
    eyebrow: "Ask and understand",
    title: "Answers in plain English",
    description: "Type a question the way you would say it. Zuri AI does the analysis and shows its working.",
    image: aiInsightsIllustration,
    features: [
      {
        icon: MessagesSquare,
        title: "Natural-language queries",
        description: "The answer, a chart and the figures behind it, with follow-up questions that keep the context.",
      },
      {
        icon: Lightbulb,
        title: "Automated insights",
        description: "Trends, risks and opportunities raised as your data changes, not when someone remembers to look.",
      },
      {
        icon: LineChart,
        title: "Forecasting & recommendations",
        description: "What is likely to happen next, and the action that would make the most difference, explained.",
      },
    ],
  },
  {
    id: "features-share",
    eyebrow: "Share and act",
    title: "The right view for every team",
    description: "Put live answers where decisions are made: in the weekly meeting, the board pack and the inbox.",
    image: sharingIllustration,
    features: [
      {
        icon: LayoutDashboard,
        title: "Real-time dashboards",
        description: "Views for a team, a department or the whole organization that update as your data does.",
      },
      {
        icon: Share2,
        title: "Export & sharing",
        description: "Share a dashboard or an answer with colleagues, or export it for reports and board packs.",
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
        visual={<Illustration image={featuresOverviewIllustration} priority />}
        visualPlacement="below"
      />

      {groups.map((group, index) => (
        <Section key={group.id} aria-labelledby={group.id} tone={index % 2 === 1 ? "subtle" : "default"}>
          <FeatureRow
            id={group.id}
            reverse={index % 2 === 1}
            eyebrow={
              <>
                {/* The step number echoes the numbered path of the hero illustration. */}
                <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground">
                  {index + 1}
                </span>
                {group.eyebrow}
              </>
            }
            title={group.title}
            description={group.description}
            visual={<Illustration image={group.image} />}
          >
            <FeatureList items={group.features} className="mt-8 sm:mt-10" />
          </FeatureRow>
        </Section>
      ))}

      {/* One closing call to action; the enterprise controls are a line and a link inside it. */}
      <CtaBand
        id="features-cta"
        title="Put every feature to work on your data"
        description="Book a demo and we will show you the features that matter most for your team. Need single sign-on, audit logs or a private deployment? They are part of Zuri for Enterprise."
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
