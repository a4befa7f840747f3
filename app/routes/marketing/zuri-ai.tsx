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
  type LucideIcon,
} from "lucide-react";
import type { Route } from "./+types/zuri-ai";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { IconBadge } from "../../components/ui/icon-badge.tsx";
import { cn } from "../../lib/cn.ts";
import { CheckList } from "../../components/marketing/check-list.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { aiFollowUpIllustration } from "../../assets/illustrations/ai-follow-up.ts";
import { aiRecommendationIllustration } from "../../assets/illustrations/ai-recommendation.ts";
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
    question: "What drove the drop in margin last month?",
    title: "Business Intelligence",
    description:
      "Give every manager a self-service analyst. Ask about revenue, margin, stock or performance and get the answer, the chart and the explanation.",
  },
  {
    icon: UsersRound,
    question: "Which customers are at risk of leaving?",
    title: "Customer Analytics",
    description:
      "Combine survey feedback with purchase history to see which customers are growing, which are at risk and what they have in common.",
  },
  {
    icon: ShieldCheck,
    question: "Which assessments need a second review?",
    title: "Compliance & Risk Management",
    description:
      "Score assessments consistently, let Zuri AI flag exceptions as they appear, and keep a clear record for auditors and regulators.",
  },
];

export default function ZuriAi() {
  const [leadCapability, ...otherCapabilities] = capabilities;
  return (
    <>
      <PageHero
        eyebrow="Zuri AI"
        title="Your analyst that answers in plain English"
        description="Zuri AI reads across all your connected data, answers your questions, tells you what has changed and what is likely to happen next, and recommends what to do about it."
        visual={<Illustration image={aiRecommendationIllustration} priority />}
      />

      <Section aria-labelledby="ai-capabilities">
        <SectionHeader
          id="ai-capabilities"
          eyebrow="Capabilities"
          title="What Zuri AI does for you"
          description="Four capabilities that take you from a question to a confident decision, on the data you already have."
        />
        {/* A bento: the conversation itself leads, full width with its picture; the other three share a row on a
            desktop, and on a tablet two share a row and the third, alone on its row, takes the width. */}
        <div className="mt-10 grid gap-5 sm:mt-14 md:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {leadCapability && (
            <div className="grid items-center gap-8 overflow-hidden rounded-3xl border border-border bg-subtle p-5 shadow-card sm:p-10 md:col-span-2 lg:col-span-3 lg:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)] lg:gap-12">
              <div>
                <CapabilityTitle icon={leadCapability.icon} title={leadCapability.title} />
                <p className="mt-3 text-base leading-7 text-muted-foreground sm:text-lg sm:leading-8">{leadCapability.description}</p>
                <CheckList items={leadCapability.points} className="mt-6 text-base" />
              </div>
              {/* Slightly wider than the card's padding on a phone, so its smallest text stays at 11 px (decision 017). */}
              <Illustration image={aiFollowUpIllustration} className="-mx-3 sm:mx-0" />
            </div>
          )}
          {otherCapabilities.map((capability, index) => {
            const aloneOnTabletRow = otherCapabilities.length % 2 === 1 && index === otherCapabilities.length - 1;
            return (
              <div
                key={capability.title}
                className={cn(
                  // Two rows of the grid (text, points) shared by the cards side by side, so their points line up.
                  "row-span-2 grid grid-rows-subgrid gap-0 rounded-3xl border border-border bg-background p-6 shadow-card sm:p-8",
                  aloneOnTabletRow && "md:max-lg:col-span-2 md:max-lg:row-span-1 md:max-lg:grid-cols-2 md:max-lg:grid-rows-none md:max-lg:gap-x-10",
                )}
              >
                <div>
                  <CapabilityTitle icon={capability.icon} title={capability.title} />
                  <p className="mt-3 leading-7 text-muted-foreground">{capability.description}</p>
                </div>
                <CheckList
                  items={capability.points}
                  className={cn(
                    "mt-5 border-t border-border pt-5",
                    aloneOnTabletRow && "md:max-lg:mt-0 md:max-lg:border-t-0 md:max-lg:border-l md:max-lg:pt-0 md:max-lg:pl-10",
                  )}
                />
              </div>
            );
          })}
        </div>
      </Section>

      <Section aria-labelledby="ai-benefits" tone="subtle">
        <SectionHeader id="ai-benefits" eyebrow="Benefits" title="Less time finding answers, more time acting on them" />
        <ul className="mt-10 grid divide-y divide-border overflow-hidden rounded-3xl border border-border bg-background shadow-card sm:mt-14 md:grid-cols-3 md:divide-x md:divide-y-0">
          {benefits.map(({ icon: Icon, title, description }) => (
            <li key={title} className="p-6 lg:p-10">
              <IconBadge icon={Icon} tone="accent" />
              <h3 className="mt-5 text-xl font-semibold tracking-tight text-foreground">{title}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="ai-applications">
        <SectionHeader
          id="ai-applications"
          eyebrow="Applications"
          title="Where Zuri AI makes the difference"
          description="The same assistant serves leadership, commercial and risk teams, each with the questions that matter to them."
        />
        {/* Rows, not cards: what the team does with it, and a question it asks. */}
        <ul className="mx-auto mt-10 max-w-5xl divide-y divide-border border-y border-border sm:mt-14">
          {applications.map(({ icon: Icon, title, description, question }) => (
            <li key={title} className="grid gap-4 py-7 sm:py-8 md:grid-cols-[minmax(0,0.9fr)_minmax(0,1.4fr)_minmax(0,1fr)] md:items-start md:gap-8">
              <h3 className="flex items-center gap-3 text-lg leading-snug font-semibold tracking-tight text-foreground">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-strong" strokeWidth={2} />
                {title}
              </h3>
              <p className="leading-7 text-muted-foreground">{description}</p>
              <p className="rounded-xl bg-primary-soft px-4 py-3 text-sm leading-6 font-medium text-primary-strong ring-1 ring-brand-100">
                “{question}”
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="ai-cta"
        title="Ask Zuri AI about your own business"
        description="Book a demo and bring your questions. We will show you the answers on data like yours."
      />
    </>
  );
}

function CapabilityTitle({ icon: Icon, title }: { icon: LucideIcon; title: string }) {
  return (
    <h3 className="flex items-center gap-3 text-xl font-semibold tracking-tight text-foreground">
      <IconBadge icon={Icon} />
      {title}
    </h3>
  );
}
