import {
  BrainCircuit,
  Database,
  Gauge,
  PiggyBank,
  SlidersHorizontal,
  Target,
  TrendingUp,
} from "lucide-react";
import type { Route } from "./+types/home";
import { servicesContext } from "../../request-context.ts";
import { seo } from "../../lib/seo.ts";
import { siteConfig } from "../../../shared/site-config.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { FeatureCard } from "../../components/ui/feature-card.tsx";
import { cn } from "../../lib/cn.ts";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { ArrowLink } from "../../components/marketing/arrow-link.tsx";
import { TestimonialCard } from "../../components/marketing/testimonial-card.tsx";
import { sampleTestimonials } from "../../components/marketing/testimonials.ts";
import { PostCard, toPostCard } from "../../components/blog/post-card.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { aiAnswerIllustration } from "../../assets/illustrations/ai-answer.ts";
import { dashboardIllustration } from "../../assets/illustrations/dashboard.ts";
import { setupIllustration } from "../../assets/illustrations/setup.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: `${siteConfig.productName} | ${siteConfig.tagline}`,
    absoluteTitle: true,
    description:
      "Zuri is the AI-powered decision-intelligence platform that turns your spreadsheets, surveys and databases into clear, actionable business decisions, without a data-science team.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { posts } = context.get(servicesContext);
  // The same page of posts and cards as /blog (author, tags, cover or generated art): its first three.
  const latest = await posts.listPage({ page: 1, perPage: 3 });
  return { latestPosts: latest.posts.map(toPostCard) };
}

const capabilities = [
  {
    icon: BrainCircuit,
    title: "AI-Powered Analytics",
    examples: [
      "Which stores will run out of stock next week?",
      "Why did margin fall in the North region?",
      "Which customers are likely to stop ordering?",
    ],
    description:
      "Ask in plain English and get answers in seconds. Zuri spots trends, risks and opportunities, forecasts what comes next and recommends what to do.",
  },
  {
    icon: Database,
    title: "Unified Data Platform",
    description:
      "Surveys, transactions, spreadsheets and databases in one hub, joined and kept in sync without code.",
  },
  {
    icon: SlidersHorizontal,
    title: "Customizable & Scalable",
    description:
      "Forms, scoring models and real-time dashboards shaped to how you work, from one team to many organizations.",
  },
];

const benefits = [
  {
    icon: TrendingUp,
    title: "Increase Revenue",
    description: "See which products, customers and regions are growing while there is time to act.",
  },
  {
    icon: PiggyBank,
    title: "Reduce Costs",
    description: "Find excess stock, waste and weak spend before they reach the month-end numbers.",
  },
  {
    icon: Gauge,
    title: "Faster Execution",
    description: "Answers in seconds, not report requests that take weeks.",
  },
  {
    icon: Target,
    title: "Competitive Edge",
    description: "Forecasts show where things are heading, so you move first.",
  },
];

