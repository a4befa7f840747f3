import { useId, type ReactNode } from "react";
import { illustrationPalette, ProductWindow } from "./product-window.tsx";

const palette = illustrationPalette;

// The four feature groups of the product page (docs/product.md §2 Product overview), each drawn with a capability
// docs/product.md §1 claims. Every name and figure is sample data for the picture.

/** The icon of a panel, one per feature group. */
type Glyph = "ai" | "data" | "form" | "chart";

const sources = [
  { kind: "DB", name: "Sales transactions", status: "Live" },
  { kind: "FRM", name: "Customer survey", status: "Live" },
  { kind: "XLS", name: "Stock levels.xlsx", status: "2 min ago" },
];

const formFields = [
  { label: "On-time deliveries", value: "96%" },
  { label: "Quality rating", value: "4 of 5" },
  { label: "Open issues", value: "1" },
];

/** Sales by region this week, $k. */
const regionSales = [
  { name: "North", value: 312 },
  { name: "South", value: 368 },
  { name: "East", value: 286 },
  { name: "West", value: 334 },
];

const score = 82;

/** A panel icon: a small glyph, drawn around (0, 0) in a 14-unit box, scaled by `size`. */
function GlyphPath({ glyph, color, size = 1 }: { glyph: Glyph; color: string; size?: number }) {
  const stroke = { fill: "none", stroke: color, strokeWidth: 1.6 / size, strokeLinecap: "round", strokeLinejoin: "round" } as const;
  return (
    <g transform={`scale(${size})`}>
      {glyph === "ai" && <path d="M0 -6.5l1.8 4.7 4.7 1.8-4.7 1.8-1.8 4.7-1.8-4.7-4.7-1.8 4.7-1.8Z" fill={color} />}
      {glyph === "data" && (
        <>
          <ellipse cx="0" cy="-4" rx="5.5" ry="2.2" {...stroke} />
          <path d="M-5.5 -4v8c0 1.2 2.5 2.2 5.5 2.2s5.5-1 5.5-2.2v-8M-5.5 0c0 1.2 2.5 2.2 5.5 2.2s5.5-1 5.5-2.2" {...stroke} />
        </>
      )}
      {glyph === "form" && (
        <>
          <rect x="-5" y="-5.5" width="10" height="12" rx="1.8" {...stroke} />
          <path d="M-2.5 -6.5h5M-2.5 -1h5M-2.5 2.5h3" {...stroke} />
        </>
      )}
      {glyph === "chart" && <path d="M-5 5.5v-5M0 5.5v-11M5 5.5v-7.5" {...stroke} strokeWidth={2 / size} />}
    </g>
  );
}

/** A rounded panel of the workspace with its icon chip and feature-group name. */
function Panel({
  x,
  y,
  width,
  height,
  glyph,
  tone,
  title,
  titleSize,
  aside,
  children,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  glyph: Glyph;
  tone: "primary" | "accent";
  title: string;
  titleSize: number;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const chip = titleSize + 11;
  const soft = tone === "primary" ? palette.primarySoft : palette.accentSoft;
  const strong = tone === "primary" ? palette.primary : palette.accent;
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect x="0.5" y="0.5" width={width - 1} height={height - 1} rx="12" fill="#ffffff" stroke={palette.line} />
      <rect x="14" y="12" width={chip} height={chip} rx="7" fill={soft} />
      <g transform={`translate(${14 + chip / 2} ${12 + chip / 2})`}>
        <GlyphPath glyph={glyph} color={strong} size={chip / 23} />
      </g>
      <text x={24 + chip} y={12 + chip / 2 + titleSize * 0.36} fontSize={titleSize} fontWeight="700" fill={palette.ink}>
        {title}
      </text>
      {aside}
      {children}
    </g>
  );
}

/** A ring showing `value` out of 100. */
function ScoreRing({ cx, cy, r, width }: { cx: number; cy: number; r: number; width: number }) {
  const circumference = 2 * Math.PI * r;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill="none" stroke={palette.line} strokeWidth={width} />
      <circle
        cx={cx}
        cy={cy}
        r={r}
        fill="none"
        stroke={palette.accent}
        strokeWidth={width}
        strokeLinecap="round"
        strokeDasharray={`${((score / 100) * circumference).toFixed(1)} ${circumference.toFixed(1)}`}
        transform={`rotate(-90 ${cx} ${cy})`}
      />
    </g>
  );
}

/** A teal dot and a status such as "Live sync", starting at `x`. */
function LiveBadge({ x, y, fontSize, label }: { x: number; y: number; fontSize: number; label: string }) {
  return (
    <g>
      <circle cx={x + fontSize * 0.3} cy={y - fontSize * 0.36} r={fontSize * 0.3} fill={palette.accent} />
      <text x={x + fontSize} y={y} fontSize={fontSize} fontWeight="600" fill={palette.accentText}>
        {label}
      </text>
    </g>
  );
}

