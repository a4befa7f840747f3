import { useId } from "react";
import { illustrationPalette, ProductWindow } from "./product-window.tsx";

const palette = { ...illustrationPalette, low: "#e11d48" };

/**
 * The four feature groups of the Features page as one store-audit program (sample data for the
 * picture): connect the data, capture audits with a form and score them, ask Zuri AI, share a dashboard.
 */
const steps = ["Connect", "Capture", "Ask", "Share"];
const column = { width: 156, gap: 16, left: 24 };
const columnX = (index: number) => column.left + index * (column.width + column.gap);

const sources = [
  { kind: "XLSX", name: "sales_2025.xlsx", detail: "48,210 rows", color: palette.primary },
  { kind: "DB", name: "Orders", detail: "Database · live", color: palette.accent },
  { kind: "FORM", name: "Store audits", detail: "312 responses", color: palette.primaryText },
];

/** Availability score out of 100 for the lowest-scoring stores, as Zuri AI lists them. */
const lowestStores = [
  { name: "Store 14", score: 61 },
  { name: "Store 08", score: 64 },
  { name: "Store 22", score: 68 },
];

/** Average audit score over the last eight weeks, for the dashboard tile. */
const auditTrend = [74, 75, 73, 77, 78, 80, 79, 82];

function Sparkle({ cx, cy, size, fill }: { cx: number; cy: number; size: number; fill: string }) {
  const s = size / 10;
  return (
    <path
      d={`M${cx} ${cy - 10 * s}l${2.4 * s} ${6 * s} ${6 * s} ${2.4 * s}-${6 * s} ${2.4 * s}-${2.4 * s} ${6 * s}-${2.4 * s}-${6 * s}-${6 * s}-${2.4 * s} ${6 * s}-${2.4 * s}Z`}
      fill={fill}
    />
  );
}

function StepBadge({ cx, cy, r, number }: { cx: number; cy: number; r: number; number: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={palette.primary} />
      <text x={cx} y={cy + r * 0.36} textAnchor="middle" fontSize={r} fontWeight="700" fill="#ffffff">
        {number}
      </text>
    </g>
  );
}

/**
 * Features at work, from data to decision: a data hub with three sources and a smart join, a
 * drag-and-drop audit form with its score, a Zuri AI answer, and a shared live dashboard. Wide
 * composition (catalog.tsx).
 */
