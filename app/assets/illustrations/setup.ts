// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import setupWide from "./setup-wide.svg";
import setupNarrow from "./setup-narrow.svg";

export const setupIllustration: IllustrationImage = {
  alt: "Zuri setup in three steps: a CSV file and an Excel workbook uploaded, a database connected and verified with live sync turned on, and a confirmation that the workspace is ready.",
  wide: { src: setupWide, width: 720, height: 440 },
  narrow: { src: setupNarrow, width: 360, height: 400 },
};
