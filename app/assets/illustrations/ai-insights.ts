// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import aiInsightsWide from "./ai-insights-wide.svg";
import aiInsightsNarrow from "./ai-insights-narrow.svg";

export const aiInsightsIllustration: IllustrationImage = {
  alt: "Zuri AI insights: a question typed in plain English, three insights raised automatically (online orders up 18%, oat milk running out at three stores, bundles selling twice as well in York) and a revenue forecast for the next three months with a recommended action.",
  wide: { src: aiInsightsWide, width: 720, height: 440 },
  narrow: { src: aiInsightsNarrow, width: 360, height: 500 },
};
