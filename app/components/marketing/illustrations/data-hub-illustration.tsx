import { useId } from "react";
import { Button, CheckDot } from "./parts.tsx";
import { illustrationPalette as palette, ProductWindow } from "./product-window.tsx";

/** The workspace's sources (sample data): a badge, its name and what it is. */
const sources = [
  { badge: "XLSX", tone: "accent", name: "sales_2025.xlsx", detail: "Spreadsheet · 48,210 rows" },
  { badge: "SQL", tone: "primary", name: "Orders", detail: "Database · live sync" },
  { badge: "FORM", tone: "primary", name: "Store audits", detail: "Form · 312 responses" },
  { badge: "CSV", tone: "accent", name: "stock_levels.csv", detail: "CSV file · 1,920 rows" },
] as const;

/** Rows of the joined table (sample data): margin is the computed field. */
const rows = [
  ["S-014", "Leeds", "$84.2K", "$49.1K", "41.7%"],
  ["S-022", "York", "$61.8K", "$37.9K", "38.7%"],
  ["S-031", "Hull", "$47.5K", "$26.6K", "44.0%"],
  ["S-038", "Bradford", "$52.9K", "$32.3K", "38.9%"],
];
const columns = [
  { name: "store_id", x: 0 },
  { name: "store", x: 62 },
  { name: "revenue", x: 162, end: true },
  { name: "cost", x: 226, end: true },
  { name: "margin", x: 300, end: true },
];

/** The computed field: an “fx” tag and its formula. */
function Formula({ x, y, width, fontSize }: { x: number; y: number; width: number; fontSize: number }) {
  const height = fontSize * 2.6;
  return (
    <>
      <rect x={x + 0.5} y={y + 0.5} width={width - 1} height={height - 1} rx="8" fill="#ffffff" stroke={palette.accentBorder} />
      <rect x={x + 7} y={y + 7} width={fontSize * 2} height={height - 14} rx="4" fill={palette.accent} />
      <text x={x + 7 + fontSize} y={y + height / 2 + fontSize * 0.34} textAnchor="middle" fontSize={fontSize} fontWeight="700" fill="#ffffff">
        fx
      </text>
      <text x={x + 14 + fontSize * 2.4} y={y + height / 2 + fontSize * 0.36} fontSize={fontSize} fill={palette.accentText}>
        margin = (revenue − cost) ÷ revenue
      </text>
    </>
  );
}

/** One source: its badge and two lines, in a card `width` wide. */
function Source({ x, y, width, source, large = false }: { x: number; y: number; width: number; source: (typeof sources)[number]; large?: boolean }) {
  const [nameSize, detailSize, height] = large ? [14, 13, 60] : [12, 10.5, 50];
  const soft = source.tone === "accent" ? palette.accentSoft : palette.primarySoft;
  const strong = source.tone === "accent" ? palette.accentText : palette.primaryText;
  const badgeWidth = large ? 54 : 40;
  return (
    <g>
      <rect x={x + 0.5} y={y + 0.5} width={width - 1} height={height - 1} rx="10" fill="#ffffff" stroke={palette.line} />
      <rect x={x + 12} y={y + height / 2 - 12} width={badgeWidth} height="24" rx="6" fill={soft} />
      <text x={x + 12 + badgeWidth / 2} y={y + height / 2 + (large ? 4.5 : 3.5)} textAnchor="middle" fontSize={large ? 13 : 9.5} fontWeight="700" fill={strong}>
        {source.badge}
      </text>
      <text x={x + badgeWidth + 24} y={y + height / 2 - (large ? 3 : 2)} fontSize={nameSize} fontWeight="600" fill={palette.ink}>
        {source.name}
      </text>
      <text x={x + badgeWidth + 24} y={y + height / 2 + (large ? 15 : 13)} fontSize={detailSize} fill={palette.muted}>
        {source.detail}
      </text>
    </g>
  );
}

/**
 * The data hub: a spreadsheet, a database, form responses and a CSV file side by side, two of them joined
 * on a shared field with a computed margin column. Wide composition (catalog.tsx); /features, “Connect and
 * prepare”.
 */
