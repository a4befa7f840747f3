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
import { FeatureGridSection } from "../../components/marketing/feature-grid-section.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { BookDemoButton } from "../../components/marketing/book-demo-button.tsx";
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
  const latestPosts = await posts.listPublished({ limit: 3 });
  return { latestPosts: latestPosts.map(toPostCard) };
}

const capabilities = [
  {
    icon: BrainCircuit,
    title: "AI-Powered Analytics",
    description:
      "Ask questions in plain English and get answers in seconds. Zuri spots trends, risks and opportunities for you, forecasts what comes next and recommends what to do.",
  },
  {
    icon: Database,
    title: "Unified Data Platform",
    description:
      "Bring surveys, transactions, spreadsheets and databases into one hub with live syncing. Smart joins and computed fields connect your datasets without code.",
  },
  {
    icon: SlidersHorizontal,
    title: "Customizable & Scalable",
    description:
      "Shape Zuri to how you work with drag-and-drop forms, scoring models and real-time dashboards, from a single team to many organisations.",
  },
];

const benefits = [
  {
    icon: TrendingUp,
    title: "Increase Revenue",
    description: "See which products, customers and regions are growing, and act while the opportunity is still open.",
  },
  {
    icon: PiggyBank,
    title: "Reduce Costs",
    description: "Find excess stock, waste and underperforming spend early, before it reaches the month-end numbers.",
  },
  {
    icon: Gauge,
    title: "Faster Execution",
    description: "Answers in seconds instead of report requests that take weeks. Decide and move in the same meeting.",
  },
  {
    icon: Target,
    title: "Competitive Edge",
    description: "Forecasts and recommendations show where things are heading, so you move first instead of reacting.",
  },
];

const setupSteps = [
  {
    title: "Upload a CSV or Excel file",
    description: "Start with the spreadsheets you already use. Zuri reads the columns and types for you.",
  },
  {
    title: "Connect your databases",
    description: "Link existing sources once and keep every dashboard current with live syncing.",
  },
  {
    title: "Ask your first question",
    description: "Type it in plain English. Zuri AI answers, shows the figures behind it and suggests what to do next.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={siteConfig.tagline}
        title="Instantly get actionable smart business decisions"
        description="Zuri brings your spreadsheets, surveys and databases together, then tells you in plain English what is happening, what is likely to happen next and what to do about it. No data-science team required."
        cta="Get Started"
        visual={<Illustration image={aiAnswerIllustration} priority />}
        visualPlacement="below"
      />

      <FeatureGridSection
        id="what-zuri-does"
        eyebrow="What Zuri does"
        title="From scattered data to clear decisions"
        description="One platform to collect, connect and understand your data, built for the people who make the decisions rather than the people who write the queries."
        cards={capabilities}
        columns={3}
      />

      <Section aria-labelledby="why-it-matters" tone="subtle">
        <SectionHeader
          id="why-it-matters"
          eyebrow="Outcomes"
          title="Why It Matters"
          description="Data only pays off when it changes what you do on Monday morning. Zuri puts the answer, and the reason behind it, in front of the person who has to act."
        />
        <div className="mt-14 grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:gap-14">
          <div className="grid gap-5 sm:grid-cols-2">
            {benefits.map((card) => (
              <FeatureCard key={card.title} {...card} tone="accent" />
            ))}
          </div>
          <Illustration image={dashboardIllustration} />
        </div>
      </Section>

      <Section aria-labelledby="set-up-in-minutes">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-16">
          <Illustration image={setupIllustration} className="order-last lg:order-first" />
          <div>
            <SectionHeader
              id="set-up-in-minutes"
              align="left"
              eyebrow="Getting started"
              title="Set Up in Minutes"
              description="No project plan, no integration backlog. Bring the data you have today and ask your first question in the same session."
            />
            <ol className="mt-10 space-y-6">
              {setupSteps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
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
            <div className="mt-10">
              <BookDemoButton>Get Started</BookDemoButton>
            </div>
          </div>
        </div>
      </Section>

      <Section aria-labelledby="testimonials" tone="subtle">
        <SectionHeader
          id="testimonials"
          eyebrow="Customer stories"
          title="Teams that decide with Zuri"
          description="Operations, finance and customer leaders on what changed when the answers started arriving in plain English."
        />
        <div className="mt-14 grid gap-6 lg:grid-cols-3">
          {sampleTestimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </div>
      </Section>

      {loaderData.latestPosts.length > 0 && (
        <Section aria-labelledby="latest-posts">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
            <SectionHeader
              id="latest-posts"
              align="left"
              eyebrow="Insights"
              title={`From the ${siteConfig.blogName}`}
              description="Practical ideas on turning data into decisions."
            />
            <ArrowLink to="/blog" className="text-sm">All articles</ArrowLink>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.latestPosts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} />
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
