// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import featuresOverviewWide from "./features-overview-wide.svg";
import featuresOverviewNarrow from "./features-overview-narrow.svg";

export const featuresOverviewIllustration: IllustrationImage = {
  alt: "Zuri features working together on a store-audit program: a data hub joining a sales spreadsheet, a live orders database and audit form responses; a drag-and-drop audit form with a score of 86 out of 100; Zuri AI answering which stores score lowest on availability and what to do; and a live store-health dashboard shared with colleagues.",
  wide: { src: featuresOverviewWide, width: 720, height: 440 },
  narrow: { src: featuresOverviewNarrow, width: 360, height: 552 },
};
