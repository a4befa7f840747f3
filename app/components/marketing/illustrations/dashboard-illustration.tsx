import { useId } from "react";
import { ProductWindow, SidebarNav, SidebarPanel, illustrationPalette } from "./product-window.tsx";

const palette = illustrationPalette;

/** Weekly revenue in $k: nine actual weeks, then three forecast weeks (the last actual point starts the forecast). */
const actual = [82, 88, 85, 94, 99, 96, 105, 112, 118];
const forecast = [118, 121, 127, 131];
const plot = { left: 208, right: 482, top: 258, bottom: 418, min: 60, max: 140 };
const step = (plot.right - plot.left) / (actual.length + forecast.length - 2);
const x = (index: number) => plot.left + index * step;
const y = (value: number) => plot.bottom - ((value - plot.min) / (plot.max - plot.min)) * (plot.bottom - plot.top);
const points = (values: number[], offset = 0) =>
  values.map((value, index) => `${x(index + offset).toFixed(1)},${y(value).toFixed(1)}`).join(" ");

const kpis = [
  { label: "Revenue this week", short: "Revenue", value: "$1.28M", delta: "6.4% vs last week", up: true, spark: [9, 12, 10, 15, 14, 19, 22] },
  { label: "Gross margin", short: "Gross margin", value: "42.1%", delta: "1.2 pts vs last week", up: true, spark: [14, 13, 15, 14, 17, 16, 18] },
  { label: "At-risk products", short: "At risk", value: "14", delta: "5 fewer since Monday", up: false, spark: [22, 21, 18, 19, 15, 13, 11] },
];

const navItems = ["Overview", "Dashboards", "Data hub", "Forecasts", "Forms", "Reports"];

/**
 * The product dashboard: KPIs, a revenue trend with a forecast, and a Zuri AI insight that answers a
 * plain-English question. Wide composition (catalog.tsx).
 */
