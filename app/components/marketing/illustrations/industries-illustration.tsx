import { useId } from "react";
import { ProductWindow, SidebarPanel, illustrationPalette as palette } from "./product-window.tsx";

/** One workspace per industry of docs/product.md §1, as a team in that sector would name it. */
const workspaces = ["Growth metrics", "Credit risk", "Patient flow", "Store operations", "Learner success", "Product adoption"];

/** Sample data for the picture. Units of oat milk on hand at Store 14: four days so far, then the forecast. */
const stockActual = [420, 385, 340, 300];
const stockForecast = [300, 255, 205, 160, 118, 80, 45];
const reorderPoint = 120;

/** Forecast general-ward bed occupancy in %, Monday to Sunday, and the level the ward plans to stay under. */
const occupancy = [78, 83, 88, 94, 91, 82, 76];
const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const occupancyLimit = 90;

const riskScore = 72;

function Sparkle({ cx, cy, size, fill }: { cx: number; cy: number; size: number; fill: string }) {
  const s = size / 10;
  return (
    <path
      d={`M${cx} ${cy - 10 * s}l${2.4 * s} ${6 * s} ${6 * s} ${2.4 * s}-${6 * s} ${2.4 * s}-${2.4 * s} ${6 * s}-${2.4 * s}-${6 * s}-${6 * s}-${2.4 * s} ${6 * s}-${2.4 * s}Z`}
      fill={fill}
    />
  );
}

function SectorChip({ x, y, label, fontSize, charWidth }: { x: number; y: number; label: string; fontSize: number; charWidth: number }) {
  const height = fontSize * 1.9;
  return (
    <g>
      <rect x={x} y={y} width={label.length * charWidth + fontSize * 1.6} height={height} rx={height / 2} fill={palette.primarySoft} />
      <text x={x + fontSize * 0.8} y={y + height / 2 + fontSize * 0.35} fontSize={fontSize} fontWeight="600" fill={palette.primaryText}>
        {label}
      </text>
    </g>
  );
}

/** A semicircular gauge from 0 to 100, as an arc path. */
function arcPath(cx: number, cy: number, r: number, value: number) {
  const angle = Math.PI * (1 - value / 100);
  const x = cx + r * Math.cos(angle);
  const y = cy - r * Math.sin(angle);
  return `M${cx - r} ${cy}A${r} ${r} 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)}`;
}

/**
 * One Zuri window with a workspace per industry and three of them at work: a retail stock forecast,
 * a financial-services risk score and a healthcare occupancy forecast with a Zuri AI recommendation.
 * Wide composition (catalog.tsx).
 */
