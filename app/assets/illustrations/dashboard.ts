// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import dashboardWide from "./dashboard-wide.svg";
import dashboardNarrow from "./dashboard-narrow.svg";

export const dashboardIllustration: IllustrationImage = {
  alt: "Zuri dashboard showing weekly revenue, gross margin and at-risk products, a revenue trend with a forecast, and a Zuri AI answer explaining which stores will run out of stock next week and what to do about it.",
  wide: { src: dashboardWide, width: 720, height: 480 },
  narrow: { src: dashboardNarrow, width: 360, height: 560 },
};
