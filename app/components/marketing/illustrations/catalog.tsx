import type { ReactElement } from "react";
import { AdminConsoleIllustration, AdminConsoleNarrow } from "./admin-console-illustration.tsx";
import { AiAnswerIllustration, AiAnswerNarrow } from "./ai-answer-illustration.tsx";
import { AiFollowUpIllustration, AiFollowUpNarrow } from "./ai-follow-up-illustration.tsx";
import { AiInsightsIllustration, AiInsightsNarrow } from "./ai-insights-illustration.tsx";
import { AiRecommendationIllustration, AiRecommendationNarrow } from "./ai-recommendation-illustration.tsx";
import { DataHubIllustration, DataHubNarrow } from "./data-hub-illustration.tsx";
import { DashboardIllustration, DashboardNarrow } from "./dashboard-illustration.tsx";
import { FeatureGroupsIllustration, FeatureGroupsNarrow } from "./feature-groups-illustration.tsx";
import { FeaturesOverviewIllustration, FeaturesOverviewNarrow } from "./features-overview-illustration.tsx";
import { FormScoringIllustration, FormScoringNarrow } from "./form-scoring-illustration.tsx";
import { IndustriesIllustration, IndustriesNarrow } from "./industries-illustration.tsx";
import { SharingIllustration, SharingNarrow } from "./sharing-illustration.tsx";
import { SetupIllustration, SetupNarrow } from "./setup-illustration.tsx";

/**
 * Every product illustration of the marketing pages, as the SVG images `npm run illustrations` writes
 * to app/assets/illustrations/ (docs/decisions/017-illustrations-as-svg-images.md): `wide` from the
 * small breakpoint up, `narrow` below it (a simpler composition whose words are at least 11 px on a
 * 390 px screen). Pages show them with <Illustration image={…Illustration}> (../illustration.tsx).
 */
export const illustrationCatalog = {
  "admin-console": { wide: <AdminConsoleIllustration />, narrow: <AdminConsoleNarrow /> },
  "ai-answer": { wide: <AiAnswerIllustration />, narrow: <AiAnswerNarrow /> },
  "ai-follow-up": { wide: <AiFollowUpIllustration />, narrow: <AiFollowUpNarrow /> },
  "ai-insights": { wide: <AiInsightsIllustration />, narrow: <AiInsightsNarrow /> },
  "ai-recommendation": { wide: <AiRecommendationIllustration />, narrow: <AiRecommendationNarrow /> },
  dashboard: { wide: <DashboardIllustration />, narrow: <DashboardNarrow /> },
  "data-hub": { wide: <DataHubIllustration />, narrow: <DataHubNarrow /> },
  "feature-groups": { wide: <FeatureGroupsIllustration />, narrow: <FeatureGroupsNarrow /> },
  "features-overview": { wide: <FeaturesOverviewIllustration />, narrow: <FeaturesOverviewNarrow /> },
  "form-scoring": { wide: <FormScoringIllustration />, narrow: <FormScoringNarrow /> },
  industries: { wide: <IndustriesIllustration />, narrow: <IndustriesNarrow /> },
  setup: { wide: <SetupIllustration />, narrow: <SetupNarrow /> },
  sharing: { wide: <SharingIllustration />, narrow: <SharingNarrow /> },
} satisfies Record<string, { wide: ReactElement; narrow?: ReactElement }>;