export function IndustriesIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const areaId = `${id}-area`;

  const stock = { left: 200, right: 420, top: 176, bottom: 246, max: 450 };
  const stockSteps = stockActual.length + stockForecast.length - 2;
  const stockX = (index: number) => stock.left + (index * (stock.right - stock.left)) / stockSteps;
  const stockY = (value: number) => stock.bottom - (value / stock.max) * (stock.bottom - stock.top);
  const stockLine = (values: number[], offset = 0) =>
    values.map((value, index) => `${stockX(index + offset).toFixed(1)},${stockY(value).toFixed(1)}`).join(" ");
  const lastActual = stockActual.length - 1;
  const belowIndex = lastActual + stockForecast.findIndex((value) => value < reorderPoint);

  const bars = { left: 204, width: 26, gap: 12, top: 362, bottom: 428, min: 60, max: 100 };
  const barY = (value: number) => bars.bottom - ((value - bars.min) / (bars.max - bars.min)) * (bars.bottom - bars.top);
  const gauge = { cx: 520, cy: 236, r: 44 };

  return (
    <svg
      viewBox="0 0 720 480"
      width="720"
      height="480"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri with a workspace for each sector: a retail stock forecast showing Store 14 falling below its reorder point next
        week, a financial-services risk score of 72 out of 100 for a loan application, and a healthcare bed-occupancy forecast
        peaking at 94% on Thursday, with a Zuri AI recommendation to open extra beds.
      </title>
      <defs>
        <linearGradient id={areaId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.primary} stopOpacity="0.2" />
          <stop offset="1" stopColor={palette.primary} stopOpacity="0" />
        </linearGradient>
      </defs>
      <ProductWindow height={464} caption="Zuri · Workspaces" shadowId={shadowId} />

      {/* Sidebar: one workspace per sector */}
      <SidebarPanel width={168} />
      <rect x="16" y="100" width="140" height="28" rx="7" fill={palette.primarySoft} />
      <rect x="28" y="108" width="12" height="12" rx="3" fill="none" stroke={palette.primary} strokeWidth="1.5" />
      <text x="48" y="118" fontSize="11.5" fontWeight="600" fill={palette.primaryText}>
        Overview
      </text>
      <text x="24" y="154" fontSize="9.5" fontWeight="600" letterSpacing="0.6" fill={palette.muted}>
        WORKSPACES
      </text>
      {workspaces.map((workspace, index) => {
        const top = 164 + index * 30;
        const alert = index === 1 || index === 2 || index === 3;
        return (
          <g key={workspace}>
            <rect x="28" y={top + 8} width="10" height="10" rx="3" fill={index % 2 === 0 ? palette.primaryBorder : palette.accentBorder} />
            <text x="46" y={top + 17} fontSize="11" fill={palette.text}>
              {workspace}
            </text>
            {alert && <circle cx="150" cy={top + 13} r="3.5" fill={palette.alert} />}
          </g>
        );
      })}
      <circle cx="32" cy="446" r="4" fill={palette.accent} />
      <text x="44" y="450" fontSize="11" fill={palette.muted}>
        Live sync on
      </text>

      {/* Header */}
      <text x="188" y="76" fontSize="17" fontWeight="700" fill={palette.ink}>
        This week across your workspaces
      </text>
      <text x="188" y="96" fontSize="11" fill={palette.muted}>
        3 items need attention · updated 5 minutes ago
      </text>

      {/* Retail & E-commerce: stock forecast */}
      <rect x="188.5" y="112.5" width="248" height="168" rx="10" fill="#ffffff" stroke={palette.line} />
      <SectorChip x={200} y={124} label="Retail & E-commerce" fontSize={9.5} charWidth={5.9} />
      <text x="200" y="162" fontSize="12" fontWeight="600" fill={palette.ink}>
        Stock forecast · Store 14
      </text>
      <line x1={stock.left} y1={stockY(reorderPoint)} x2={stock.right} y2={stockY(reorderPoint)} stroke={palette.alert} strokeDasharray="3 3" />
      <text x={stock.left} y={stockY(reorderPoint) + 13} fontSize="9" fill={palette.alertText}>
        Reorder point
      </text>
      <path
        d={`M${stockX(0)},${stock.bottom} L${stockLine(stockActual).replaceAll(" ", " L")} L${stockX(lastActual)},${stock.bottom} Z`}
        fill={`url(#${areaId})`}
      />
      <line x1={stock.left} y1={stock.bottom + 0.5} x2={stock.right} y2={stock.bottom + 0.5} stroke={palette.line} />
      <polyline points={stockLine(stockActual)} fill="none" stroke={palette.primary} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      <polyline
        points={stockLine(stockForecast, lastActual)}
        fill="none"
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeDasharray="5 4"
        strokeLinecap="round"
      />
      <circle cx={stockX(belowIndex)} cy={stockY(stockForecast[belowIndex - lastActual]!)} r="4.5" fill="#ffffff" stroke={palette.alert} strokeWidth="2.5" />
      <rect x="200" y="256" width="224" height="16" rx="4" fill={palette.alertSoft} />
      <text x="208" y="268" fontSize="10" fontWeight="600" fill={palette.alertText}>
        Below reorder point on Tuesday
      </text>

      {/* Financial Services: risk score */}
      <rect x="448.5" y="112.5" width="248" height="168" rx="10" fill="#ffffff" stroke={palette.line} />
      <SectorChip x={460} y={124} label="Financial Services" fontSize={9.5} charWidth={5.9} />
      <text x="460" y="162" fontSize="12" fontWeight="600" fill={palette.ink}>
        Risk score · Application 4821
      </text>
      <path d={arcPath(gauge.cx, gauge.cy, gauge.r, 100)} fill="none" stroke="#f1f5f9" strokeWidth="10" strokeLinecap="round" />
      <path d={arcPath(gauge.cx, gauge.cy, gauge.r, riskScore)} fill="none" stroke={palette.primary} strokeWidth="10" strokeLinecap="round" />
      <text x={gauge.cx} y={gauge.cy - 6} textAnchor="middle" fontSize="22" fontWeight="700" fill={palette.ink}>
        {riskScore}
      </text>
      <text x={gauge.cx} y={gauge.cy + 12} textAnchor="middle" fontSize="9.5" fill={palette.muted}>
        out of 100
      </text>
      <text x="586" y="196" fontSize="11" fontWeight="700" fill={palette.ink}>
        Medium risk
      </text>
      {[
        ["Late payments", "2"],
        ["Debt ratio", "0.41"],
        ["Cash flow", "Steady"],
      ].map(([label, value], index) => (
        <g key={label}>
          <text x="586" y={216 + index * 18} fontSize="9.5" fill={palette.muted}>
            {label}
          </text>
          <text x="684" y={216 + index * 18} textAnchor="end" fontSize="9.5" fontWeight="600" fill={palette.text}>
            {value}
          </text>
        </g>
      ))}
      <text x="460" y="268" fontSize="9.5" fill={palette.muted}>
        Scored with your own criteria
      </text>

      {/* Healthcare: occupancy forecast and the Zuri AI recommendation */}
      <rect x="188.5" y="292.5" width="508" height="162" rx="10" fill="#ffffff" stroke={palette.line} />
      <SectorChip x={200} y={304} label="Healthcare" fontSize={9.5} charWidth={5.9} />
      <text x="200" y="342" fontSize="12" fontWeight="600" fill={palette.ink}>
        Bed occupancy · next 7 days
      </text>
      <line
        x1={bars.left - 4}
        y1={barY(occupancyLimit)}
        x2={bars.left + occupancy.length * (bars.width + bars.gap) - bars.gap + 4}
        y2={barY(occupancyLimit)}
        stroke={palette.alert}
        strokeDasharray="3 3"
      />
      {occupancy.map((value, index) => {
        const x = bars.left + index * (bars.width + bars.gap);
        const over = value > occupancyLimit;
        return (
          <g key={days[index]}>
            <rect x={x} y={barY(value)} width={bars.width} height={bars.bottom - barY(value)} rx="4" fill={over ? palette.alert : palette.accent} />
            <text x={x + bars.width / 2} y={bars.bottom + 13} textAnchor="middle" fontSize="9" fill={palette.muted}>
              {days[index]}
            </text>
            {over && (
              <text x={x + bars.width / 2} y={barY(value) - 5} textAnchor="middle" fontSize="9" fontWeight="600" fill={palette.alertText}>
                {value}%
              </text>
            )}
          </g>
        );
      })}
      <rect x="478.5" y="304.5" width="206" height="138" rx="10" fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <rect x="490" y="316" width="70" height="22" rx="11" fill={palette.primary} />
      <Sparkle cx={502} cy={327} size={5.5} fill="#ffffff" />
      <text x="511" y="331" fontSize="10.5" fontWeight="600" fill="#ffffff">
        Zuri AI
      </text>
      <text fontSize="10.5" fill={palette.ink}>
        <tspan x="490" y="358">Occupancy will peak at 94%</tspan>
        <tspan x="490" y="374">on Thursday. Open 6 extra</tspan>
        <tspan x="490" y="390">beds, or move two planned</tspan>
        <tspan x="490" y="406">admissions to Monday.</tspan>
      </text>
      <text x="490" y="430" fontSize="9.5" fill={palette.muted}>
        Based on admissions and discharges
      </text>
    </svg>
  );
}

