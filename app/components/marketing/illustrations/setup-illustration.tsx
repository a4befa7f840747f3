import { useId } from "react";
import { illustrationPalette, ProductWindow } from "./product-window.tsx";

const palette = illustrationPalette;

const steps = [
  { label: "Upload CSV or Excel", cx: 176 },
  { label: "Connect a database", cx: 360 },
  { label: "Done", cx: 544 },
];

const files = [
  { name: "orders_2025.csv", kind: "CSV", detail: "12,480 rows", y: 242 },
  { name: "inventory.xlsx", kind: "XLSX", detail: "3 sheets", y: 284 },
];

const fields = [
  { label: "Connection type", value: "SQL database", y: 178, select: true },
  { label: "Host", value: "warehouse.acme.example", y: 226, select: false },
];

function Check({ cx, cy, r, fill }: { cx: number; cy: number; r: number; fill: string }) {
  const s = r / 10;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={fill} />
      <path
        d={`M${cx - 4.5 * s} ${cy + 0.2 * s}l${3 * s} ${3 * s} ${6 * s}-${6.4 * s}`}
        fill="none"
        stroke="#ffffff"
        strokeWidth={Math.max(1.6, 2.2 * s)}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

/**
 * The setup flow in one window: upload a CSV or Excel file, connect a database, done.
 */
export function SetupIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;

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
        Zuri setup in three steps: a CSV file and an Excel workbook uploaded, a database connected and verified with live sync
        turned on, and a confirmation that the workspace is ready.
      </title>
      {/* Window */}
      <ProductWindow height={424} caption="Zuri · Add data to your workspace" shadowId={shadowId} />

      {/* Stepper */}
      <line x1={steps[0]!.cx + 16} y1="74" x2={steps[1]!.cx - 16} y2="74" stroke={palette.accent} strokeWidth="2" />
      <line x1={steps[1]!.cx + 16} y1="74" x2={steps[2]!.cx - 16} y2="74" stroke={palette.accent} strokeWidth="2" />
      {steps.map((step, index) => (
        <g key={step.label}>
          <Check cx={step.cx} cy={74} r={12} fill={index === 2 ? palette.primary : palette.accent} />
          <text x={step.cx} y="106" textAnchor="middle" fontSize="11.5" fontWeight="600" fill={palette.ink}>
            {`${index + 1}. ${step.label}`}
          </text>
        </g>
      ))}

      {/* Upload card */}
      <rect x="32.5" y="124.5" width="320" height="196" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="48" y="150" fontSize="13" fontWeight="600" fill={palette.ink}>
        Upload CSV or Excel
      </text>
      <rect x="48.5" y="162.5" width="288" height="54" rx="9" fill={palette.primarySoft} stroke={palette.primaryBorder} strokeDasharray="5 4" />
      <path
        d="M72 196v5h16v-5M80 195v-14M74.5 186.5 80 181l5.5 5.5"
        fill="none"
        stroke={palette.primary}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="100" y="186" fontSize="11.5" fontWeight="600" fill={palette.ink}>
        Drop files here or browse
      </text>
      <text x="100" y="202" fontSize="10.5" fill={palette.muted}>
        .csv, .xls and .xlsx
      </text>
      {files.map((file) => (
        <g key={file.name}>
          <path
            d={`M52.5 ${file.y - 14.5}h16l7 7v22h-23Z`}
            fill="#ffffff"
            stroke={palette.line}
          />
          <rect x="46" y={file.y} width="30" height="12" rx="3" fill={file.kind === "CSV" ? palette.accent : palette.primary} />
          <text x="61" y={file.y + 9} textAnchor="middle" fontSize="7.5" fontWeight="700" fill="#ffffff">
            {file.kind}
          </text>
          <text x="88" y={file.y - 1} fontSize="11.5" fontWeight="600" fill={palette.ink}>
            {file.name}
          </text>
          <rect x="88" y={file.y + 7} width="200" height="5" rx="2.5" fill={palette.accent} />
          <text x="296" y={file.y - 1} textAnchor="end" fontSize="10" fill={palette.muted}>
            {file.detail}
          </text>
          <Check cx={320} cy={file.y + 4} r={9} fill={palette.accent} />
        </g>
      ))}

      {/* Database card */}
      <rect x="367.5" y="124.5" width="320" height="196" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="384" y="150" fontSize="13" fontWeight="600" fill={palette.ink}>
        Connect a database
      </text>
      {fields.map((field) => (
        <g key={field.label}>
          <text x="384" y={field.y - 6} fontSize="10" fontWeight="500" fill={palette.muted}>
            {field.label}
          </text>
          <rect x="384.5" y={field.y + 0.5} width="288" height="28" rx="7" fill="#ffffff" stroke="#cbd5e1" />
          <text x="396" y={field.y + 18.5} fontSize="11" fill={palette.ink}>
            {field.value}
          </text>
          {field.select && (
            <path
              d={`M654 ${field.y + 12}l4.5 4.5 4.5-4.5`}
              fill="none"
              stroke={palette.muted}
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
        </g>
      ))}
      <Check cx={394} cy={284} r={9} fill={palette.accent} />
      <text x="410" y="288" fontSize="11" fontWeight="600" fill={palette.accentText}>
        Connection verified
      </text>
      <text x="410" y="303" fontSize="10" fill={palette.muted}>
        14 tables found
      </text>
      <text x="610" y="288" textAnchor="end" fontSize="10.5" fontWeight="500" fill={palette.text}>
        Live sync
      </text>
      <rect x="620" y="276" width="36" height="20" rx="10" fill={palette.accent} />
      <circle cx="646" cy="286" r="7" fill="#ffffff" />

      {/* Done */}
      <rect x="32.5" y="336.5" width="655" height="72" rx="12" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <Check cx={66} cy={372.5} r={15} fill={palette.accent} />
      <text x="92" y="367" fontSize="13.5" fontWeight="700" fill={palette.ink}>
        Your workspace is ready
      </text>
      <text x="92" y="386" fontSize="11" fill={palette.text}>
        Three sources synced. Ask Zuri AI your first question.
      </text>
      <rect x="546" y="356" width="124" height="34" rx="8" fill={palette.primary} />
      <text x="608" y="377.5" textAnchor="middle" fontSize="11.5" fontWeight="600" fill="#ffffff">
        Open dashboard
      </text>
    </svg>
  );
}

/** The same setup for a phone (catalog.tsx): the three steps as a list, one file, one connection, in larger type. */
export function SetupNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const rows = [
    { title: "orders_2025.csv", detail: "12,480 rows uploaded", kind: "CSV" },
    { title: "Warehouse database", detail: "14 tables, live sync on", kind: "SQL" },
  ];

  return (
    <svg
      viewBox="0 0 360 400"
      width="360"
      height="400"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri setup on a phone: a CSV file uploaded, a database connected with live sync on, and a confirmation that the
        workspace is ready.
      </title>
      <ProductWindow width={360} height={384} caption="Zuri · Add data" captionSize={13} shadowId={shadowId} />

      {steps.map((step, index) => (
        <g key={step.label}>
          {index > 0 && <line x1={36 + (index - 1) * 104 + 14} y1="72" x2={36 + index * 104 - 14} y2="72" stroke={palette.accent} strokeWidth="2" />}
          <Check cx={36 + index * 104} cy={72} r={12} fill={index === 2 ? palette.primary : palette.accent} />
        </g>
      ))}
      <text x="24" y="112" fontSize="16" fontWeight="700" fill={palette.ink}>
        Add your data
      </text>

      {rows.map((row, index) => {
        const top = 128 + index * 76;
        return (
          <g key={row.title}>
            <rect x="24.5" y={top + 0.5} width="311" height="64" rx="10" fill="#ffffff" stroke={palette.line} />
            <rect x="38" y={top + 18} width="40" height="28" rx="6" fill={row.kind === "CSV" ? palette.accent : palette.primary} />
            <text x="58" y={top + 37} textAnchor="middle" fontSize="13" fontWeight="700" fill="#ffffff">
              {row.kind}
            </text>
            <text x="90" y={top + 28} fontSize="14" fontWeight="600" fill={palette.ink}>
              {row.title}
            </text>
            <text x="90" y={top + 48} fontSize="13" fill={palette.muted}>
              {row.detail}
            </text>
            <Check cx={312} cy={top + 32} r={10} fill={palette.accent} />
          </g>
        );
      })}

      <rect x="24.5" y="284.5" width="311" height="84" rx="12" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <Check cx={52} cy={312} r={14} fill={palette.accent} />
      <text x="76" y="317" fontSize="15" fontWeight="700" fill={palette.ink}>
        Your workspace is ready
      </text>
      <rect x="76" y="330" width="140" height="30" rx="8" fill={palette.primary} />
      <text x="146" y="350" textAnchor="middle" fontSize="13" fontWeight="600" fill="#ffffff">
        Open dashboard
      </text>
    </svg>
  );
}
