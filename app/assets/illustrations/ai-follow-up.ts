// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import aiFollowUpWide from "./ai-follow-up-wide.svg";
import aiFollowUpNarrow from "./ai-follow-up-narrow.svg";

export const aiFollowUpIllustration: IllustrationImage = {
  alt: "A conversation with Zuri AI: “What were sales by channel last month?” is answered with $1.29M, up 4%, and a table of stores, online and wholesale sales; the follow-up “And compared with last year?” keeps that context and is answered in one sentence.",
  wide: { src: aiFollowUpWide, width: 720, height: 460 },
  narrow: { src: aiFollowUpNarrow, width: 360, height: 508 },
};
