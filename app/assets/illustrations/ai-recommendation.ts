// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import aiRecommendationWide from "./ai-recommendation-wide.svg";
import aiRecommendationNarrow from "./ai-recommendation-narrow.svg";

export const aiRecommendationIllustration: IllustrationImage = {
  alt: "Zuri AI answering “Why did margin fall in March, and what should we do?” with a recommendation to end the garden furniture promotion two weeks early, a chart of gross margin falling during the promotion and recovering if it ends, the findings behind it and the data sources used.",
  wide: { src: aiRecommendationWide, width: 720, height: 460 },
  narrow: { src: aiRecommendationNarrow, width: 360, height: 540 },
};