export function FeaturesOverviewIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const areaId = `${id}-area`;
  const top = 112;
  const height = 300;
  const trend = { left: columnX(3) + 14, right: columnX(3) + column.width - 14, top: 226, bottom: 266, min: 70, max: 84 };
  const trendX = (index: number) => trend.left + (index * (trend.right - trend.left)) / (auditTrend.length - 1);
  const trendY = (value: number) => trend.bottom - ((value - trend.min) / (trend.max - trend.min)) * (trend.bottom - trend.top);
  const trendPoints = auditTrend.map((value, index) => `${trendX(index).toFixed(1)},${trendY(value).toFixed(1)}`);

  return (
    <svg
      viewBox="0 0 720 440"
      width="720"
      height="440"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri features working together on a store-audit program: a data hub joining a sales spreadsheet, a live orders database
        and audit form responses; a drag-and-drop audit form with a score of 86 out of 100; Zuri AI answering which stores score
        lowest on availability and what to do; and a live store-health dashboard shared with colleagues.
      </title>
      <defs>
        <linearGradient id={areaId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.accent} stopOpacity="0.22" />
          <stop offset="1" stopColor={palette.accent} stopOpacity="0" />
        </linearGradient>
      </defs>
      <ProductWindow height={424} caption="Zuri · Store audit program" shadowId={shadowId} />

      {/* Stepper: one step per feature group */}
      {steps.map((step, index) => {
        const left = columnX(index);
        return (
          <g key={step}>
            {index < steps.length - 1 && (
              <line
                x1={left + 40 + step.length * 8.5}
                y1="80"
                x2={columnX(index + 1) + 4}
                y2="80"
                stroke={palette.primaryBorder}
                strokeWidth="2"
                strokeDasharray="4 4"
              />
            )}
            <StepBadge cx={left + 12} cy={80} r={11} number={index + 1} />
            <text x={left + 30} y="84.5" fontSize="12.5" fontWeight="600" fill={palette.ink}>
              {step}
            </text>
          </g>
        );
      })}

      {/* Column frames */}
      {steps.map((step, index) => (
        <rect
          key={step}
          x={columnX(index) + 0.5}
          y={top + 0.5}
          width={column.width - 1}
          height={height}
          rx="12"
          fill={index === 2 ? palette.primarySoft : "#ffffff"}
          stroke={index === 2 ? palette.primaryBorder : palette.line}
        />
      ))}

      {/* 1 · Data hub */}
      <text x={columnX(0) + 14} y={top + 26} fontSize="12.5" fontWeight="700" fill={palette.ink}>
        Data hub
      </text>
      <circle cx={columnX(0) + 18} cy={top + 42} r="3.5" fill={palette.accent} />
      <text x={columnX(0) + 26} y={top + 46} fontSize="10" fill={palette.accentText}>
        Live sync on
      </text>
      {sources.map((source, index) => {
        const y = top + 60 + index * 42;
        return (
          <g key={source.name}>
            <rect x={columnX(0) + 10.5} y={y + 0.5} width="135" height="36" rx="8" fill={palette.surface} stroke={palette.line} />
            <rect x={columnX(0) + 18} y={y + 10} width="28" height="16" rx="4" fill={source.color} />
            <text x={columnX(0) + 32} y={y + 21.5} textAnchor="middle" fontSize="7.5" fontWeight="700" fill="#ffffff">
              {source.kind}
            </text>
            <text x={columnX(0) + 52} y={y + 16} fontSize="10" fontWeight="600" fill={palette.ink}>
              {source.name}
            </text>
            <text x={columnX(0) + 52} y={y + 29} fontSize="9" fill={palette.muted}>
              {source.detail}
            </text>
          </g>
        );
      })}
      <line x1={columnX(0) + 78} y1={top + 186} x2={columnX(0) + 78} y2={top + 198} stroke={palette.faint} strokeWidth="1.5" />
      <rect x={columnX(0) + 10.5} y={top + 198.5} width="135" height="40" rx="8" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <text x={columnX(0) + 20} y={top + 214} fontSize="10" fontWeight="600" fill={palette.accentText}>
        Smart join
      </text>
      <text x={columnX(0) + 20} y={top + 229} fontSize="9.5" fill={palette.text}>
        on store_id · 3 tables
      </text>
      <rect x={columnX(0) + 10.5} y={top + 246.5} width="135" height="40" rx="8" fill="#ffffff" stroke={palette.line} />
      <text x={columnX(0) + 20} y={top + 262} fontSize="10" fontWeight="600" fill={palette.primaryText}>
        Computed field
      </text>
      <text x={columnX(0) + 20} y={top + 277} fontSize="9.5" fill={palette.text}>
        margin = revenue − cost
      </text>

      {/* 2 · Form builder and scoring */}
      <text x={columnX(1) + 14} y={top + 26} fontSize="12.5" fontWeight="700" fill={palette.ink}>
        Store audit form
      </text>
      <text x={columnX(1) + 14} y={top + 46} fontSize="10" fill={palette.muted}>
        4 fields · scored
      </text>
      <text x={columnX(1) + 14} y={top + 72} fontSize="9.5" fontWeight="600" fill={palette.text}>
        Store
      </text>
      <rect x={columnX(1) + 14.5} y={top + 78.5} width="127" height="22" rx="6" fill="#ffffff" stroke="#cbd5e1" />
      <text x={columnX(1) + 22} y={top + 93} fontSize="9.5" fill={palette.ink}>
        Store 14
      </text>
      <path d={`M${columnX(1) + 128} ${top + 87}l4 4 4-4`} fill="none" stroke={palette.muted} strokeWidth="1.5" strokeLinecap="round" />
      <text x={columnX(1) + 14} y={top + 120} fontSize="9.5" fontWeight="600" fill={palette.text}>
        Shelves fully stocked?
      </text>
      <rect x={columnX(1) + 14.5} y={top + 126.5} width="40" height="20" rx="6" fill={palette.primary} stroke={palette.primary} />
      <text x={columnX(1) + 34.5} y={top + 140} textAnchor="middle" fontSize="9.5" fontWeight="600" fill="#ffffff">
        Yes
      </text>
      <rect x={columnX(1) + 58.5} y={top + 126.5} width="40" height="20" rx="6" fill="#ffffff" stroke="#cbd5e1" />
      <text x={columnX(1) + 78.5} y={top + 140} textAnchor="middle" fontSize="9.5" fill={palette.text}>
        No
      </text>
      <text x={columnX(1) + 14} y={top + 166} fontSize="9.5" fontWeight="600" fill={palette.text}>
        Cleanliness
      </text>
      {[0, 1, 2, 3, 4].map((dot) => (
        <circle
          key={dot}
          cx={columnX(1) + 22 + dot * 18}
          cy={top + 180}
          r="6.5"
          fill={dot < 4 ? palette.accent : "#ffffff"}
          stroke={dot < 4 ? palette.accent : "#cbd5e1"}
        />
      ))}
      {/* A field being dragged into the form */}
      <rect
        x={columnX(1) + 14.5}
        y={top + 198.5}
        width="127"
        height="26"
        rx="6"
        fill={palette.primarySoft}
        stroke={palette.primary}
        strokeDasharray="4 3"
      />
      <text x={columnX(1) + 24} y={top + 215} fontSize="9.5" fontWeight="600" fill={palette.primaryText}>
        + Photo upload
      </text>
      <path
        d={`M${columnX(1) + 118} ${top + 206}v14l3.6-3.4 2.6 5.6 2.4-1.1-2.6-5.5h5Z`}
        fill="#ffffff"
        stroke={palette.ink}
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <line x1={columnX(1) + 14} y1={top + 240.5} x2={columnX(1) + 142} y2={top + 240.5} stroke={palette.line} />
      <text x={columnX(1) + 14} y={top + 260} fontSize="10" fontWeight="600" fill={palette.ink}>
        Audit score
      </text>
      <text x={columnX(1) + 142} y={top + 260} textAnchor="end" fontSize="12" fontWeight="700" fill={palette.accentText}>
        86 / 100
      </text>
      <rect x={columnX(1) + 14} y={top + 270} width="128" height="8" rx="4" fill="#f1f5f9" />
      <rect x={columnX(1) + 14} y={top + 270} width={128 * 0.86} height="8" rx="4" fill={palette.accent} />

      {/* 3 · Zuri AI */}
      <rect x={columnX(2) + 12} y={top + 12} width="70" height="22" rx="11" fill={palette.primary} />
      <Sparkle cx={columnX(2) + 24} cy={top + 23} size={5.5} fill="#ffffff" />
      <text x={columnX(2) + 33} y={top + 27} fontSize="10.5" fontWeight="600" fill="#ffffff">
        Zuri AI
      </text>
      <rect x={columnX(2) + 12.5} y={top + 44.5} width="131" height="48" rx="10" fill="#ffffff" stroke="#e0e7ff" />
      <text fontSize="10" fill={palette.text}>
        <tspan x={columnX(2) + 22} y={top + 64}>Which stores score</tspan>
        <tspan x={columnX(2) + 22} y={top + 79}>lowest on availability?</tspan>
      </text>
      <text fontSize="10" fill={palette.ink}>
        <tspan x={columnX(2) + 14} y={top + 114}>Three stores scored</tspan>
        <tspan x={columnX(2) + 14} y={top + 128}>below 70 this month.</tspan>
      </text>
      {lowestStores.map((store, index) => {
        const y = top + 146 + index * 24;
        const barLeft = columnX(2) + 62;
        const barWidth = 54;
        return (
          <g key={store.name}>
            <text x={columnX(2) + 14} y={y + 8} fontSize="9.5" fill={palette.text}>
              {store.name}
            </text>
            <rect x={barLeft} y={y} width={barWidth} height="9" rx="4.5" fill="#ffffff" />
            <rect x={barLeft} y={y} width={(barWidth * store.score) / 100} height="9" rx="4.5" fill={palette.low} />
            <text x={columnX(2) + 142} y={y + 8} textAnchor="end" fontSize="9.5" fontWeight="600" fill={palette.low}>
              {store.score}
            </text>
          </g>
        );
      })}
      <rect x={columnX(2) + 12.5} y={top + 222.5} width="131" height="64" rx="10" fill="#ffffff" stroke={palette.accentBorder} />
      <text x={columnX(2) + 22} y={top + 240} fontSize="9.5" fontWeight="600" fill={palette.accentText}>
        Recommended
      </text>
      <text fontSize="9.5" fill={palette.ink}>
        <tspan x={columnX(2) + 22} y={top + 256}>Restock Store 14 from</tspan>
        <tspan x={columnX(2) + 22} y={top + 270}>the Leeds depot today.</tspan>
      </text>

      {/* 4 · Shared dashboard */}
      <text x={columnX(3) + 14} y={top + 26} fontSize="12.5" fontWeight="700" fill={palette.ink}>
        Store health
      </text>
      <circle cx={columnX(3) + 18} cy={top + 42} r="3.5" fill={palette.accent} />
      <text x={columnX(3) + 26} y={top + 46} fontSize="10" fill={palette.accentText}>
        Live dashboard
      </text>
      <text x={columnX(3) + 14} y={top + 70} fontSize="9.5" fill={palette.muted}>
        Average audit score
      </text>
      <text x={columnX(3) + 14} y={top + 96} fontSize="22" fontWeight="700" fill={palette.ink}>
        82
      </text>
      <path d={`M${columnX(3) + 48} ${top + 95}l4-6 4 6Z`} fill={palette.accent} />
      <text x={columnX(3) + 60} y={top + 95} fontSize="9.5" fontWeight="600" fill={palette.accentText}>
        3 pts vs May
      </text>
      {[trend.top, (trend.top + trend.bottom) / 2, trend.bottom].map((lineY) => (
        <line key={lineY} x1={trend.left} y1={lineY} x2={trend.right} y2={lineY} stroke="#f1f5f9" />
      ))}
      <path
        d={`M${trendX(0)},${trend.bottom} L${trendPoints.join(" L")} L${trendX(auditTrend.length - 1)},${trend.bottom} Z`}
        fill={`url(#${areaId})`}
      />
      <polyline points={trendPoints.join(" ")} fill="none" stroke={palette.accent} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx={trendX(auditTrend.length - 1)} cy={trendY(auditTrend.at(-1)!)} r="3.5" fill="#ffffff" stroke={palette.accent} strokeWidth="2" />
      <line x1={columnX(3) + 14} y1={top + 170.5} x2={columnX(3) + 142} y2={top + 170.5} stroke={palette.line} />
      <text x={columnX(3) + 14} y={top + 190} fontSize="9.5" fontWeight="600" fill={palette.text}>
        Shared with
      </text>
      {[
        { initials: "AK", fill: palette.primary },
        { initials: "MO", fill: palette.accent },
        { initials: "JS", fill: palette.muted },
      ].map((person, index) => (
        <g key={person.initials}>
          <circle cx={columnX(3) + 25 + index * 21} cy={top + 208} r="11" fill={person.fill} stroke="#ffffff" strokeWidth="2" />
          <text x={columnX(3) + 25 + index * 21} y={top + 211} textAnchor="middle" fontSize="8" fontWeight="700" fill="#ffffff">
            {person.initials}
          </text>
        </g>
      ))}
      <circle cx={columnX(3) + 88} cy={top + 208} r="11" fill={palette.surface} stroke={palette.line} />
      <text x={columnX(3) + 88} y={top + 211} textAnchor="middle" fontSize="8" fontWeight="700" fill={palette.text}>
        +6
      </text>
      <rect x={columnX(3) + 14} y={top + 232} width="60" height="26" rx="7" fill={palette.primary} />
      <text x={columnX(3) + 44} y={top + 249} textAnchor="middle" fontSize="10" fontWeight="600" fill="#ffffff">
        Share
      </text>
      <rect x={columnX(3) + 80.5} y={top + 232.5} width="61" height="25" rx="6.5" fill="#ffffff" stroke={palette.primaryBorder} />
      <text x={columnX(3) + 111} y={top + 249} textAnchor="middle" fontSize="10" fontWeight="600" fill={palette.primaryText}>
        Export
      </text>
      <text x={columnX(3) + 14} y={top + 280} fontSize="9" fill={palette.muted}>
        Updated 2 minutes ago
      </text>
    </svg>
  );
}

