// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import industriesWide from "./industries-wide.svg";
import industriesNarrow from "./industries-narrow.svg";

export const industriesIllustration: IllustrationImage = {
  alt: "Zuri with a workspace for each sector: a retail stock forecast showing Store 14 falling below its reorder point next week, a financial-services risk score of 72 out of 100 for a loan application, and a healthcare bed-occupancy forecast peaking at 94% on Thursday, with a Zuri AI recommendation to open extra beds.",
  wide: { src: industriesWide, width: 720, height: 480 },
  narrow: { src: industriesNarrow, width: 360, height: 580 },
};