/**
 * The same workspaces for a phone (catalog.tsx): the retail forecast, the risk score and the
 * occupancy forecast stacked, one headline each, in larger type.
 */
export function IndustriesNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const panel = { left: 24.5, width: 311 };

  const stock = { left: 40, right: 320, top: 178, bottom: 212, max: 450 };
  const all = [...stockActual, ...stockForecast.slice(1)];
  const stockX = (index: number) => stock.left + (index * (stock.right - stock.left)) / (all.length - 1);
  const stockY = (value: number) => stock.bottom - (value / stock.max) * (stock.bottom - stock.top);
  const stockLine = (values: number[], offset = 0) =>
    values.map((value, index) => `${stockX(index + offset).toFixed(1)},${stockY(value).toFixed(1)}`).join(" ");
  const lastActual = stockActual.length - 1;
  const belowIndex = lastActual + stockForecast.findIndex((value) => value < reorderPoint);

  const bars = { left: 44, width: 30, gap: 13, top: 468, bottom: 526, min: 60, max: 100 };
  const barY = (value: number) => bars.bottom - ((value - bars.min) / (bars.max - bars.min)) * (bars.bottom - bars.top);

  return (
    <svg
      viewBox="0 0 360 580"
      width="360"
      height="580"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri workspaces on a phone: Store 14 falls below its reorder point on Tuesday, a loan application scores 72 out of 100
        for risk, and general-ward bed occupancy peaks at 94% on Thursday.
      </title>
      <ProductWindow width={360} height={564} caption="Zuri · Workspaces" captionSize={13} shadowId={shadowId} />

      <text x="24" y="76" fontSize="18" fontWeight="700" fill={palette.ink}>
        This week
      </text>
      <text x="24" y="97" fontSize="13" fill={palette.muted}>
        3 items need attention
      </text>

      {/* Retail & E-commerce */}
      <rect x={panel.left} y="112.5" width={panel.width} height="126" rx="10" fill="#ffffff" stroke={palette.line} />
      <SectorChip x={40} y={124} label="Retail & E-commerce" fontSize={13} charWidth={8} />
      <text x="40" y="166" fontSize="15" fontWeight="700" fill={palette.ink}>
        Store 14: reorder by Tuesday
      </text>
      <line x1={stock.left} y1={stockY(reorderPoint)} x2={stock.right} y2={stockY(reorderPoint)} stroke={palette.alert} strokeDasharray="3 3" />
      <text x={stock.left} y="230" fontSize="13" fill={palette.alertText}>
        Reorder point
      </text>
      <polyline points={stockLine(stockActual)} fill="none" stroke={palette.primary} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      <polyline
        points={stockLine(stockForecast, lastActual)}
        fill="none"
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeDasharray="5 4"
        strokeLinecap="round"
      />
      <circle cx={stockX(belowIndex)} cy={stockY(stockForecast[belowIndex - lastActual]!)} r="4.5" fill="#ffffff" stroke={palette.alert} strokeWidth="2.5" />

      {/* Financial Services */}
      <rect x={panel.left} y="250.5" width={panel.width} height="132" rx="10" fill="#ffffff" stroke={palette.line} />
      <SectorChip x={40} y={262} label="Financial Services" fontSize={13} charWidth={8} />
      <text x="40" y="304" fontSize="15" fontWeight="700" fill={palette.ink}>
        Application 4821
      </text>
      <text x="40" y="328" fontSize="13" fill={palette.muted}>
        Risk score
      </text>
      <text x="320" y="328" textAnchor="end" fontSize="13" fontWeight="700" fill={palette.primaryText}>
        72 / 100 · Medium
      </text>
      <rect x="40" y="342" width="280" height="10" rx="5" fill="#f1f5f9" />
      <rect x="40" y="342" width={280 * (riskScore / 100)} height="10" rx="5" fill={palette.primary} />
      <text x="40" y="372" fontSize="13" fill={palette.muted}>
        Scored with your own criteria
      </text>

      {/* Healthcare */}
      <rect x={panel.left} y="394.5" width={panel.width} height="156" rx="10" fill="#ffffff" stroke={palette.line} />
      <SectorChip x={40} y={406} label="Healthcare" fontSize={13} charWidth={8} />
      <text x="40" y="448" fontSize="15" fontWeight="700" fill={palette.ink}>
        Thursday peaks at 94%
      </text>
      <line
        x1={bars.left - 4}
        y1={barY(occupancyLimit)}
        x2={bars.left + occupancy.length * (bars.width + bars.gap) - bars.gap + 4}
        y2={barY(occupancyLimit)}
        stroke={palette.alert}
        strokeDasharray="3 3"
      />
      {occupancy.map((value, index) => {
        const x = bars.left + index * (bars.width + bars.gap);
        return (
          <g key={days[index]}>
            <rect
              x={x}
              y={barY(value)}
              width={bars.width}
              height={bars.bottom - barY(value)}
              rx="4"
              fill={value > occupancyLimit ? palette.alert : palette.accent}
            />
            <text x={x + bars.width / 2} y={bars.bottom + 17} textAnchor="middle" fontSize="13" fill={palette.muted}>
              {days[index]!.charAt(0)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
