// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import aiAnswerWide from "./ai-answer-wide.svg";
import aiAnswerNarrow from "./ai-answer-narrow.svg";

export const aiAnswerIllustration: IllustrationImage = {
  alt: "Zuri AI answering the question “Which regions missed target last quarter, and why?” with a short explanation, a chart of revenue against target by region, recommended next steps and the data sources it used.",
  wide: { src: aiAnswerWide, width: 720, height: 460 },
  narrow: { src: aiAnswerNarrow, width: 360, height: 528 },
};
