import {
  BarChart3,
  Lightbulb,
  LineChart,
  MessagesSquare,
  MousePointerClick,
  ShieldCheck,
  Target,
  Timer,
  UsersRound,
  WandSparkles,
} from "lucide-react";
import type { Route } from "./+types/zuri-ai";
import { seo } from "../../lib/seo.ts";
import { FeatureGridSection } from "../../components/marketing/feature-grid-section.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { aiAnswerIllustration } from "../../assets/illustrations/ai-answer.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Zuri AI: Answers from Your Data in Plain English",
    description:
      "Zuri AI answers questions about your business in plain English, surfaces trends, risks and opportunities, and forecasts what comes next.",
  });

const capabilities = [
  {
    icon: MessagesSquare,
    title: "Natural-language queries",
    description: "Ask the way you would ask a colleague. Zuri AI turns the question into the right analysis and answers in seconds.",
    points: [
      "Questions in everyday business language",
      "Answers shown with the figures behind them",
      "Follow-up questions that keep the context",
    ],
  },
  {
    icon: Lightbulb,
    title: "Automated insights",
    description: "Zuri AI watches your connected data and brings you what changed, before anyone thinks to ask.",
    points: [
      "Trends as they start, not at month-end",
      "Risks flagged early, while there is time to act",
      "Opportunities worth a closer look",
    ],
  },
  {
    icon: LineChart,
    title: "Forecasting & recommendations",
    description: "See what is likely to happen next and which action would make the biggest difference.",
    points: [
      "Forecasts from your own history",
      "Recommended next steps, explained",
      "Forecasts that update as new data syncs",
    ],
  },
  {
    icon: WandSparkles,
    title: "AI-assisted data preparation",
    description: "Raw tables become analysis-ready data without formulas or scripts.",
    points: [
      "Smart joins across datasets",
      "Computed fields across datasets",
      "AI column generation to enrich your data",
    ],
  },
];

const benefits = [
  {
    icon: MousePointerClick,
    title: "Ease of Use",
    description:
      "If you can ask a colleague a question, you can use Zuri AI. No query language, no formulas and no waiting in the data team's queue.",
  },
  {
    icon: Timer,
    title: "Faster Decisions",
    description:
      "Go from question to answer in seconds and from answer to action in the same meeting, while the decision still matters.",
  },
  {
    icon: Target,
    title: "Enhanced Accuracy",
    description:
      "Answers come from your connected data and are calculated the same way every time, replacing copy-and-paste spreadsheet work.",
  },
];

const applications = [
  {
    icon: BarChart3,
    title: "Business Intelligence",
    description:
      "Give every manager a self-service analyst. Ask about revenue, margin, stock or performance and get the answer, the chart and the explanation.",
  },
  {
    icon: UsersRound,
    title: "Customer Analytics",
    description:
      "Combine survey feedback with purchase history to see which customers are growing, which are at risk and what they have in common.",
  },
  {
    icon: ShieldCheck,
    title: "Compliance & Risk Management",
    description:
      "Score assessments consistently, let Zuri AI flag exceptions as they appear, and keep a clear record for auditors and regulators.",
  },
];

export default function ZuriAi() {
  return (
    <>
      <PageHero
        eyebrow="Zuri AI"
        title="Your analyst that answers in plain English"
        description="Zuri AI reads across all your connected data, answers your questions, tells you what has changed and what is likely to happen next, and recommends what to do about it."
        visual={<Illustration image={aiAnswerIllustration} priority />}
      />

      <FeatureGridSection
        id="ai-capabilities"
        eyebrow="Capabilities"
        title="What Zuri AI does for you"
        description="Four capabilities that take you from a question to a confident decision, on the data you already have."
        cards={capabilities}
        columns={2}
      />

      <FeatureGridSection
        id="ai-benefits"
        eyebrow="Benefits"
        title="Less time finding answers, more time acting on them"
        cards={benefits}
        columns={3}
        tone="subtle"
        cardTone="accent"
      />

      <FeatureGridSection
        id="ai-applications"
        eyebrow="Applications"
        title="Where Zuri AI makes the difference"
        description="The same assistant serves leadership, commercial and risk teams, each with the questions that matter to them."
        cards={applications}
        columns={3}
      />

      <CtaBand
        id="ai-cta"
        title="Ask Zuri AI about your own business"
        description="Book a demo and bring your questions. We will show you the answers on data like yours."
      />
    </>
  );
}
