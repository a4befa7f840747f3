// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import featureGroupsWide from "./feature-groups-wide.svg";
import featureGroupsNarrow from "./feature-groups-narrow.svg";

export const featureGroupsIllustration: IllustrationImage = {
  alt: "A Zuri workspace with its four feature groups at work: AI analytics answering “Why did returns rise in March?” with a recommended next step, a unified data hub with live sales, survey and spreadsheet sources joined on store ID, a supplier review form scored 82 out of 100, and a sales-by-region dashboard ready to share or export.",
  wide: { src: featureGroupsWide, width: 720, height: 510 },
  narrow: { src: featureGroupsNarrow, width: 360, height: 556 },
};