/**
 * One Zuri workspace whose four panels show the product's feature groups at work: AI analytics answering
 * a question, the unified data hub with its live sources, a drag-and-drop form with its score, and a
 * dashboard being shared. Wide composition (catalog.tsx).
 */
export function FeatureGroupsIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const barMax = 400;
  const chart = { left: 18, bottom: 146, height: 56, width: 38, gap: 20 };

  return (
    <svg
      viewBox="0 0 720 510"
      width="720"
      height="510"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        A Zuri workspace with its four feature groups at work: AI analytics answering “Why did returns rise in March?” with a
        recommended next step, a unified data hub with live sales, survey and spreadsheet sources joined on store ID, a
        supplier review form scored 82 out of 100, and a sales-by-region dashboard ready to share or export.
      </title>
      <ProductWindow height={490} caption="Zuri · Retail operations workspace" shadowId={shadowId} />

      {/* Workspace header */}
      <rect x="24" y="58" width="26" height="26" rx="7" fill={palette.primary} />
      <path d="M31.5 65.5h11l-11 11h11" stroke="#ffffff" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <text x="60" y="70" fontSize="14" fontWeight="700" fill={palette.ink}>
        Retail operations
      </text>
      <text x="60" y="86" fontSize="10.5" fill={palette.muted}>
        3 sources · updated 2 minutes ago
      </text>
      {["AM", "JT", "RK"].map((initials, index) => (
        <g key={initials}>
          <circle cx={548 + index * 22} cy="71" r="13" fill={index === 1 ? palette.accentSoft : palette.primarySoft} stroke="#ffffff" strokeWidth="2" />
          <text x={548 + index * 22} y="74.5" textAnchor="middle" fontSize="9" fontWeight="700" fill={index === 1 ? palette.accentText : palette.primaryText}>
            {initials}
          </text>
        </g>
      ))}
      <rect x="612.5" y="58.5" width="83" height="26" rx="13" fill="#ffffff" stroke={palette.line} />
      <text x="654" y="75.5" textAnchor="middle" fontSize="11" fontWeight="500" fill={palette.text}>
        This week
      </text>

      {/* AI analytics */}
      <Panel x={24} y={100} width={330} height={186} glyph="ai" tone="primary" title="AI analytics" titleSize={12.5}>
        <rect x="122" y="48" width="194" height="28" rx="10" fill={palette.primary} />
        <text x="136" y="66.5" fontSize="11" fontWeight="500" fill="#ffffff">
          Why did returns rise in March?
        </text>
        <text fontSize="11" fill={palette.ink}>
          <tspan x="14" y="98">
            Returns rose 18% in the South, mostly from
          </tspan>
          <tspan x="14" y="114">
            one late delivery of winter coats.
          </tspan>
        </text>
        <rect x="14.5" y="126.5" width="301" height="46" rx="9" fill={palette.accentSoft} stroke={palette.accentBorder} />
        <text x="28" y="145" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
          Recommended next step
        </text>
        <text x="28" y="162" fontSize="11" fill={palette.ink}>
          Book the autumn coat order two weeks earlier
        </text>
      </Panel>

      {/* Unified data hub */}
      <Panel
        x={366}
        y={100}
        width={330}
        height={186}
        glyph="data"
        tone="accent"
        title="Unified data hub"
        titleSize={12.5}
        aside={<LiveBadge x={244} y={29} fontSize={10.5} label="Live sync" />}
      >
        {sources.map((source, index) => {
          const top = 48 + index * 30;
          return (
            <g key={source.name}>
              <rect x="14" y={top} width="30" height="22" rx="6" fill={palette.surface} stroke={palette.line} />
              <text x="29" y={top + 14.5} textAnchor="middle" fontSize="9.5" fontWeight="700" fill={palette.text}>
                {source.kind}
              </text>
              <text x="54" y={top + 15} fontSize="11.5" fontWeight="500" fill={palette.ink}>
                {source.name}
              </text>
              <text
                x="316"
                y={top + 15}
                textAnchor="end"
                fontSize="10.5"
                fill={source.status === "Live" ? palette.accentText : palette.muted}
              >
                {source.status}
              </text>
            </g>
          );
        })}
        <rect x="14" y="142" width="302" height="30" rx="9" fill={palette.primarySoft} />
        <path d="M30 157h6M25.5 153.5a3.5 3.5 0 0 0 0 7h3M40.5 153.5a3.5 3.5 0 0 1 0 7h-3" fill="none" stroke={palette.primary} strokeWidth="1.6" strokeLinecap="round" />
        <text x="52" y="161" fontSize="10.5" fontWeight="600" fill={palette.primaryText}>
          Smart join on Store ID
        </text>
        <text x="304" y="161" textAnchor="end" fontSize="10.5" fill={palette.primaryText}>
          Margin % computed
        </text>
      </Panel>

      {/* Data capture & scoring */}
      <Panel
        x={24}
        y={298}
        width={330}
        height={186}
        glyph="form"
        tone="accent"
        title="Data capture & scoring"
        titleSize={12.5}
        aside={
          <text x="316" y="29" textAnchor="end" fontSize="10.5" fill={palette.muted}>
            Supplier review
          </text>
        }
      >
        {formFields.map((field, index) => {
          const top = 48 + index * 30;
          return (
            <g key={field.label}>
              <rect x="14.5" y={top + 0.5} width="193" height="23" rx="6" fill="#ffffff" stroke={palette.line} />
              {[0, 1, 2].map((row) => (
                <g key={row}>
                  <circle cx="23" cy={top + 7.5 + row * 4.5} r="1.1" fill={palette.faint} />
                  <circle cx="27.5" cy={top + 7.5 + row * 4.5} r="1.1" fill={palette.faint} />
                </g>
              ))}
              <text x="36" y={top + 16} fontSize="11" fill={palette.text}>
                {field.label}
              </text>
              <text x="198" y={top + 16} textAnchor="end" fontSize="11" fontWeight="600" fill={palette.ink}>
                {field.value}
              </text>
            </g>
          );
        })}
        <rect x="14.5" y="140.5" width="193" height="31" rx="6" fill={palette.primarySoft} stroke={palette.primaryBorder} strokeDasharray="4 3" />
        <text x="111" y="160" textAnchor="middle" fontSize="10.5" fontWeight="500" fill={palette.primaryText}>
          + Drag a field here
        </text>
        <ScoreRing cx={266} cy={96} r={33} width={8} />
        <text x="266" y="101" textAnchor="middle" fontSize="20" fontWeight="700" fill={palette.ink}>
          {score}
        </text>
        <text x="266" y="146" textAnchor="middle" fontSize="10.5" fill={palette.muted}>
          Score out of 100
        </text>
        <rect x="231" y="154" width="70" height="20" rx="10" fill={palette.accentSoft} />
        <text x="266" y="168" textAnchor="middle" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
          Low risk
        </text>
      </Panel>

      {/* Dashboards & sharing */}
      <Panel
        x={366}
        y={298}
        width={330}
        height={186}
        glyph="chart"
        tone="primary"
        title="Dashboards & sharing"
        titleSize={12.5}
        aside={<LiveBadge x={244} y={29} fontSize={10.5} label="Real-time" />}
      >
        <text x="14" y="60" fontSize="11" fontWeight="600" fill={palette.ink}>
          Sales by region, this week
        </text>
        {regionSales.map((region, index) => {
          const left = chart.left + index * (chart.width + chart.gap);
          const height = (region.value / barMax) * chart.height;
          return (
            <g key={region.name}>
              <rect
                x={left}
                y={chart.bottom - height}
                width={chart.width}
                height={height}
                rx="4"
                fill={index === 1 ? palette.primary : palette.primaryBorder}
              />
              <text x={left + chart.width / 2} y={chart.bottom - height - 5} textAnchor="middle" fontSize="9.5" fontWeight="600" fill={palette.text}>
                ${region.value}k
              </text>
              <text x={left + chart.width / 2} y={chart.bottom + 14} textAnchor="middle" fontSize="10" fill={palette.muted}>
                {region.name}
              </text>
            </g>
          );
        })}
        <line x1="14" y1={chart.bottom + 0.5} x2="226" y2={chart.bottom + 0.5} stroke={palette.line} />
        <line x1="240.5" y1="48" x2="240.5" y2="172" stroke={palette.line} />
        <text x="254" y="64" fontSize="10.5" fill={palette.muted}>
          Shared with
        </text>
        <text fontSize="11" fontWeight="600" fill={palette.ink}>
          <tspan x="254" y="81">
            Finance
          </tspan>
          <tspan x="254" y="96">
            Operations
          </tspan>
        </text>
        <rect x="254" y="114" width="62" height="24" rx="7" fill={palette.primary} />
        <text x="285" y="130" textAnchor="middle" fontSize="10.5" fontWeight="600" fill="#ffffff">
          Share
        </text>
        <rect x="254.5" y="146.5" width="61" height="23" rx="6.5" fill="#ffffff" stroke={palette.primaryBorder} />
        <text x="285" y="162" textAnchor="middle" fontSize="10.5" fontWeight="600" fill={palette.primaryText}>
          Export
        </text>
      </Panel>
    </svg>
  );
}

