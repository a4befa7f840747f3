import { useId } from "react";
import { AiAvatar, Button, CheckDot } from "./parts.tsx";
import { illustrationPalette as palette, ProductWindow } from "./product-window.tsx";

/** Gross margin by week (sample data): a promotion from week 5 pulls it down; dashed, if it ends early. */
const margin = [43.4, 43.1, 43.5, 43.2, 41.9, 41.2, 41.5, 41.0, 41.3, 41.1];
const projected = [41.1, 41.9, 42.6];
const promotionFrom = 4;
const [low, high] = [40, 44];

const evidence = ["Discount up from 12% to 21%", "Units sold up only 2%", "Same fall in 3 of 4 regions"];

/** The margin line, its promotion band and the projection, in a box. */
function MarginChart({ left, right, top, bottom, labelSize }: { left: number; right: number; top: number; bottom: number; labelSize: number }) {
  const weeks = margin.length + projected.length - 1;
  const x = (week: number) => left + (week / (weeks - 1)) * (right - left);
  const y = (value: number) => bottom - ((value - low) / (high - low)) * (bottom - top);
  const line = (values: number[], from: number) => values.map((value, index) => `${index ? "L" : "M"}${x(from + index).toFixed(1)} ${y(value).toFixed(1)}`).join("");
  const area = `${line(margin, 0)}L${x(margin.length - 1).toFixed(1)} ${bottom}L${left} ${bottom}Z`;
  return (
    <>
      <rect x={x(promotionFrom) - 6} y={top - 6} width={x(margin.length - 1) - x(promotionFrom) + 12} height={bottom - top + 6} rx="4" fill="#fff1f2" />
      <text x={x(promotionFrom)} y={top + labelSize} fontSize={labelSize} fontWeight="600" fill="#be123c">
        Promotion
      </text>
      {[high, (high + low) / 2, low].map((value) => (
        <line key={value} x1={left} y1={y(value) + 0.5} x2={right} y2={y(value) + 0.5} stroke={palette.line} strokeDasharray={value === low ? undefined : "2 3"} />
      ))}
      <path d={area} fill={palette.primary} opacity="0.08" />
      <path d={line(margin, 0)} fill="none" stroke={palette.primary} strokeWidth="2.25" strokeLinejoin="round" strokeLinecap="round" />
      <path d={line(projected, margin.length - 1)} fill="none" stroke={palette.accent} strokeWidth="2.25" strokeDasharray="4 4" strokeLinecap="round" />
      <circle cx={x(margin.length - 1)} cy={y(margin.at(-1)!)} r="4" fill="#ffffff" stroke={palette.primary} strokeWidth="2" />
      <circle cx={x(weeks - 1)} cy={y(projected.at(-1)!)} r="3.5" fill={palette.accent} />
    </>
  );
}

/**
 * Zuri AI answering “Why did margin fall in March, and what should we do?” with a recommendation and the
 * evidence behind it (chart, findings, sources). Wide composition (catalog.tsx); the /zuri-ai hero.
 */
