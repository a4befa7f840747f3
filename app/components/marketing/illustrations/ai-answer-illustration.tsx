import { useId } from "react";
import { illustrationPalette, ProductWindow } from "./product-window.tsx";

const palette = { ...illustrationPalette, miss: "#e11d48", missSoft: "#fff1f2" };

/** Revenue as a share of target, per region (sample data for the picture). */
const regions = [
  { name: "North", value: 92 },
  { name: "South", value: 104 },
  { name: "East", value: 101 },
  { name: "West", value: 97 },
];
const track = { left: 150, right: 440, max: 110 };
const barX = (value: number) => track.left + (value / track.max) * (track.right - track.left);

const nextSteps = [
  ["Re-engage lapsed", "North accounts"],
  ["Add a second supplier", "for West"],
];

/**
 * Zuri AI answering a plain-English question: a short answer, the chart behind it, recommended next
 * steps and the sources used. Wide composition (catalog.tsx).
 */
export function AiAnswerIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;

  return (
    <svg
      viewBox="0 0 720 460"
      width="720"
      height="460"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri AI answering the question “Which regions missed target last quarter, and why?” with a short explanation, a chart
        of revenue against target by region, recommended next steps and the data sources it used.
      </title>
      <ProductWindow height={444} caption="Zuri AI · Ask anything about your data" shadowId={shadowId} />

      {/* Question */}
      <rect x="318" y="62" width="370" height="40" rx="12" fill={palette.primary} />
      <text x="336" y="87" fontSize="12.5" fontWeight="500" fill="#ffffff">
        Which regions missed target last quarter, and why?
      </text>

      {/* Answer */}
      <circle cx="46" cy="136" r="14" fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <path d="M46 127.5l2 5 5 2-5 2-2 5-2-5-5-2 5-2Z" fill={palette.primary} />
      <rect x="72.5" y="118.5" width="615" height="262" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="92" y="146" fontSize="13.5" fontWeight="700" fill={palette.ink}>
        Two regions missed their revenue target.
      </text>
      <text fontSize="11.5" fill={palette.text}>
        <tspan x="92" y="168">North finished 8% short, mostly from fewer repeat orders. West finished 3% short after</tspan>
        <tspan x="92" y="185">two late supplier deliveries left best-sellers out of stock for nine days.</tspan>
      </text>

      <line x1="92" y1="203.5" x2="668" y2="203.5" stroke={palette.line} />
      <text x="92" y="226" fontSize="11" fontWeight="600" fill={palette.ink}>
        Revenue vs target, by region
      </text>
      {regions.map((region, index) => {
        const y = 242 + index * 28;
        const missed = region.value < 100;
        return (
          <g key={region.name}>
            <text x="92" y={y + 12} fontSize="11" fill={palette.text}>
              {region.name}
            </text>
            <rect x={track.left} y={y + 2} width={track.right - track.left} height="12" rx="6" fill="#f1f5f9" />
            <rect
              x={track.left}
              y={y + 2}
              width={barX(region.value) - track.left}
              height="12"
              rx="6"
              fill={missed ? palette.miss : palette.accent}
            />
            <text x={track.right + 12} y={y + 12} fontSize="10.5" fontWeight="600" fill={missed ? palette.miss : palette.accentText}>
              {region.value}%
            </text>
          </g>
        );
      })}
      <line x1={barX(100)} y1="236" x2={barX(100)} y2="356" stroke={palette.ink} strokeDasharray="3 3" />
      <text x={barX(100)} y="368" textAnchor="middle" fontSize="9.5" fill={palette.muted}>
        Target
      </text>

      <rect x="500.5" y="218.5" width="168" height="118" rx="10" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <text x="514" y="240" fontSize="11" fontWeight="600" fill={palette.accentText}>
        Recommended next steps
      </text>
      {nextSteps.map((lines, index) => (
        <g key={lines[0]}>
          <circle cx="521" cy={262 + index * 34} r="8" fill={palette.accent} />
          <text x="521" y={265.5 + index * 34} textAnchor="middle" fontSize="9.5" fontWeight="700" fill="#ffffff">
            {index + 1}
          </text>
          <text fontSize="10.5" fill={palette.ink}>
            {lines.map((line, lineIndex) => (
              <tspan key={line} x="536" y={266 + index * 34 + lineIndex * 13}>
                {line}
              </tspan>
            ))}
          </text>
        </g>
      ))}
      <text x="500" y="360" fontSize="9.5" fill={palette.muted}>
        Sources: Orders, Targets, Deliveries
      </text>

      {/* Follow-up */}
      <rect x="32.5" y="396.5" width="655" height="38" rx="10" fill={palette.surface} stroke="#cbd5e1" />
      <text x="50" y="420" fontSize="11.5" fill={palette.muted}>
        Ask a follow-up, e.g. “Which North accounts stopped reordering?”
      </text>
      <rect x="650" y="402" width="30" height="26" rx="7" fill={palette.primary} />
      <path d="M659 415h12M666 410l5 5-5 5" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The same answer for a phone (catalog.tsx): the question, the answer, the bars and one next step, in larger type. */
export function AiAnswerNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const narrowTrack = { left: 124, right: 262 };
  const narrowX = (value: number) => narrowTrack.left + (value / track.max) * (narrowTrack.right - narrowTrack.left);

  return (
    <svg
      viewBox="0 0 360 528"
      width="360"
      height="528"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri AI answering “Which regions missed target last quarter, and why?”: North and West missed, shown as bars of revenue
        against target by region, with a recommended next step.
      </title>
      <ProductWindow width={360} height={512} caption="Zuri AI" captionSize={13} shadowId={shadowId} />

      {/* Question */}
      <rect x="84" y="58" width="252" height="54" rx="14" fill={palette.primary} />
      <text fontSize="13.5" fontWeight="500" fill="#ffffff">
        <tspan x="100" y="80">Which regions missed target</tspan>
        <tspan x="100" y="99">last quarter, and why?</tspan>
      </text>

      {/* Answer */}
      <circle cx="38" cy="142" r="13" fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <path d="M38 134l2 5 5 2-5 2-2 5-2-5-5-2 5-2Z" fill={palette.primary} />
      <rect x="58.5" y="126.5" width="277" height="256" rx="12" fill="#ffffff" stroke={palette.line} />
      <text fontSize="15" fontWeight="700" fill={palette.ink}>
        <tspan x="74" y="154">Two regions missed</tspan>
        <tspan x="74" y="174">their revenue target.</tspan>
      </text>
      <text x="74" y="198" fontSize="13" fill={palette.text}>
        North 8% short, West 3% short.
      </text>
      <line x1="74" y1="212.5" x2="320" y2="212.5" stroke={palette.line} />
      <text x="74" y="236" fontSize="13" fontWeight="600" fill={palette.ink}>
        Revenue vs target
      </text>
      {regions.map((region, index) => {
        const y = 250 + index * 28;
        const missed = region.value < 100;
        return (
          <g key={region.name}>
            <text x="74" y={y + 13} fontSize="13" fill={palette.text}>
              {region.name}
            </text>
            <rect x={narrowTrack.left} y={y + 3} width={narrowTrack.right - narrowTrack.left} height="12" rx="6" fill="#f1f5f9" />
            <rect
              x={narrowTrack.left}
              y={y + 3}
              width={narrowX(region.value) - narrowTrack.left}
              height="12"
              rx="6"
              fill={missed ? palette.miss : palette.accent}
            />
            <text x="320" y={y + 13} textAnchor="end" fontSize="13" fontWeight="600" fill={missed ? palette.miss : palette.accentText}>
              {region.value}%
            </text>
          </g>
        );
      })}
      <line x1={narrowX(100)} y1="246" x2={narrowX(100)} y2="358" stroke={palette.ink} strokeDasharray="3 3" />
      <text x={narrowX(100)} y="373" textAnchor="middle" fontSize="13" fill={palette.muted}>
        Target
      </text>

      {/* Next step */}
      <rect x="24.5" y="396.5" width="311" height="62" rx="12" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <circle cx="48" cy="427.5" r="11" fill={palette.accent} />
      <text x="48" y="432" textAnchor="middle" fontSize="13" fontWeight="700" fill="#ffffff">
        1
      </text>
      <text x="68" y="421" fontSize="13" fontWeight="600" fill={palette.accentText}>
        Recommended next step
      </text>
      <text x="68" y="441" fontSize="13" fill={palette.ink}>
        Re-engage lapsed North accounts
      </text>

      {/* Follow-up */}
      <rect x="24.5" y="470.5" width="311" height="38" rx="10" fill={palette.surface} stroke="#cbd5e1" />
      <text x="40" y="494" fontSize="13" fill={palette.muted}>
        Ask a follow-up…
      </text>
      <rect x="298" y="476" width="30" height="26" rx="7" fill={palette.primary} />
      <path d="M307 489h12M314 484l5 5-5 5" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