export function DashboardIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const areaId = `${id}-area`;
  const shadowId = `${id}-shadow`;
  const lastActual = actual.length - 1;
  const areaPath = `M${x(0)},${plot.bottom} L${points(actual).replaceAll(" ", " L")} L${x(lastActual)},${plot.bottom} Z`;
  const upperBand = [0, 3, 7, 11].map((spread, index) => `${x(lastActual + index)},${y(forecast[index]! + spread)}`);
  const lowerBand = [0, 3, 7, 11].map((spread, index) => `${x(lastActual + index)},${y(forecast[index]! - spread)}`);

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
        Zuri dashboard showing weekly revenue, gross margin and at-risk products, a revenue trend with a forecast, and a Zuri AI
        answer explaining which stores will run out of stock next week and what to do about it.
      </title>
      <defs>
        <linearGradient id={areaId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.primary} stopOpacity="0.22" />
          <stop offset="1" stopColor={palette.primary} stopOpacity="0" />
        </linearGradient>
      </defs>

      {/* Window */}
      <ProductWindow height={464} caption="Zuri · Retail operations" shadowId={shadowId} />

      {/* Sidebar */}
      <SidebarPanel width={150} />
      <SidebarNav items={navItems} active={navItems[0]!} top={104} />
      <circle cx="32" cy="446" r="4" fill={palette.accent} />
      <text x="44" y="450" fontSize="11" fill={palette.muted}>
        Live sync on
      </text>

      {/* Header */}
      <text x="170" y="76" fontSize="17" fontWeight="700" fill={palette.ink}>
        Weekly performance
      </text>
      <text x="170" y="96" fontSize="11" fill={palette.muted}>
        All regions · updated 2 minutes ago
      </text>
      <rect x="592.5" y="62.5" width="104" height="28" rx="14" fill="#ffffff" stroke={palette.line} />
      <text x="644.5" y="80.5" textAnchor="middle" fontSize="11" fontWeight="500" fill={palette.text}>
        Last 12 weeks
      </text>

      {/* KPI cards */}
      {kpis.map((kpi, index) => {
        const left = 170 + index * 177;
        const low = Math.min(...kpi.spark);
        const high = Math.max(...kpi.spark);
        const spark = kpi.spark
          .map((value, i) => `${left + 112 + i * 8},${150 - ((value - low) / (high - low)) * 22}`)
          .join(" ");
        return (
          <g key={kpi.label}>
            <rect x={left + 0.5} y="110.5" width="166" height="80" rx="10" fill="#ffffff" stroke={palette.line} />
            <text x={left + 14} y="132" fontSize="11" fill={palette.muted}>
              {kpi.label}
            </text>
            <text x={left + 14} y="161" fontSize="22" fontWeight="700" fill={palette.ink}>
              {kpi.value}
            </text>
            <path
              d={kpi.up ? `M${left + 14} 179l4-6 4 6Z` : `M${left + 14} 173l4 6 4-6Z`}
              fill={palette.accent}
            />
            <text x={left + 26} y="179" fontSize="10" fontWeight="500" fill={palette.accentText}>
              {kpi.delta}
            </text>
            <polyline points={spark} fill="none" stroke={palette.accent} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </g>
        );
      })}

      {/* Trend chart */}
      <rect x="170.5" y="206.5" width="328" height="248" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="186" y="232" fontSize="12" fontWeight="600" fill={palette.ink}>
        Revenue vs forecast
      </text>
      <line x1="372" y1="228" x2="386" y2="228" stroke={palette.primary} strokeWidth="2.5" strokeLinecap="round" />
      <text x="391" y="232" fontSize="10" fill={palette.muted}>
        Actual
      </text>
      <line x1="428" y1="228" x2="442" y2="228" stroke={palette.accent} strokeWidth="2.5" strokeDasharray="4 3" />
      <text x="447" y="232" fontSize="10" fill={palette.muted}>
        Forecast
      </text>
      {[140, 120, 100, 80, 60].map((value) => (
        <g key={value}>
          <line x1={plot.left} y1={y(value)} x2={plot.right} y2={y(value)} stroke="#f1f5f9" />
          <text x={plot.left - 8} y={y(value) + 3.5} textAnchor="end" fontSize="9.5" fill={palette.faint}>
            ${value}k
          </text>
        </g>
      ))}
      {["Jan", "Feb", "Mar", "Apr", "May", "Jun"].map((month, index) => (
        <text key={month} x={plot.left + index * ((plot.right - plot.left) / 5)} y="438" textAnchor="middle" fontSize="9.5" fill={palette.faint}>
          {month}
        </text>
      ))}
      <path d={areaPath} fill={`url(#${areaId})`} />
      <polygon points={[...upperBand, ...lowerBand.reverse()].join(" ")} fill={palette.accent} fillOpacity="0.12" />
      <line x1={x(lastActual)} y1={plot.top} x2={x(lastActual)} y2={plot.bottom} stroke="#cbd5e1" strokeDasharray="3 3" />
      <text x={x(lastActual)} y={plot.top - 6} textAnchor="middle" fontSize="9.5" fontWeight="500" fill={palette.muted}>
        Today
      </text>
      <polyline points={points(actual)} fill="none" stroke={palette.primary} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      <polyline
        points={points(forecast, lastActual)}
        fill="none"
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeDasharray="5 4"
        strokeLinecap="round"
      />
      <circle cx={x(lastActual)} cy={y(actual[lastActual]!)} r="4.5" fill="#ffffff" stroke={palette.primary} strokeWidth="2.5" />

      {/* Zuri AI insight */}
      <rect x="510.5" y="206.5" width="186" height="248" rx="10" fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <rect x="524" y="220" width="70" height="22" rx="11" fill={palette.primary} />
      <path
        d="M535 225.5l1.4 3.6 3.6 1.4-3.6 1.4-1.4 3.6-1.4-3.6-3.6-1.4 3.6-1.4Z"
        fill="#ffffff"
      />
      <text x="545" y="235" fontSize="10.5" fontWeight="600" fill="#ffffff">
        Zuri AI
      </text>
      <rect x="524.5" y="252.5" width="158" height="44" rx="10" fill="#ffffff" stroke="#e0e7ff" />
      <text fontSize="10.5" fill={palette.text}>
        <tspan x="536" y="271">Which stores will run out</tspan>
        <tspan x="536" y="286">of stock next week?</tspan>
      </text>
      <text fontSize="10.5" fill={palette.ink}>
        <tspan x="524" y="320">Three stores in the North</tspan>
        <tspan x="524" y="336">will likely run out of oat</tspan>
        <tspan x="524" y="352">milk by Thursday. Move 240</tspan>
        <tspan x="524" y="368">units from the Leeds depot</tspan>
        <tspan x="524" y="384">today to cover demand.</tspan>
      </text>
      <text x="524" y="406" fontSize="9.5" fill={palette.muted}>
        Based on sales, stock and deliveries
      </text>
      <rect x="524" y="418" width="96" height="26" rx="7" fill={palette.primary} />
      <text x="572" y="435" textAnchor="middle" fontSize="10.5" fontWeight="600" fill="#ffffff">
        Create transfer
      </text>
      <rect x="626.5" y="418.5" width="56" height="25" rx="6.5" fill="#ffffff" stroke={palette.primaryBorder} />
      <text x="654.5" y="435" textAnchor="middle" fontSize="10.5" fontWeight="600" fill={palette.primaryText}>
        Explain
      </text>
    </svg>
  );
}

