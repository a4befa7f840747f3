// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import dataHubWide from "./data-hub-wide.svg";
import dataHubNarrow from "./data-hub-narrow.svg";

export const dataHubIllustration: IllustrationImage = {
  alt: "Zuri’s data hub with four sources side by side (a spreadsheet, a live database, form responses and a CSV file), and a smart join of Orders and Stores on store_id with a computed margin column.",
  wide: { src: dataHubWide, width: 720, height: 440 },
  narrow: { src: dataHubNarrow, width: 360, height: 472 },
};
