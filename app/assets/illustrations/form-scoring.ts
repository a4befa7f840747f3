// Written by `npm run illustrations` from app/components/marketing/illustrations/catalog.tsx: do not edit.
import type { IllustrationImage } from "../../components/marketing/illustration.tsx";
import formScoringWide from "./form-scoring-wide.svg";
import formScoringNarrow from "./form-scoring-narrow.svg";

export const formScoringIllustration: IllustrationImage = {
  alt: "Zuri’s form builder: a store audit made by dragging fields onto the form, each question weighted, and the responses scored out of 100 by store, with the lowest score flagged for review.",
  wide: { src: formScoringWide, width: 720, height: 440 },
  narrow: { src: formScoringNarrow, width: 360, height: 472 },
};
