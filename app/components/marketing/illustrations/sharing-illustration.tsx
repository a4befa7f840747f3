import { useId } from "react";
import { Button } from "./parts.tsx";
import { illustrationPalette as palette, ProductWindow } from "./product-window.tsx";

/** Who the dashboard is shared with (sample data): initials, name, detail and access. */
const people = [
  { initials: "AO", name: "Amara O.", detail: "You", access: "Owner", team: false },
  { initials: "RM", name: "Regional managers", detail: "Team · 12 people", access: "Can view", team: true },
  { initials: "FI", name: "Finance", detail: "Team · 5 people", access: "Can edit", team: true },
];

/** Weekly sales per region for the dashboard behind the dialog (sample data, share of the tallest bar). */
const bars = [0.62, 0.78, 0.7, 0.92, 0.84, 1, 0.88];

/** The share dialog's people rows from `top`, `step` apart, between `left` and `right`. */
function People({ left, right, top, step, nameSize, detailSize, initialsSize }: { left: number; right: number; top: number; step: number; nameSize: number; detailSize: number; initialsSize: number }) {
  const r = nameSize * 1.25;
  return people.map((person, index) => {
    const cy = top + index * step;
    return (
      <g key={person.name}>
        <circle cx={left + r} cy={cy} r={r} fill={person.team ? palette.accentSoft : palette.primarySoft} stroke={person.team ? palette.accentBorder : palette.primaryBorder} />
        <text x={left + r} y={cy + initialsSize * 0.36} textAnchor="middle" fontSize={initialsSize} fontWeight="700" fill={person.team ? palette.accentText : palette.primaryText}>
          {person.initials}
        </text>
        <text x={left + 2 * r + 10} y={cy - 2} fontSize={nameSize} fontWeight="600" fill={palette.ink}>
          {person.name}
        </text>
        <text x={left + 2 * r + 10} y={cy + detailSize + 1} fontSize={detailSize} fill={palette.muted}>
          {person.detail}
        </text>
        <text x={right - (index ? 14 : 0)} y={cy + nameSize * 0.36} textAnchor="end" fontSize={detailSize} fontWeight="500" fill={palette.text}>
          {person.access}
        </text>
        {index > 0 && <path d={`M${right - 8} ${cy - 2}l3.5 3.5 3.5-3.5`} fill="none" stroke={palette.muted} strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />}
      </g>
    );
  });
}

/** A calendar icon at (x, y), `size` square. */
function CalendarIcon({ x, y, size }: { x: number; y: number; size: number }) {
  return (
    <g fill="none" stroke={palette.primary} strokeWidth="1.5" strokeLinecap="round">
      <rect x={x} y={y + 2} width={size} height={size - 2} rx="2.5" />
      <path d={`M${x} ${y + size * 0.42}h${size}M${x + size * 0.3} ${y}v4M${x + size * 0.7} ${y}v4`} />
    </g>
  );
}

/**
 * Sharing a live dashboard: a weekly sales dashboard with a share dialog over it (people and teams with
 * their access, a workspace link, export to PDF or CSV and a weekly email). Wide composition (catalog.tsx);
 * /features, “Share and act”.
 */
