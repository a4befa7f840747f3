import { useId } from "react";
import { Button, CheckDot } from "./parts.tsx";
import { illustrationPalette as palette, ProductWindow } from "./product-window.tsx";

/** The form builder's field types, dragged onto the form. */
const fieldTypes = ["Short text", "Number", "Multiple choice", "Rating", "Yes / No"];

/** The store audit's questions (sample data), each with its type and its weight in the score. */
const questions = [
  { label: "Shelves fully stocked?", type: "Yes / No", weight: "30%" },
  { label: "Cleanliness", type: "Rating, 1 to 5", weight: "40%" },
  { label: "Price labels correct?", type: "Yes / No", weight: "30%" },
];

/** Scored responses, one per store (sample data); below 50 asks for a review. */
const scores = [
  { store: "Leeds", score: 92 },
  { store: "York", score: 81 },
  { store: "Hull", score: 64 },
  { store: "Bradford", score: 47 },
];
const reviewBelow = 50;

/** Six dots: the handle a field is dragged by. */
function DragHandle({ x, y, gap = 4.5, r = 1.1 }: { x: number; y: number; gap?: number; r?: number }) {
  return (
    <>
      {[0, 1, 2].map((row) =>
        [0, 1].map((column) => <circle key={`${row}-${column}`} cx={x + column * gap} cy={y + row * gap} r={r} fill={palette.faint} />),
      )}
    </>
  );
}

/** One question on the form: its handle, label, type and weight, in a card `width` wide. */
function Question({ x, y, width, question, large = false }: { x: number; y: number; width: number; question: (typeof questions)[number]; large?: boolean }) {
  const [labelSize, typeSize, height, pillWidth] = large ? [14, 13, 56, 52] : [11.5, 10, 42, 40];
  return (
    <g>
      <rect x={x + 0.5} y={y + 0.5} width={width - 1} height={height - 1} rx="8" fill="#ffffff" stroke={palette.line} />
      <DragHandle x={x + 12} y={y + height / 2 - 4.5} />
      <text x={x + 28} y={y + height / 2 - (large ? 4 : 3)} fontSize={labelSize} fontWeight="600" fill={palette.ink}>
        {question.label}
      </text>
      <text x={x + 28} y={y + height / 2 + (large ? 15 : 12)} fontSize={typeSize} fill={palette.muted}>
        {question.type}
      </text>
      <rect x={x + width - pillWidth - 10} y={y + height / 2 - (large ? 12 : 10)} width={pillWidth} height={large ? 24 : 20} rx={large ? 12 : 10} fill={palette.primarySoft} />
      <text x={x + width - pillWidth / 2 - 10} y={y + height / 2 + (large ? 4.5 : 3.5)} textAnchor="middle" fontSize={typeSize} fontWeight="600" fill={palette.primaryText}>
        {question.weight}
      </text>
    </g>
  );
}

/** One store's score: its name and figure over a bar, teal when it passes and rose when it needs a review. */
function Score({ x, y, width, entry, large = false }: { x: number; y: number; width: number; entry: (typeof scores)[number]; large?: boolean }) {
  const fontSize = large ? 13 : 11;
  const review = entry.score < reviewBelow;
  return (
    <g>
      <text x={x} y={y} fontSize={fontSize} fontWeight="600" fill={palette.ink}>
        {entry.store}
      </text>
      {review && (
        <>
          <rect x={x + (large ? 76 : 60)} y={y - fontSize - 1} width={large ? 98 : 80} height={fontSize + 7} rx={(fontSize + 7) / 2} fill={palette.alertSoft} />
          <text x={x + (large ? 76 + 49 : 60 + 40)} y={y - 0.5} textAnchor="middle" fontSize={large ? 12 : 10} fontWeight="600" fill={palette.alertText}>
            Needs review
          </text>
        </>
      )}
      <text x={x + width} y={y} textAnchor="end" fontSize={fontSize} fontWeight="700" fill={review ? palette.alertText : palette.ink}>
        {entry.score}
      </text>
      <rect x={x} y={y + 8} width={width} height="6" rx="3" fill={palette.line} />
      <rect x={x} y={y + 8} width={(width * entry.score) / 100} height="6" rx="3" fill={review ? palette.alert : palette.accent} />
    </g>
  );
}

/**
 * Data capture and scoring: a store-audit form built by dragging field types onto it, each question weighted,
 * and the responses scored out of 100 with the weakest flagged for review. Wide composition (catalog.tsx);
 * /features, “Capture and assess”.
 */
