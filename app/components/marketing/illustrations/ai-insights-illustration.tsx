import { useId } from "react";
import { AiAvatar } from "./parts.tsx";
import { illustrationPalette as palette, ProductWindow } from "./product-window.tsx";

const rose = { text: "#be123c", soft: "#fff1f2", border: "#fecdd3", strong: "#e11d48" };

const tones = {
  accent: { text: palette.accentText, soft: palette.accentSoft, border: palette.accentBorder, strong: palette.accent },
  rose,
  primary: { text: palette.primaryText, soft: palette.primarySoft, border: palette.primaryBorder, strong: palette.primary },
};

interface InsightCard {
  kind: string;
  tone: keyof typeof tones;
  title: string;
  /** The headline on a phone. */
  short: string;
  detail: string;
}

/** What Zuri AI raised on its own today (sample data): kind, headline and detail. */
const insights: InsightCard[] = [
  { kind: "Trend", tone: "accent", title: "Online orders up 18% in three weeks", short: "Online orders up 18%", detail: "Led by repeat customers in the South" },
  { kind: "Risk", tone: "rose", title: "Oat milk runs out at 3 stores by Thursday", short: "Oat milk runs out Thursday", detail: "Leeds has 240 units to spare" },
  { kind: "Opportunity", tone: "primary", title: "Bundles sell twice as well in York", short: "Bundles sell well in York", detail: "Worth trying in Hull and Bradford" },
];


/** Monthly revenue (sample data, $K): six months of history, then the forecast and its range. */
const history = [1180, 1215, 1190, 1260, 1290, 1330];
const forecast = [1330, 1365, 1395, 1420];
const spread = [0, 25, 45, 60];

/** One insight card: a tag with its kind, a headline and a detail line. */
function Insight({ x, y, width, insight, large = false }: { x: number; y: number; width: number; insight: InsightCard; large?: boolean }) {
  const tone = tones[insight.tone];
  const [tagSize, titleSize, detailSize, height] = large ? [13, 14, 13, 88] : [9.5, 12, 10.5, 72];
  const tagWidth = insight.kind.length * tagSize * 0.62 + tagSize * 1.8;
  return (
    <g>
      <rect x={x + 0.5} y={y + 0.5} width={width - 1} height={height - 1} rx="10" fill="#ffffff" stroke={palette.line} />
      <rect x={x + 0.5} y={y + 12} width="3" height={height - 24} rx="1.5" fill={tone.strong} />
      <rect x={x + 14} y={y + 12} width={tagWidth} height={tagSize * 1.9} rx={tagSize * 0.95} fill={tone.soft} />
      <text x={x + 14 + tagWidth / 2} y={y + 12 + tagSize * 1.3} textAnchor="middle" fontSize={tagSize} fontWeight="600" fill={tone.text}>
        {insight.kind}
      </text>
      <text x={x + 14} y={y + (large ? 58 : 48)} fontSize={titleSize} fontWeight="600" fill={palette.ink}>
        {large ? insight.short : insight.title}
      </text>
      <text x={x + 14} y={y + (large ? 78 : 63)} fontSize={detailSize} fill={palette.muted}>
        {insight.detail}
      </text>
    </g>
  );
}

/** Revenue history (solid), forecast (dashed) and its range (band) in a box. */
function ForecastChart({ left, right, top, bottom }: { left: number; right: number; top: number; bottom: number }) {
  const [min, max] = [1100, 1500];
  const count = history.length + forecast.length - 1;
  const x = (index: number) => left + (index / (count - 1)) * (right - left);
  const y = (value: number) => bottom - ((value - min) / (max - min)) * (bottom - top);
  const path = (values: number[], from: number) => values.map((value, index) => `${index ? "L" : "M"}${x(from + index).toFixed(1)} ${y(value).toFixed(1)}`).join("");
  const start = history.length - 1;
  const upper = forecast.map((value, index) => `${x(start + index).toFixed(1)} ${y(value + spread[index]!).toFixed(1)}`);
  const lower = forecast.map((value, index) => `${x(start + index).toFixed(1)} ${y(value - spread[index]!).toFixed(1)}`).reverse();
  return (
    <>
      {[top, (top + bottom) / 2, bottom].map((lineY) => (
        <line key={lineY} x1={left} y1={lineY + 0.5} x2={right} y2={lineY + 0.5} stroke={palette.line} strokeDasharray={lineY === bottom ? undefined : "2 3"} />
      ))}
      <path d={`M${[...upper, ...lower].join("L")}Z`} fill={palette.accent} opacity="0.14" />
      <path d={path(history, 0)} fill="none" stroke={palette.primary} strokeWidth="2.25" strokeLinejoin="round" strokeLinecap="round" />
      <path d={path(forecast, start)} fill="none" stroke={palette.accent} strokeWidth="2.25" strokeDasharray="4 4" strokeLinecap="round" />
      <line x1={x(start)} y1={top} x2={x(start)} y2={bottom} stroke={palette.faint} strokeDasharray="2 3" />
      <circle cx={x(start)} cy={y(history.at(-1)!)} r="4" fill="#ffffff" stroke={palette.primary} strokeWidth="2" />
    </>
  );
}

