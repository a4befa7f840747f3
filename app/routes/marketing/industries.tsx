import { Cpu, GraduationCap, HeartPulse, Landmark, Rocket, ShoppingCart } from "lucide-react";
import type { Route } from "./+types/industries";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { FeatureGridSection } from "../../components/marketing/feature-grid-section.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { BookDemoAction } from "../../components/marketing/book-demo-button.tsx";
import { SuccessStory } from "../../components/marketing/success-story.tsx";
import { sharedPage } from "../../lib/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Industries",
    description:
      "How startups, financial services, healthcare, retail and e-commerce, education and technology teams use Zuri to turn their data into decisions.",
  });

const industries = [
  {
    icon: Rocket,
    title: "Startups & Scaleups",
    description:
      "Get the answers of a data team before you can afford one. Track growth, unit economics and customer behaviour in one place, and keep up as you scale.",
  },
  {
    icon: Landmark,
    title: "Financial Services",
    description:
      "Score applications and counterparties consistently, spot risk early and give relationship teams a clear view of every client, with audit logs throughout.",
  },
  {
    icon: HeartPulse,
    title: "Healthcare",
    description:
      "Bring operational, survey and patient-experience data together to plan capacity, reduce waiting and see where services need support.",
  },
  {
    icon: ShoppingCart,
    title: "Retail & E-commerce",
    description:
      "Forecast demand by product and location, prevent stockouts, and see which promotions, channels and customers drive profitable growth.",
  },
  {
    icon: GraduationCap,
    title: "Education",
    description:
      "Combine enrolment, assessment and feedback data to support learners earlier and show the impact of every programme.",
  },
  {
    icon: Cpu,
    title: "Technology",
    description:
      "Connect product, sales and support data to understand adoption, predict churn and decide where to invest next.",
  },
];

export default function Industries() {
  return (
    <>
      <PageHero
        eyebrow="Industries"
        title="Decision intelligence for every sector"
        description="Every industry has its own questions. Zuri gives each team the same advantage: its own data, connected and analysed, with clear answers in plain English."
      />

      <FeatureGridSection
        id="industries-list"
        eyebrow="Who we serve"
        title="Built for the way your industry works"
        description="Six sectors where Zuri helps teams see what is happening and decide what to do next."
        cards={industries}
        columns={3}
      />

      <Section aria-labelledby="success-story" tone="subtle">
        <SuccessStory headingId="success-story" />
      </Section>

      <Section aria-labelledby="many-more">
        <div className="mx-auto max-w-3xl rounded-3xl border border-border bg-linear-to-b from-brand-50/70 to-white px-6 py-12 text-center shadow-card sm:px-12 sm:py-16">
          <SectionHeader
            id="many-more"
            title="And Many More"
            description="Manufacturing, logistics, the public sector, professional services: the building blocks are the same. A unified data hub, plain-English questions, forecasts and scoring fit any organisation that runs on data. Tell us what you need to decide and we will show you how Zuri helps."
          />
          <div className="mt-10 flex justify-center">
            <BookDemoAction stacked />
          </div>
        </div>
      </Section>
    </>
  );
}