export function FormScoringIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 720 440" width="720" height="440" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri’s form builder: a store audit made by dragging fields onto the form, each question weighted, and the responses
        scored out of 100 by store, with the lowest score flagged for review.
      </title>
      <ProductWindow height={424} caption="Zuri · Forms" shadowId={`${id}-shadow`} />

      <text x="32" y="78" fontSize="15" fontWeight="700" fill={palette.ink}>
        Store audit
      </text>
      <text x="32" y="96" fontSize="10.5" fill={palette.muted}>
        Form · 312 responses · each one scored as it arrives
      </text>
      <Button x={592} y={62} width={96} primary>
        Share form
      </Button>

      {/* The field types */}
      <rect x="32.5" y="112.5" width="139" height="290" rx="12" fill={palette.surface} stroke={palette.line} />
      <text x="46" y="136" fontSize="12" fontWeight="700" fill={palette.ink}>
        Fields
      </text>
      {fieldTypes.map((type, index) => {
        const top = 150 + index * 36;
        return (
          <g key={type}>
            <rect x="46.5" y={top + 0.5} width="111" height="27" rx="7" fill="#ffffff" stroke={palette.line} />
            <DragHandle x={56} y={top + 9.5} gap={4} r={1} />
            <text x="70" y={top + 18} fontSize="11" fill={palette.text}>
              {type}
            </text>
          </g>
        );
      })}
      <text x="46" y="350" fontSize="10" fill={palette.muted}>
        Drag a field onto
      </text>
      <text x="46" y="364" fontSize="10" fill={palette.muted}>
        the form to add it
      </text>

      {/* The form */}
      <rect x="184.5" y="112.5" width="283" height="290" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="200" y="136" fontSize="12" fontWeight="700" fill={palette.ink}>
        Questions
      </text>
      <text x="452" y="136" textAnchor="end" fontSize="10" fill={palette.muted}>
        Weight
      </text>
      {questions.map((question, index) => (
        <Question key={question.label} x={200} y={148 + index * 50} width={252} question={question} />
      ))}
      <rect x="200.5" y="298.5" width="251" height="41" rx="8" fill={palette.primarySoft} stroke={palette.primaryBorder} strokeDasharray="4 3" />
      <text x="390" y="323" textAnchor="middle" fontSize="10.5" fontWeight="500" fill={palette.primaryText}>
        + Drop a field here
      </text>
      {/* “Rating” on its way from the field list, with the pointer that carries it. */}
      <g transform="rotate(-3 266 318)">
        <rect x="210" y="304" width="111" height="27" rx="7" fill="#ffffff" stroke={palette.primary} strokeWidth="1.5" filter={`url(#${id}-shadow)`} />
        <DragHandle x={220} y={313} gap={4} r={1} />
        <text x="234" y="322" fontSize="11" fontWeight="600" fill={palette.primaryText}>
          Rating
        </text>
      </g>
      <path d="M312 322l0 16 4.2-4 3 6.6 2.6-1.2-3-6.4 5.8-0.4Z" fill={palette.ink} stroke="#ffffff" strokeWidth="1.2" strokeLinejoin="round" />
      <CheckDot cx={207} cy={370} r={6} />
      <text x="219" y="374" fontSize="10.5" fill={palette.accentText}>
        Weights add up to 100%
      </text>

      {/* The scores */}
      <rect x="480.5" y="112.5" width="207" height="290" rx="12" fill={palette.surface} stroke={palette.line} />
      <text x="496" y="136" fontSize="12" fontWeight="700" fill={palette.ink}>
        Scores
      </text>
      <text x="672" y="136" textAnchor="end" fontSize="10" fill={palette.muted}>
        out of 100
      </text>
      {scores.map((entry, index) => (
        <Score key={entry.store} x={496} y={168 + index * 46} width={176} entry={entry} />
      ))}
      <rect x="496.5" y="352.5" width="175" height="34" rx="8" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <text x="508" y="366" fontSize="10" fontWeight="600" fill={palette.accentText}>
        Average score 71
      </text>
      <text x="508" y="379" fontSize="10" fill={palette.text}>
        Saved as rows in the data hub
      </text>
    </svg>
  );
}

/** The form for a phone (catalog.tsx): its three weighted questions and three stores’ scores, in larger type. */
export function FormScoringNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shown = [scores[0]!, scores[1]!, scores[3]!];
  return (
    <svg viewBox="0 0 360 472" width="360" height="472" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri’s form builder: a store audit with three weighted questions, and the responses scored out of 100 by store, with
        the lowest score flagged for review.
      </title>
      <ProductWindow width={360} height={456} caption="Zuri · Forms" captionSize={13} shadowId={`${id}-shadow`} />
      <text x="24" y="78" fontSize="17" fontWeight="700" fill={palette.ink}>
        Store audit
      </text>
      {questions.map((question, index) => (
        <Question key={question.label} x={24} y={94 + index * 64} width={312} question={question} large />
      ))}
      <rect x="24.5" y="294.5" width="311" height="154" rx="12" fill={palette.surface} stroke={palette.line} />
      <text x="40" y="320" fontSize="14" fontWeight="700" fill={palette.ink}>
        Scores
      </text>
      <text x="320" y="320" textAnchor="end" fontSize="13" fill={palette.muted}>
        out of 100
      </text>
      {shown.map((entry, index) => (
        <Score key={entry.store} x={40} y={352 + index * 36} width={280} entry={entry} large />
      ))}
    </svg>
  );
}