/**
 * The same workspace for a phone (catalog.tsx): the four feature groups as stacked panels, one or two
 * facts each, in type that stays at least 13 units in a 360-wide view.
 */
export function FeatureGroupsNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const barMax = 400;
  const panel = { x: 24, width: 312, height: 112, titleSize: 14 };
  const top = (index: number) => 58 + index * (panel.height + 10);

  return (
    <svg
      viewBox="0 0 360 556"
      width="360"
      height="556"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        A Zuri workspace on a phone with its four feature groups: AI analytics explaining why returns rose in March, a unified
        data hub with live sources joined on store ID, a supplier review scored 82 out of 100, and a sales dashboard ready to
        share or export.
      </title>
      <ProductWindow width={360} height={540} caption="Zuri · Retail operations" captionSize={13} shadowId={shadowId} />

      <Panel x={panel.x} y={top(0)} width={panel.width} height={panel.height} glyph="ai" tone="primary" title="AI analytics" titleSize={panel.titleSize}>
        <text x="14" y="60" fontSize="13" fontWeight="600" fill={palette.primaryText}>
          Why did returns rise in March?
        </text>
        <text x="14" y="80" fontSize="13" fill={palette.ink}>
          A late coat delivery in the South.
        </text>
        <text x="14" y="100" fontSize="13" fontWeight="600" fill={palette.accentText}>
          Next step: order coats earlier
        </text>
      </Panel>

      <Panel
        x={panel.x}
        y={top(1)}
        width={panel.width}
        height={panel.height}
        glyph="data"
        tone="accent"
        title="Unified data hub"
        titleSize={panel.titleSize}
        aside={<LiveBadge x={244} y={31} fontSize={13} label="Live" />}
      >
        {[
          { label: "Sales DB", x: 14, width: 82 },
          { label: "Survey", x: 104, width: 70 },
          { label: "Stock.xlsx", x: 182, width: 96 },
        ].map((chip) => (
          <g key={chip.label}>
            <rect x={chip.x + 0.5} y="46.5" width={chip.width} height="27" rx="8" fill={palette.surface} stroke={palette.line} />
            <text x={chip.x + chip.width / 2 + 0.5} y="65" textAnchor="middle" fontSize="13" fontWeight="500" fill={palette.ink}>
              {chip.label}
            </text>
          </g>
        ))}
        <path d="M19 94h6M14.5 90.5a3.5 3.5 0 0 0 0 7h3M29.5 90.5a3.5 3.5 0 0 1 0 7h-3" fill="none" stroke={palette.primary} strokeWidth="1.6" strokeLinecap="round" />
        <text x="42" y="99" fontSize="13" fontWeight="600" fill={palette.primaryText}>
          Joined on Store ID
        </text>
      </Panel>

      <Panel
        x={panel.x}
        y={top(2)}
        width={panel.width}
        height={panel.height}
        glyph="form"
        tone="accent"
        title="Data capture & scoring"
        titleSize={panel.titleSize}
      >
        <text x="14" y="62" fontSize="13" fontWeight="600" fill={palette.ink}>
          Supplier review
        </text>
        <text x="14" y="82" fontSize="13" fill={palette.text}>
          On-time deliveries 96%
        </text>
        <text x="14" y="100" fontSize="13" fill={palette.text}>
          Quality rating 4 of 5
        </text>
        <ScoreRing cx={258} cy={62} r={22} width={6} />
        <text x="258" y="68" textAnchor="middle" fontSize="16" fontWeight="700" fill={palette.ink}>
          {score}
        </text>
        <text x="258" y="103" textAnchor="middle" fontSize="13" fontWeight="600" fill={palette.accentText}>
          Low risk
        </text>
      </Panel>

      <Panel
        x={panel.x}
        y={top(3)}
        width={panel.width}
        height={panel.height}
        glyph="chart"
        tone="primary"
        title="Dashboards & sharing"
        titleSize={panel.titleSize}
      >
        {regionSales.map((region, index) => {
          const height = (region.value / barMax) * 52;
          return (
            <rect
              key={region.name}
              x={14 + index * 34}
              y={98 - height}
              width="24"
              height={height}
              rx="4"
              fill={index === 1 ? palette.primary : palette.primaryBorder}
            />
          );
        })}
        <line x1="14" y1="98.5" x2="146" y2="98.5" stroke={palette.line} />
        <rect x="172" y="46" width="126" height="26" rx="8" fill={palette.primary} />
        <text x="235" y="64" textAnchor="middle" fontSize="13" fontWeight="600" fill="#ffffff">
          Share
        </text>
        <rect x="172.5" y="78.5" width="125" height="25" rx="7.5" fill="#ffffff" stroke={palette.primaryBorder} />
        <text x="235" y="96" textAnchor="middle" fontSize="13" fontWeight="600" fill={palette.primaryText}>
          Export
        </text>
      </Panel>
    </svg>
  );
}