export function SharingIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const chart = { left: 48, bottom: 376, width: 292, height: 120 };
  const barWidth = 26;
  const gap = (chart.width - bars.length * barWidth) / (bars.length - 1);
  return (
    <svg viewBox="0 0 720 440" width="720" height="440" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        A live weekly sales dashboard being shared: the share dialog lists the owner, the regional managers team and the finance
        team with their access, a link for everyone in the workspace, export to PDF or CSV, and an email every Monday.
      </title>
      <defs>
        <filter id={`${id}-dialog`} x="-10%" y="-10%" width="120%" height="130%">
          <feDropShadow dx="0" dy="8" stdDeviation="10" floodColor="#1e1b4b" floodOpacity="0.16" />
        </filter>
      </defs>
      <ProductWindow height={424} caption="Zuri · Weekly sales" shadowId={`${id}-shadow`} />

      {/* The dashboard */}
      <text x="32" y="80" fontSize="15" fontWeight="700" fill={palette.ink}>
        Weekly sales
      </text>
      <circle cx="36" cy="96" r="3.5" fill={palette.accent} />
      <text x="45" y="100" fontSize="10.5" fill={palette.accentText}>
        Live · updated 2 minutes ago
      </text>
      <rect x="32.5" y="118.5" width="159" height="86" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="48" y="142" fontSize="10.5" fill={palette.muted}>
        Revenue this week
      </text>
      <text x="48" y="172" fontSize="22" fontWeight="700" fill={palette.ink}>
        $318K
      </text>
      <path d="M48 191l4.5-7 4.5 7Z" fill={palette.accent} />
      <text x="61" y="192" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
        5.2% on last week
      </text>
      <rect x="203.5" y="118.5" width="159" height="86" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="219" y="142" fontSize="10.5" fill={palette.muted}>
        Orders
      </text>
      <text x="219" y="172" fontSize="22" fontWeight="700" fill={palette.ink}>
        9,412
      </text>
      <path d="M219 191l4.5-7 4.5 7Z" fill={palette.accent} />
      <text x="232" y="192" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
        3.1% on last week
      </text>
      <rect x="32.5" y="216.5" width="330" height="184" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="48" y="240" fontSize="11" fontWeight="600" fill={palette.ink}>
        Revenue by day
      </text>
      {bars.map((value, index) => (
        <rect
          key={index}
          x={chart.left + index * (barWidth + gap)}
          y={chart.bottom - value * chart.height}
          width={barWidth}
          height={value * chart.height}
          rx="5"
          fill={index === bars.length - 1 ? palette.primary : palette.primaryBorder}
        />
      ))}
      <text fontSize="9.5" fill={palette.muted}>
        {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((day, index) => (
          <tspan key={day} x={chart.left + index * (barWidth + gap) + barWidth / 2 - 8} y="392">
            {day}
          </tspan>
        ))}
      </text>

      {/* The share dialog */}
      <rect x="384" y="62" width="312" height="348" rx="14" fill="#ffffff" filter={`url(#${id}-dialog)`} />
      <rect x="384.5" y="62.5" width="311" height="347" rx="13.5" fill="none" stroke={palette.line} />
      <text x="404" y="92" fontSize="14" fontWeight="700" fill={palette.ink}>
        Share “Weekly sales”
      </text>
      <path d="M670 80l8 8m0-8-8 8" stroke={palette.muted} strokeWidth="1.5" strokeLinecap="round" />
      <rect x="404.5" y="106.5" width="199" height="30" rx="8" fill="#ffffff" stroke="#cbd5e1" />
      <text x="416" y="125.5" fontSize="11" fill={palette.faint}>
        Add people or teams
      </text>
      <Button x={612} y={106} width={64} height={31}>
        Invite
      </Button>
      <People left={404} right={676} top={168} step={40} nameSize={11.5} detailSize={10} initialsSize={9.5} />
      <line x1="404" y1="270.5" x2="676" y2="270.5" stroke={palette.line} />
      <path d="M408 291.5l4-4m-5.5 1.5-1 1a2.5 2.5 0 0 0 3.5 3.5l1-1m1-6 1-1a2.5 2.5 0 0 1 3.5 3.5l-1 1" fill="none" stroke={palette.primaryText} strokeWidth="1.4" strokeLinecap="round" />
      <text x="426" y="294" fontSize="11" fill={palette.text}>
        Anyone in the workspace with the link
      </text>
      <rect x="648" y="282" width="28" height="16" rx="8" fill={palette.accent} />
      <circle cx="668" cy="290" r="6" fill="#ffffff" />
      <CalendarIcon x={404} y={310} size={14} />
      <text x="426" y="322" fontSize="11" fill={palette.text}>
        Email a PDF every Monday, 8:00
      </text>
      <rect x="648" y="311" width="28" height="16" rx="8" fill={palette.accent} />
      <circle cx="668" cy="319" r="6" fill="#ffffff" />
      <line x1="404" y1="342.5" x2="676" y2="342.5" stroke={palette.line} />
      <Button x={404} y={358} width={64} height={30}>
        PDF
      </Button>
      <Button x={476} y={358} width={64} height={30}>
        CSV
      </Button>
      <Button x={580} y={358} width={96} height={30} primary>
        Copy link
      </Button>
    </svg>
  );
}

/** The share dialog alone for a phone (catalog.tsx), in larger type. */
export function SharingNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 360 402" width="360" height="402" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Sharing the weekly sales dashboard with the regional managers and finance teams, export to PDF or CSV, and an email
        every Monday.
      </title>
      <ProductWindow width={360} height={386} caption="Share “Weekly sales”" captionSize={13} shadowId={`${id}-shadow`} />
      <rect x="24.5" y="60.5" width="311" height="36" rx="9" fill="#ffffff" stroke="#cbd5e1" />
      <text x="38" y="83.5" fontSize="13" fill={palette.muted}>
        Add people or teams
      </text>
      <People left={24} right={336} top={130} step={48} nameSize={13.5} detailSize={13} initialsSize={13} />
      <line x1="24" y1="256.5" x2="336" y2="256.5" stroke={palette.line} />
      <CalendarIcon x={24} y={274} size={16} />
      <text x="50" y="288" fontSize="13" fill={palette.text}>
        Email every Monday, 8:00
      </text>
      <rect x="302" y="275" width="32" height="18" rx="9" fill={palette.accent} />
      <circle cx="325" cy="284" r="7" fill="#ffffff" />
      <line x1="24" y1="310.5" x2="336" y2="310.5" stroke={palette.line} />
      <Button x={24} y={330} width={72} height={36} fontSize={13}>
        PDF
      </Button>
      <Button x={104} y={330} width={72} height={36} fontSize={13}>
        CSV
      </Button>
      <Button x={216} y={330} width={120} height={36} fontSize={13} primary>
        Copy link
      </Button>
    </svg>
  );
}