const setupSteps = [
  {
    title: "Upload a CSV or Excel file",
    description: "Start with the spreadsheets you already use; Zuri reads the columns for you.",
  },
  {
    title: "Connect your databases",
    description: "Link existing sources once; live syncing keeps every dashboard current.",
  },
  {
    title: "Ask your first question",
    description: "Type it in plain English and get the answer, the figures behind it and a next step.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const [leadCapability, ...otherCapabilities] = capabilities;
  const [leadTestimonial, ...otherTestimonials] = sampleTestimonials;
  return (
    <>
      <PageHero
        eyebrow={siteConfig.tagline}
        title="Instantly get actionable smart business decisions"
        description="Zuri brings your spreadsheets, surveys and databases together, then tells you in plain English what is happening and what to do about it. No data-science team required."
        visual={<Illustration image={aiAnswerIllustration} priority />}
        visualPlacement="below"
      />

      <Section aria-labelledby="what-zuri-does">
        <SectionHeader
          id="what-zuri-does"
          eyebrow="What Zuri does"
          title="From scattered data to clear decisions"
          description="One platform to collect, connect and understand your data, built for the people who decide."
        />
        {/* A bento: the AI card is the tall one, with questions people ask it; the other two stack beside it. */}
        <div className="mt-10 grid gap-5 sm:mt-14 md:grid-cols-2 lg:gap-6">
          {leadCapability && (
            <FeatureCard
              icon={leadCapability.icon}
              title={leadCapability.title}
              description={leadCapability.description}
              className="md:row-span-2"
            >
              <ul aria-label="Questions people ask Zuri" className="mt-6 hidden gap-2.5 sm:grid">
                {leadCapability.examples?.map((example, index) => (
                  <li
                    key={example}
                    className={cn(
                      "rounded-xl border px-4 py-3 text-sm font-medium",
                      index === 0 ? "border-primary bg-primary text-primary-foreground" : "border-brand-100 bg-primary-soft text-primary-strong",
                    )}
                  >
                    {example}
                  </li>
                ))}
              </ul>
            </FeatureCard>
          )}
          {otherCapabilities.map((card) => (
            <FeatureCard key={card.title} icon={card.icon} title={card.title} description={card.description} />
          ))}
        </div>
      </Section>

      <Section aria-labelledby="why-it-matters" tone="subtle">
        <SectionHeader
          id="why-it-matters"
          eyebrow="Outcomes"
          title="Why It Matters"
          description="Zuri puts the answer, and the reason behind it, in front of the person who has to act."
        />
        <Illustration image={dashboardIllustration} className="mx-auto mt-10 max-w-5xl sm:mt-14" />
        <ul className="mx-auto mt-10 grid max-w-6xl grid-cols-2 gap-x-5 gap-y-8 sm:mt-14 lg:grid-cols-4 lg:gap-x-10">
          {benefits.map(({ icon: Icon, title, description }) => (
            <li key={title} className="border-t-2 border-accent pt-5">
              <Icon aria-hidden="true" className="size-5 text-accent-strong" strokeWidth={2} />
              <h3 className="mt-3 font-semibold text-foreground sm:text-lg">{title}</h3>
              <p className="mt-1.5 text-sm leading-6 text-muted-foreground sm:text-base sm:leading-7">{description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="set-up-in-minutes">
        <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-16">
          <Illustration image={setupIllustration} className="order-last lg:order-first" />
          {/* On a tablet the steps sit beside the heading, above the full-width picture. */}
          <div className="md:max-lg:grid md:max-lg:grid-cols-2 md:max-lg:gap-10">
            <SectionHeader
              id="set-up-in-minutes"
              align="left"
              eyebrow="Getting started"
              title="Set Up in Minutes"
              description="No project plan, no integration backlog: bring the data you have today and ask your first question."
            />
            {/* The line that joins the steps is the list's ::before (a list may hold only items). */}
            <ol className="relative mt-8 space-y-6 before:absolute before:top-4 before:bottom-4 before:left-[1.0625rem] before:w-px before:bg-brand-200 sm:mt-10 md:max-lg:mt-0">
              {setupSteps.map((step, index) => (
                <li key={step.title} className="relative flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground ring-4 ring-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-foreground">{step.title}</h3>
                    <p className="mt-1 leading-7 text-muted-foreground">{step.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </Section>

      <Section aria-labelledby="testimonials" tone="subtle">
        <SectionHeader
          id="testimonials"
          eyebrow="In their words"
          title="Teams that decide with Zuri"
          description="What changes when answers arrive in plain English."
        />
        {/* On a phone the three quotes are a row that scrolls sideways (the next one peeks in); from the small
            breakpoint a grid, with the lead quote larger: full width over the other two on a tablet, beside them on
            a desktop. CSS only: the page has no script for it (decision 019). */}
        <div
          role="group"
          aria-label="Sample quotes"
          tabIndex={0}
          className="-mx-5 mt-10 flex snap-x snap-mandatory gap-4 overflow-x-auto px-5 pb-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:mx-0 sm:mt-14 sm:grid sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 md:grid-cols-2 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-6"
        >
          {leadTestimonial && (
            <TestimonialCard testimonial={leadTestimonial} featured className="w-[85%] shrink-0 snap-center sm:w-auto md:col-span-2 lg:col-span-1 lg:row-span-2" />
          )}
          {otherTestimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} className="w-[85%] shrink-0 snap-center sm:w-auto" />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Sample quotes, to be replaced with approved customer quotes before launch.
        </p>
      </Section>

      {loaderData.latestPosts.length > 0 && (
        <Section aria-labelledby="latest-posts">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
            <SectionHeader
              id="latest-posts"
              align="left"
              eyebrow="Insights"
              title={`From the ${siteConfig.blogName}`}
              description={<span className="hidden sm:inline">Practical ideas on turning data into decisions.</span>}
            />
            <ArrowLink to="/blog" className="text-sm">All articles</ArrowLink>
          </div>
          {/* A phone shows the newest post; the others are a tap away on the blog. */}
          <ul className="mt-10 grid gap-6 sm:mt-12 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.latestPosts.map((post, index) => (
              <li key={post.slug} className={cn("flex", index > 0 && "hidden md:flex", index > 1 && "md:hidden lg:flex")}>
                <PostCard post={post} withCover />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <CtaBand
        id="final-cta"
        title="Get Started – It's Free"
        description="See Zuri on your own data. Book a short demo and we will help you connect your first sources and ask your first questions."
        ctaLabel="Get Started"
        showFreeTrialNote
      />
    </>
  );
}