/**
 * Zuri AI at work without being asked: a question typed in plain English, insights it raised on its own (a
 * trend, a risk, an opportunity) and a revenue forecast with a recommended action. Wide composition
 * (catalog.tsx); /features, “Ask and understand”.
 */
export function AiInsightsIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 720 440" width="720" height="440" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri AI insights: a question typed in plain English, three insights raised automatically (online orders up 18%, oat
        milk running out at three stores, bundles selling twice as well in York) and a revenue forecast for the next three
        months with a recommended action.
      </title>
      <ProductWindow height={424} caption="Zuri AI · Insights" shadowId={`${id}-shadow`} />

      <rect x="32.5" y="60.5" width="655" height="40" rx="12" fill="#ffffff" stroke={palette.primaryBorder} />
      <AiAvatar cx={54} cy={80.5} r={11} />
      <text x="74" y="85" fontSize="12.5" fill={palette.ink}>
        Which products will sell out next week?
      </text>
      <rect x="310" y="71" width="1.5" height="19" fill={palette.primary} />
      <rect x="650" y="67" width="30" height="27" rx="8" fill={palette.primary} />
      <path d="M659 80.5h12M666 75.5l5 5-5 5" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />

      <text x="32" y="132" fontSize="12.5" fontWeight="700" fill={palette.ink}>
        Raised for you today
      </text>
      <text x="388" y="132" textAnchor="end" fontSize="10.5" fill={palette.muted}>
        3 new
      </text>
      {insights.map((insight, index) => (
        <Insight key={insight.kind} x={32} y={146 + index * 84} width={356} insight={insight} />
      ))}

      <rect x="404.5" y="116.5" width="283" height="282" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="422" y="142" fontSize="11" fontWeight="600" fill={palette.ink}>
        Revenue forecast
      </text>
      <text x="670" y="142" textAnchor="end" fontSize="10" fill={palette.muted}>
        Next 3 months
      </text>
      <text x="422" y="174" fontSize="22" fontWeight="700" fill={palette.ink}>
        $1.42M
      </text>
      <text x="506" y="174" fontSize="10.5" fill={palette.muted}>
        expected in September
      </text>
      <ForecastChart left={422} right={670} top={192} bottom={272} />
      <text fontSize="9.5" fill={palette.muted}>
        <tspan x="422" y="288">Jan</tspan>
        <tspan x="577" y="288" textAnchor="middle">Jun</tspan>
        <tspan x="670" y="288" textAnchor="end">Sep</tspan>
      </text>
      <rect x="418.5" y="302.5" width="255" height="82" rx="10" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <text x="432" y="324" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
        Recommended
      </text>
      <text fontSize="11" fill={palette.ink}>
        <tspan x="432" y="343">Raise the oat milk order by 15% for</tspan>
        <tspan x="432" y="359">the North before the summer peak.</tspan>
      </text>
      <text x="432" y="376" fontSize="9.5" fill={palette.muted}>
        From 2 years of sales and stock history
      </text>
    </svg>
  );
}

/** The same for a phone (catalog.tsx): the question, two insights and the forecast's headline, in larger type. */
export function AiInsightsNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 360 500" width="360" height="500" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri AI insights on a phone: a question in plain English, a trend and a risk raised automatically, and a revenue
        forecast.
      </title>
      <ProductWindow width={360} height={484} caption="Zuri AI · Insights" captionSize={13} shadowId={`${id}-shadow`} />
      <rect x="24.5" y="58.5" width="311" height="42" rx="12" fill="#ffffff" stroke={palette.primaryBorder} />
      <AiAvatar cx={46} cy={79.5} r={11} />
      <text x="66" y="84" fontSize="13" fill={palette.ink}>
        Which products will sell out?
      </text>
      {insights.slice(0, 2).map((insight, index) => (
        <Insight key={insight.kind} x={24} y={116 + index * 100} width={312} insight={insight} large />
      ))}
      <rect x="24.5" y="316.5" width="311" height="150" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="40" y="342" fontSize="13" fontWeight="600" fill={palette.ink}>
        Revenue forecast
      </text>
      <text x="40" y="370" fontSize="22" fontWeight="700" fill={palette.ink}>
        $1.42M
      </text>
      <text x="126" y="370" fontSize="13" fill={palette.muted}>
        expected in September
      </text>
      <ForecastChart left={40} right={320} top={388} bottom={450} />
    </svg>
  );
}