export function DataHubIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 720 440" width="720" height="440" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri’s data hub with four sources side by side (a spreadsheet, a live database, form responses and a CSV file), and a
        smart join of Orders and Stores on store_id with a computed margin column.
      </title>
      <ProductWindow height={424} caption="Zuri · Data hub" shadowId={`${id}-shadow`} />

      <text x="32" y="78" fontSize="15" fontWeight="700" fill={palette.ink}>
        Data hub
      </text>
      <text x="32" y="96" fontSize="10.5" fill={palette.muted}>
        4 sources · synced 2 minutes ago
      </text>
      <Button x={592} y={62} width={96} primary>
        + Add data
      </Button>

      {sources.map((source, index) => (
        <Source key={source.name} x={32} y={112 + index * 60} width={236} source={source} />
      ))}
      <rect x="32.5" y="356.5" width="235" height="46" rx="10" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <rect x="46" y="371" width="28" height="16" rx="8" fill={palette.accent} />
      <circle cx="66" cy="379" r="6" fill="#ffffff" />
      <text x="86" y="376" fontSize="11" fontWeight="600" fill={palette.accentText}>
        Live sync on
      </text>
      <text x="86" y="391" fontSize="10" fill={palette.text}>
        New rows arrive as they are added
      </text>

      {/* The join */}
      <rect x="284.5" y="112.5" width="403" height="290" rx="12" fill={palette.surface} stroke={palette.line} />
      <text x="302" y="136" fontSize="12" fontWeight="700" fill={palette.ink}>
        Smart join
      </text>
      <g fontSize="11" fontWeight="600">
        <rect x="302.5" y="150.5" width="76" height="26" rx="8" fill="#ffffff" stroke={palette.primaryBorder} />
        <text x="340.5" y="167.5" textAnchor="middle" fill={palette.primaryText}>
          Orders
        </text>
        <rect x="502.5" y="150.5" width="76" height="26" rx="8" fill="#ffffff" stroke={palette.primaryBorder} />
        <text x="540.5" y="167.5" textAnchor="middle" fill={palette.primaryText}>
          Stores
        </text>
      </g>
      <line x1="379" y1="163.5" x2="502" y2="163.5" stroke={palette.primary} strokeWidth="1.5" strokeDasharray="3 3" />
      <rect x="400.5" y="153.5" width="80" height="20" rx="10" fill={palette.primary} />
      <text x="440.5" y="167" textAnchor="middle" fontSize="10" fontWeight="600" fill="#ffffff">
        on store_id
      </text>
      <CheckDot cx={598} cy={163.5} r={6} />
      <text x="610" y="167" fontSize="10" fill={palette.accentText}>
        1,204 matched
      </text>

      <rect x="302.5" y="190.5" width="368" height="156" rx="8" fill="#ffffff" stroke={palette.line} />
      <rect x="574" y="191" width="96" height="155" fill={palette.accentSoft} />
      <path d="M574 191h88.5a8 8 0 0 1 8 8v139a8 8 0 0 1-8 8H574Z" fill={palette.accentSoft} />
      <g fontSize="10" fill={palette.muted}>
        {columns.map((column) => (
          <text key={column.name} x={318 + column.x + (column.end ? 40 : 0)} y="212" textAnchor={column.end ? "end" : undefined} fill={column.name === "margin" ? palette.accentText : undefined} fontWeight={column.name === "margin" ? 600 : undefined}>
            {column.name}
          </text>
        ))}
      </g>
      <line x1="303" y1="220.5" x2="670" y2="220.5" stroke={palette.line} />
      {rows.map((row, index) => (
        <g key={row[0]} fontSize="11" fill={palette.text}>
          {row.map((cell, cellIndex) => {
            const column = columns[cellIndex]!;
            return (
              <text
                key={column.name}
                x={318 + column.x + (column.end ? 40 : 0)}
                y={242 + index * 27}
                textAnchor={column.end ? "end" : undefined}
                fontWeight={cellIndex === 4 ? 600 : cellIndex === 1 ? 500 : undefined}
                fill={cellIndex === 4 ? palette.accentText : cellIndex === 1 ? palette.ink : undefined}
              >
                {cell}
              </text>
            );
          })}
        </g>
      ))}
      <Formula x={302} y={358} width={250} fontSize={11} />
    </svg>
  );
}

/** The hub for a phone (catalog.tsx): three sources and the join with its computed field, in larger type. */
export function DataHubNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 360 472" width="360" height="472" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri’s data hub with a spreadsheet, a live database and form responses side by side, and Orders joined with Stores on
        store_id with a computed margin column.
      </title>
      <ProductWindow width={360} height={456} caption="Zuri · Data hub" captionSize={13} shadowId={`${id}-shadow`} />
      <text x="24" y="78" fontSize="17" fontWeight="700" fill={palette.ink}>
        Data hub
      </text>
      {sources.slice(0, 3).map((source, index) => (
        <Source key={source.name} x={24} y={94 + index * 70} width={312} source={source} large />
      ))}
      <rect x="24.5" y="306.5" width="311" height="134" rx="12" fill={palette.surface} stroke={palette.line} />
      <text x="40" y="332" fontSize="14" fontWeight="700" fill={palette.ink}>
        Smart join
      </text>
      <text x="40" y="356" fontSize="13" fill={palette.text}>
        Orders + Stores on <tspan fontWeight="600" fill={palette.primaryText}>store_id</tspan>
      </text>
      <CheckDot cx={47} cy={375.5} r={6.5} />
      <text x="60" y="380" fontSize="13" fill={palette.accentText}>
        1,204 rows matched
      </text>
      <Formula x={40} y={396} width={280} fontSize={13} />
    </svg>
  );
}