/** The same dashboard for a phone (catalog.tsx): two KPIs, the trend with its forecast and the Zuri AI insight, in larger type. */
export function DashboardNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const areaId = `${id}-area`;
  const shadowId = `${id}-shadow`;
  const chart = { left: 40, right: 320, top: 246, bottom: 330 };
  const all = [...actual, ...forecast.slice(1)];
  const cx = (index: number) => chart.left + (index * (chart.right - chart.left)) / (all.length - 1);
  const cy = (value: number) => chart.bottom - ((value - plot.min) / (plot.max - plot.min)) * (chart.bottom - chart.top);
  const line = (values: number[], offset = 0) =>
    values.map((value, index) => `${cx(index + offset).toFixed(1)},${cy(value).toFixed(1)}`).join(" ");
  const lastActual = actual.length - 1;

  return (
    <svg
      viewBox="0 0 360 560"
      width="360"
      height="560"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri dashboard on a phone: weekly revenue and gross margin, a revenue trend with a forecast, and a Zuri AI answer
        saying which stores will run out of stock next week and what to do about it.
      </title>
      <defs>
        <linearGradient id={areaId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.primary} stopOpacity="0.22" />
          <stop offset="1" stopColor={palette.primary} stopOpacity="0" />
        </linearGradient>
      </defs>
      <ProductWindow width={360} height={544} caption="Zuri · Retail operations" captionSize={13} shadowId={shadowId} />

      <text x="24" y="76" fontSize="18" fontWeight="700" fill={palette.ink}>
        Weekly performance
      </text>
      <text x="24" y="97" fontSize="13" fill={palette.muted}>
        Updated 2 minutes ago
      </text>

      {kpis.slice(0, 2).map((kpi, index) => {
        const left = 24 + index * 160;
        return (
          <g key={kpi.label}>
            <rect x={left + 0.5} y="112.5" width="151" height="86" rx="10" fill="#ffffff" stroke={palette.line} />
            <text x={left + 14} y="136" fontSize="13" fill={palette.muted}>
              {kpi.short}
            </text>
            <text x={left + 14} y="166" fontSize="22" fontWeight="700" fill={palette.ink}>
              {kpi.value}
            </text>
            <path d={`M${left + 14} 186l4-6 4 6Z`} fill={palette.accent} />
            <text x={left + 26} y="187" fontSize="13" fontWeight="500" fill={palette.accentText}>
              {kpi.delta.replace(" vs last week", "")}
            </text>
          </g>
        );
      })}

      <rect x="24.5" y="212.5" width="311" height="140" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="40" y="236" fontSize="13" fontWeight="600" fill={palette.ink}>
        Revenue vs forecast
      </text>
      <line x1="248" y1="231" x2="260" y2="231" stroke={palette.accent} strokeWidth="2.5" strokeDasharray="4 3" />
      <text x="264" y="236" fontSize="13" fill={palette.muted}>
        Forecast
      </text>
      <path
        d={`M${cx(0)},${chart.bottom} L${line(actual).replaceAll(" ", " L")} L${cx(lastActual)},${chart.bottom} Z`}
        fill={`url(#${areaId})`}
      />
      <line x1={cx(lastActual)} y1={chart.top} x2={cx(lastActual)} y2={chart.bottom} stroke="#cbd5e1" strokeDasharray="3 3" />
      <polyline points={line(actual)} fill="none" stroke={palette.primary} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      <polyline
        points={line(forecast, lastActual)}
        fill="none"
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeDasharray="5 4"
        strokeLinecap="round"
      />
      <circle cx={cx(lastActual)} cy={cy(actual[lastActual]!)} r="4.5" fill="#ffffff" stroke={palette.primary} strokeWidth="2.5" />

      <rect x="24.5" y="366.5" width="311" height="168" rx="10" fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <rect x="40" y="380" width="84" height="26" rx="13" fill={palette.primary} />
      <path d="M53 386.5l1.6 4 4 1.6-4 1.6-1.6 4-1.6-4-4-1.6 4-1.6Z" fill="#ffffff" />
      <text x="64" y="398" fontSize="13" fontWeight="600" fill="#ffffff">
        Zuri AI
      </text>
      <text fontSize="13.5" fill={palette.ink}>
        <tspan x="40" y="430">Three stores in the North will likely</tspan>
        <tspan x="40" y="450">run out of oat milk by Thursday.</tspan>
        <tspan x="40" y="470">Move 240 units from Leeds today.</tspan>
      </text>
      <rect x="40" y="488" width="132" height="32" rx="8" fill={palette.primary} />
      <text x="106" y="509" textAnchor="middle" fontSize="13" fontWeight="600" fill="#ffffff">
        Create transfer
      </text>
      <rect x="180.5" y="488.5" width="80" height="31" rx="7.5" fill="#ffffff" stroke={palette.primaryBorder} />
      <text x="220.5" y="509" textAnchor="middle" fontSize="13" fontWeight="600" fill={palette.primaryText}>
        Explain
      </text>
    </svg>
  );
}