export function AiRecommendationIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 720 460" width="720" height="460" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri AI answering “Why did margin fall in March, and what should we do?” with a recommendation to end the garden
        furniture promotion two weeks early, a chart of gross margin falling during the promotion and recovering if it ends,
        the findings behind it and the data sources used.
      </title>
      <ProductWindow height={444} caption="Zuri AI · Margin review" shadowId={`${id}-shadow`} />

      <rect x="331" y="62" width="357" height="40" rx="12" fill={palette.primary} />
      <text x="349" y="87" fontSize="12.5" fontWeight="500" fill="#ffffff">
        Why did margin fall in March, and what should we do?
      </text>

      <AiAvatar cx={46} cy={136} />
      <rect x="72.5" y="118.5" width="615" height="310" rx="12" fill="#ffffff" stroke={palette.line} />
      <rect x="92.5" y="134.5" width="121" height="23" rx="11.5" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <CheckDot cx={106} cy={146} r={6} />
      <text x="118" y="150" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
        Recommendation
      </text>
      <text x="92" y="184" fontSize="15" fontWeight="700" fill={palette.ink}>
        End the garden furniture promotion two weeks early.
      </text>
      <text fontSize="11.5" fill={palette.text}>
        <tspan x="92" y="206">It caused most of March’s 1.8-point fall in gross margin: discounts deepened while</tspan>
        <tspan x="92" y="223">unit sales barely moved. Ending it on April 14 is forecast to recover 1.5 points.</tspan>
      </text>
      <line x1="92" y1="241.5" x2="668" y2="241.5" stroke={palette.line} />

      <text x="92" y="264" fontSize="11" fontWeight="600" fill={palette.ink}>
        Gross margin by week
      </text>
      <text fontSize="9.5" fill={palette.muted}>
        <tspan x="92" y="289">44%</tspan>
        <tspan x="92" y="324">42%</tspan>
        <tspan x="92" y="359">40%</tspan>
      </text>
      <MarginChart left={126} right={416} top={285} bottom={355} labelSize={9.5} />
      <text fontSize="9.5" fill={palette.muted}>
        <tspan x="126" y="374">Feb</tspan>
        <tspan x="223" y="374">Mar</tspan>
        <tspan x="319" y="374">Apr</tspan>
      </text>
      <line x1="322" y1="260" x2="338" y2="260" stroke={palette.accent} strokeWidth="2" strokeDasharray="4 3" />
      <text x="416" y="264" textAnchor="end" fontSize="9.5" fill={palette.accentText}>
        If it ends Apr 14
      </text>

      <rect x="440.5" y="252.5" width="227" height="128" rx="10" fill={palette.surface} stroke={palette.line} />
      <text x="456" y="274" fontSize="11" fontWeight="600" fill={palette.ink}>
        Why Zuri AI recommends it
      </text>
      {evidence.map((finding, index) => (
        <g key={finding}>
          <CheckDot cx={463} cy={295 + index * 22} r={6} />
          <text x="476" y={299 + index * 22} fontSize="10.5" fill={palette.text}>
            {finding}
          </text>
        </g>
      ))}
      <text x="456" y="366" fontSize="9.5" fill={palette.muted}>
        Sources: Orders, Promotions, Products
      </text>

      <Button x={92} y={388} width={124} primary>
        Apply to the plan
      </Button>
      <Button x={224} y={388} width={124}>
        Show the working
      </Button>
      <text x="668" y="406" textAnchor="end" fontSize="10" fill={palette.muted}>
        Based on 18,420 orders
      </text>
    </svg>
  );
}

/** The same answer for a phone (catalog.tsx): question, recommendation, the chart and two findings, in larger type. */
export function AiRecommendationNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 360 540" width="360" height="540" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri AI recommending ending the garden furniture promotion two weeks early, with a chart of gross margin by week and
        the findings behind it.
      </title>
      <ProductWindow width={360} height={524} caption="Zuri AI" captionSize={13} shadowId={`${id}-shadow`} />

      <rect x="108" y="58" width="228" height="54" rx="14" fill={palette.primary} />
      <text fontSize="13.5" fontWeight="500" fill="#ffffff">
        <tspan x="124" y="80">Why did margin fall in March,</tspan>
        <tspan x="124" y="99">and what should we do?</tspan>
      </text>

      <AiAvatar cx={38} cy={142} r={13} />
      <rect x="58.5" y="126.5" width="277" height="382" rx="12" fill="#ffffff" stroke={palette.line} />
      <rect x="74.5" y="142.5" width="142" height="25" rx="12.5" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <CheckDot cx={89} cy={155} r={6.5} />
      <text x="102" y="159.5" fontSize="13" fontWeight="600" fill={palette.accentText}>
        Recommendation
      </text>
      <text fontSize="15" fontWeight="700" fill={palette.ink}>
        <tspan x="74" y="194">End the garden furniture</tspan>
        <tspan x="74" y="214">promotion two weeks early.</tspan>
      </text>
      <text fontSize="13" fill={palette.text}>
        <tspan x="74" y="238">It caused most of March’s</tspan>
        <tspan x="74" y="256">1.8-point fall in margin.</tspan>
      </text>
      <line x1="74" y1="270.5" x2="320" y2="270.5" stroke={palette.line} />
      <text x="74" y="293" fontSize="13" fontWeight="600" fill={palette.ink}>
        Gross margin by week
      </text>
      <MarginChart left={78} right={316} top={314} bottom={384} labelSize={13} />
      <line x1="74" y1="405" x2="92" y2="405" stroke={palette.accent} strokeWidth="2" strokeDasharray="4 3" />
      <text x="98" y="410" fontSize="13" fill={palette.accentText}>
        If it ends on April 14
      </text>
      {evidence.slice(0, 2).map((finding, index) => (
        <g key={finding}>
          <CheckDot cx={81} cy={436 + index * 24} r={6.5} />
          <text x="96" y={440.5 + index * 24} fontSize="13" fill={palette.text}>
            {finding}
          </text>
        </g>
      ))}
      <text x="74" y="494" fontSize="13" fill={palette.muted}>
        Sources: Orders, Promotions
      </text>
    </svg>
  );
}
