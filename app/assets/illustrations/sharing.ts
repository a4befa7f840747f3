// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import sharingWide from "./sharing-wide.svg";
import sharingNarrow from "./sharing-narrow.svg";

export const sharingIllustration: IllustrationImage = {
  alt: "A live weekly sales dashboard being shared: the share dialog lists the owner, the regional managers team and the finance team with their access, a link for everyone in the workspace, export to PDF or CSV, and an email every Monday.",
  wide: { src: sharingWide, width: 720, height: 440 },
  narrow: { src: sharingNarrow, width: 360, height: 402 },
};
