import { Cpu, GraduationCap, HeartPulse, Landmark, Rocket, ShoppingCart } from "lucide-react";
import type { Route } from "./+types/industries";
import { seo } from "../../lib/seo.ts";
import { Section, SectionHeader } from "../../components/ui/section.tsx";
import { IconBadge } from "../../components/ui/icon-badge.tsx";
import { PageHero } from "../../components/marketing/page-hero.tsx";
import { CtaBand } from "../../components/marketing/cta-band.tsx";
import { ArrowLink } from "../../components/marketing/arrow-link.tsx";
import { SuccessStory } from "../../components/marketing/success-story.tsx";
import { Illustration } from "../../components/marketing/illustration.tsx";
import { industriesIllustration } from "../../assets/illustrations/industries.ts";
import { sharedPage } from "../../../shared/cache-scope.ts";

/** The same for every visitor: stored once per content version (docs/decisions/005). */
export const handle = sharedPage;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Industries",
    description:
      "How startups, financial services, healthcare, retail and e-commerce, education and technology teams use Zuri to turn their data into decisions.",
  });

/** The six industries of docs/product.md §1, each with the kind of question a team there puts to Zuri (examples, not claims). */
const industries = [
  {
    icon: Rocket,
    title: "Startups and scaleups",
    description:
      "Get the answers of a data team before you can afford one. Track growth, unit economics and customer behavior in one place, and keep up as you scale.",
    question: "Which acquisition channel brings the customers who stay longest?",
  },
  {
    icon: Landmark,
    title: "Financial services",
    description:
      "Score applications and counterparties consistently, spot risk early and give relationship teams a clear view of every client, with audit logs throughout.",
    question: "Which applications this week score above our risk threshold?",
  },
  {
    icon: HeartPulse,
    title: "Healthcare",
    description:
      "Bring operational, survey and patient-experience data together to plan capacity, reduce waiting and see where services need support.",
    question: "Which wards will be over capacity next week?",
  },
  {
    icon: ShoppingCart,
    title: "Retail and e-commerce",
    description:
      "Forecast demand by product and location, prevent stockouts, and see which promotions, channels and customers drive profitable growth.",
    question: "Which stores will run out of stock next week?",
    successStory: true,
  },
  {
    icon: GraduationCap,
    title: "Education",
    description:
      "Combine enrollment, assessment and feedback data to support learners earlier and show the impact of every program.",
    question: "Which learners are falling behind this term?",
  },
  {
    icon: Cpu,
    title: "Technology",
    description:
      "Connect product, sales and support data to understand adoption, predict churn and decide where to invest next.",
    question: "Which accounts are most likely to churn this quarter?",
  },
];

export default function Industries() {
  return (
    <>
      <PageHero
        eyebrow="Industries"
        title="Decision intelligence for every sector"
        description="Every industry has its own questions. Zuri gives each team the same advantage: its own data, connected and analyzed, with clear answers in plain English."
        visual={<Illustration image={industriesIllustration} priority />}
        visualPlacement="below"
      />

      <Section aria-labelledby="industries-list">
        <SectionHeader
          id="industries-list"
          eyebrow="Who we serve"
          title="Built for the way your industry works"
          description="Six sectors where Zuri helps teams see what is happening and decide what to do next."
        />
        {/* One panel divided by hairlines: information, not six buttons. Each card leads with the question its team
            asks, the outcome first (docs/brand.md); a subgrid lines up the questions and the texts across a row. */}
        <ul className="mt-10 grid gap-px overflow-hidden rounded-3xl border border-border bg-border shadow-card sm:mt-14 md:grid-cols-2 lg:grid-cols-3">
          {industries.map(({ icon: Icon, title, description, question, successStory }) => (
            <li key={title} className="row-span-3 grid grid-rows-subgrid gap-0 bg-background p-6 sm:p-8">
              <h3 className="flex items-center gap-3 font-semibold text-foreground">
                <IconBadge icon={Icon} size="sm" />
                {title}
              </h3>
              <p className="mt-5 text-xl leading-snug font-semibold tracking-tight text-balance text-foreground">
                <span className="sr-only">Ask Zuri: </span>“{question}”
              </p>
              <div className="mt-3">
                <p className="leading-7 text-muted-foreground">{description}</p>
                {successStory && (
                  <ArrowLink to="#success-story" className="mt-4 text-sm">
                    Read the success story
                  </ArrowLink>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="success-story" tone="subtle">
        <SuccessStory headingId="success-story" />
      </Section>

      {/* docs/product.md §2: 'And Many More' with a Book a Demo button, as the page's one closing call to action. */}
      <CtaBand
        id="many-more"
        title="And Many More"
        description="Manufacturing, logistics, the public sector, professional services: the building blocks are the same. Tell us what you need to decide and we will show you how Zuri helps."
        ctaLabel="Book a Demo"
        showFreeTrialNote
      />
    </>
  );
}
