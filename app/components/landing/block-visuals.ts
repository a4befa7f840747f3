import { BarChart3, BrainCircuit, Clock, Database, FileText, Globe, MessageSquare, ShieldCheck, Users, Zap, type LucideIcon } from "lucide-react";
import type { FeatureIcon, HeroIllustration } from "../../../shared/landing-pages.ts";
import type { IllustrationImage } from "../marketing/illustration.tsx";
import { adminConsoleIllustration } from "../../assets/illustrations/admin-console.ts";
import { aiAnswerIllustration } from "../../assets/illustrations/ai-answer.ts";
import { dashboardIllustration } from "../../assets/illustrations/dashboard.ts";
import { featureGroupsIllustration } from "../../assets/illustrations/feature-groups.ts";
import { featuresOverviewIllustration } from "../../assets/illustrations/features-overview.ts";
import { industriesIllustration } from "../../assets/illustrations/industries.ts";
import { setupIllustration } from "../../assets/illustrations/setup.ts";

/** The product illustrations a hero may name (shared/landing-pages.ts), as the marketing pages show them (docs/decisions/017). */
export const heroIllustrations: Record<HeroIllustration, IllustrationImage> = {
  dashboard: dashboardIllustration,
  "ai-answer": aiAnswerIllustration,
  setup: setupIllustration,
  "admin-console": adminConsoleIllustration,
  "features-overview": featuresOverviewIllustration,
  "feature-groups": featureGroupsIllustration,
  industries: industriesIllustration,
};

/** The icons a feature card may name, as lucide icons. */
export const featureIcons: Record<FeatureIcon, LucideIcon> = {
  chart: BarChart3,
  brain: BrainCircuit,
  database: Database,
  shield: ShieldCheck,
  zap: Zap,
  users: Users,
  globe: Globe,
  clock: Clock,
  file: FileText,
  message: MessageSquare,
};