/**
 * The same path for a phone (catalog.tsx): the four steps stacked, each with one line of what it
 * shows, in larger type.
 */
export function FeaturesOverviewNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const rows = [
    { top: 60, height: 100 },
    { top: 172, height: 100 },
    { top: 284, height: 128 },
    { top: 424, height: 100 },
  ];

  return (
    <svg
      viewBox="0 0 360 552"
      width="360"
      height="552"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri features working together on a store-audit program: three sources joined in the data hub, an audit form scoring
        86 out of 100, Zuri AI naming the store that scores lowest, and a live dashboard shared with regional leads.
      </title>
      <ProductWindow width={360} height={536} caption="Zuri · Store audits" captionSize={13} shadowId={shadowId} />

      {/* The path that links the four steps */}
      <line x1="44" y1={rows[0]!.top + 30} x2="44" y2={rows[3]!.top + 30} stroke={palette.primaryBorder} strokeWidth="2" strokeDasharray="4 4" />
      {rows.map((row, index) => (
        <g key={row.top}>
          <rect
            x="68.5"
            y={row.top + 0.5}
            width="267"
            height={row.height}
            rx="12"
            fill={index === 2 ? palette.primarySoft : "#ffffff"}
            stroke={index === 2 ? palette.primaryBorder : palette.line}
          />
          <circle cx="44" cy={row.top + 30} r="16" fill="#ffffff" />
          <StepBadge cx={44} cy={row.top + 30} r={14} number={index + 1} />
          <text x="84" y={row.top + 28} fontSize="13" fontWeight="600" fill={palette.primaryText}>
            {steps[index]}
          </text>
        </g>
      ))}

      {/* 1 · Connect */}
      <text x="84" y={rows[0]!.top + 52} fontSize="15" fontWeight="700" fill={palette.ink}>
        3 sources joined
      </text>
      {[
        { kind: "XLSX", x: 84, width: 50 },
        { kind: "DB", x: 140, width: 36 },
        { kind: "FORM", x: 182, width: 56 },
      ].map((chip, index) => (
        <g key={chip.kind}>
          <rect x={chip.x} y={rows[0]!.top + 64} width={chip.width} height="22" rx="5" fill={sources[index]!.color} />
          <text x={chip.x + chip.width / 2} y={rows[0]!.top + 80} textAnchor="middle" fontSize="13" fontWeight="700" fill="#ffffff">
            {chip.kind}
          </text>
        </g>
      ))}
      <circle cx="252" cy={rows[0]!.top + 75} r="4" fill={palette.accent} />
      <text x="261" y={rows[0]!.top + 80} fontSize="13" fill={palette.accentText}>
        Live
      </text>

      {/* 2 · Capture */}
      <text x="84" y={rows[1]!.top + 52} fontSize="15" fontWeight="700" fill={palette.ink}>
        Store audit form
      </text>
      <text x="84" y={rows[1]!.top + 80} fontSize="13" fill={palette.text}>
        Score
      </text>
      <rect x="128" y={rows[1]!.top + 70} width="120" height="10" rx="5" fill="#f1f5f9" />
      <rect x="128" y={rows[1]!.top + 70} width={120 * 0.86} height="10" rx="5" fill={palette.accent} />
      <text x="320" y={rows[1]!.top + 80} textAnchor="end" fontSize="13" fontWeight="700" fill={palette.accentText}>
        86
      </text>

      {/* 3 · Ask */}
      <rect x="84.5" y={rows[2]!.top + 40.5} width="236" height="44" rx="10" fill="#ffffff" stroke="#e0e7ff" />
      <text fontSize="13" fill={palette.text}>
        <tspan x="96" y={rows[2]!.top + 59}>Which stores score lowest</tspan>
        <tspan x="96" y={rows[2]!.top + 76}>on availability?</tspan>
      </text>
      <Sparkle cx={92} cy={rows[2]!.top + 107} size={6} fill={palette.primary} />
      <text x="104" y={rows[2]!.top + 112} fontSize="13" fill={palette.ink}>
        Store 14, at 61 of 100.
      </text>

      {/* 4 · Share */}
      <text x="84" y={rows[3]!.top + 52} fontSize="15" fontWeight="700" fill={palette.ink}>
        Store health: 82
      </text>
      {[palette.primary, palette.accent, palette.muted].map((fill, index) => (
        <circle key={fill} cx={94 + index * 16} cy={rows[3]!.top + 76} r="10" fill={fill} stroke="#ffffff" strokeWidth="2" />
      ))}
      <text x="140" y={rows[3]!.top + 81} fontSize="13" fill={palette.text}>
        Shared with regional leads
      </text>
    </svg>
  );
}
