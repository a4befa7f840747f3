import { useId } from "react";
import { ProductWindow, SidebarNav, SidebarPanel, illustrationPalette } from "./product-window.tsx";

const palette = illustrationPalette;

/** The roles of the sample workspace (sample data for the picture): 3 + 12 + 48 = 63 members. */
const roles = [
  { name: "Admin", members: 3, access: "Full access", short: "Full access", tone: "primary" },
  { name: "Analyst", members: 12, access: "Data and dashboards", short: "Data, dashboards", tone: "accent" },
  { name: "Viewer", members: 48, access: "View dashboards", short: "View only", tone: "neutral" },
] as const;

const roleBadge = {
  primary: { fill: palette.primarySoft, stroke: palette.primaryBorder, text: palette.primaryText },
  accent: { fill: palette.accentSoft, stroke: palette.accentBorder, text: palette.accentText },
  neutral: { fill: palette.surface, stroke: palette.line, text: palette.text },
};

/** Audit-log lines of the sample workspace; `short` is the narrow composition's wording. */
const auditLog = [
  { time: "09:41", user: "amara@retail.example", event: "Signed in with single sign-on", short: "Signed in with single sign-on", dot: palette.accent },
  {
    time: "09:38",
    user: "dan@retail.example",
    event: "Changed role of sam@retail.example to Analyst",
    short: "Role changed: sam to Analyst",
    dot: palette.primary,
  },
  { time: "09:12", user: "lee@retail.example", event: "Connected database “Warehouse”", short: "Connected database “Warehouse”", dot: palette.accent },
  { time: "08:57", user: "priya@retail.example", event: "Exported dashboard “Weekly stock”", short: "", dot: palette.faint },
];

const navItems = ["General", "Teams", "Security", "Connectors", "API access"];
const activeNav = "Security";

/** A key in a soft circle: the single sign-on mark. */
function KeyBadge({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  const s = r / 12;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <circle cx={cx - 3.5 * s} cy={cy} r={3.5 * s} fill="none" stroke={palette.primary} strokeWidth="1.8" />
      <path
        d={`M${cx} ${cy}h${7 * s}M${cx + 5 * s} ${cy}v${3.5 * s}M${cx + 2.5 * s} ${cy}v${2.5 * s}`}
        fill="none"
        stroke={palette.primary}
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </g>
  );
}

/**
 * Zuri's workspace settings as an administrator sees them: single sign-on connected to the identity
 * provider, the roles and what each may do, and the audit log. Wide composition (catalog.tsx).
 */
export function AdminConsoleIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;
  const ssoShare = 61 / 63;

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
        Zuri workspace settings for administrators: single sign-on connected to the company’s identity provider, roles (Admin,
        Analyst, Viewer) with their members and access, and an audit log of who signed in, changed a role, connected a database
        or exported a dashboard, and when.
      </title>
      <ProductWindow height={464} caption="Zuri · Workspace settings" shadowId={shadowId} />

      {/* Sidebar */}
      <SidebarPanel width={150} />
      <text x="24" y="116" fontSize="9.5" fontWeight="600" letterSpacing="0.6" fill={palette.faint}>
        SETTINGS
      </text>
      <SidebarNav items={navItems} active={activeNav} top={126} />
      <circle cx="38" cy="440" r="14" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <text x="38" y="444" textAnchor="middle" fontSize="10" fontWeight="700" fill={palette.accentText}>
        AO
      </text>
      <text x="60" y="437" fontSize="11" fontWeight="600" fill={palette.ink}>
        Amara O.
      </text>
      <text x="60" y="451" fontSize="10" fill={palette.muted}>
        Admin
      </text>

      {/* Header */}
      <text x="170" y="76" fontSize="17" fontWeight="700" fill={palette.ink}>
        Security and access
      </text>
      <text x="170" y="96" fontSize="11" fill={palette.muted}>
        Retail operations workspace · 3 teams · 63 members
      </text>
      <rect x="582" y="62" width="114" height="28" rx="8" fill={palette.primary} />
      <text x="639" y="80" textAnchor="middle" fontSize="11" fontWeight="600" fill="#ffffff">
        Invite members
      </text>

      {/* Single sign-on */}
      <rect x="170.5" y="112.5" width="216" height="146" rx="10" fill="#ffffff" stroke={palette.line} />
      <KeyBadge cx={198} cy={138} r={13} />
      <text x="220" y="142.5" fontSize="12.5" fontWeight="600" fill={palette.ink}>
        Single sign-on
      </text>
      <rect x="186.5" y="160.5" width="88" height="22" rx="11" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <circle cx="199" cy="171.5" r="3.5" fill={palette.accent} />
      <text x="208" y="175.5" fontSize="10.5" fontWeight="600" fill={palette.accentText}>
        Connected
      </text>
      <text x="186" y="204" fontSize="10" fill={palette.muted}>
        Identity provider
      </text>
      <text x="186" y="219" fontSize="11.5" fontWeight="500" fill={palette.ink}>
        id.retail.example
      </text>
      <text x="186" y="238" fontSize="10" fill={palette.muted}>
        Signed in with SSO
      </text>
      <text x="370" y="238" textAnchor="end" fontSize="10" fontWeight="600" fill={palette.ink}>
        61 / 63
      </text>
      <rect x="186" y="244" width="184" height="5" rx="2.5" fill="#f1f5f9" />
      <rect x="186" y="244" width={184 * ssoShare} height="5" rx="2.5" fill={palette.accent} />

      {/* Roles */}
      <rect x="398.5" y="112.5" width="298" height="146" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="414" y="137" fontSize="12.5" fontWeight="600" fill={palette.ink}>
        Roles
      </text>
      <text x="682" y="137" textAnchor="end" fontSize="10.5" fontWeight="600" fill={palette.primaryText}>
        Edit roles
      </text>
      <g fontSize="10" fill={palette.muted}>
        <text x="414" y="160">
          Role
        </text>
        <text x="496" y="160">
          Members
        </text>
        <text x="556" y="160">
          Access
        </text>
      </g>
      <line x1="414" y1="168.5" x2="682" y2="168.5" stroke={palette.line} />
      {roles.map((role, index) => {
        const cy = 188 + index * 26;
        const badge = roleBadge[role.tone];
        return (
          <g key={role.name}>
            {index > 0 && <line x1="414" y1={cy - 13.5} x2="682" y2={cy - 13.5} stroke="#f1f5f9" />}
            <rect x="414.5" y={cy - 9.5} width="60" height="19" rx="9.5" fill={badge.fill} stroke={badge.stroke} />
            <text x="444.5" y={cy + 3.5} textAnchor="middle" fontSize="10.5" fontWeight="600" fill={badge.text}>
              {role.name}
            </text>
            <text x="496" y={cy + 4} fontSize="11" fontWeight="600" fill={palette.ink}>
              {role.members}
            </text>
            <text x="556" y={cy + 4} fontSize="10.5" fill={palette.text}>
              {role.access}
            </text>
          </g>
        );
      })}

      {/* Audit log */}
      <rect x="170.5" y="270.5" width="526" height="184" rx="10" fill="#ffffff" stroke={palette.line} />
      <text x="186" y="295" fontSize="12.5" fontWeight="600" fill={palette.ink}>
        Audit log
      </text>
      <rect x="592.5" y="280.5" width="90" height="22" rx="11" fill="#ffffff" stroke={palette.line} />
      <text x="637.5" y="295" textAnchor="middle" fontSize="10.5" fontWeight="500" fill={palette.text}>
        Last 24 hours
      </text>
      <g fontSize="10" fill={palette.muted}>
        <text x="186" y="320">
          Time
        </text>
        <text x="236" y="320">
          User
        </text>
        <text x="386" y="320">
          Event
        </text>
      </g>
      <line x1="186" y1="328.5" x2="682" y2="328.5" stroke={palette.line} />
      {auditLog.map((entry, index) => {
        const y = 350 + index * 28;
        const highlighted = index === 1;
        return (
          <g key={entry.time}>
            {highlighted && <rect x="178" y={y - 16} width="512" height="24" rx="6" fill={palette.primarySoft} />}
            <text x="186" y={y} fontSize="10.5" fill={palette.muted}>
              {entry.time}
            </text>
            <text x="236" y={y} fontSize="10.5" fontWeight="500" fill={palette.ink}>
              {entry.user}
            </text>
            <circle cx="390" cy={y - 3.5} r="3" fill={entry.dot} />
            <text x="400" y={y} fontSize="10.5" fill={palette.text}>
              {entry.event}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The narrow composition for phones (catalog.tsx): single sign-on, the three roles and three audit-log
 * lines, every word at 13 units or more so it renders at 11 px or more on a 390 px screen.
 */
export function AdminConsoleNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  const shadowId = `${id}-shadow`;

  return (
    <svg
      viewBox="0 0 360 486"
      width="360"
      height="486"
      role="img"
      aria-labelledby={titleId}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>
        Zuri workspace settings: single sign-on connected, the Admin, Analyst and Viewer roles with their members, and an audit
        log of who did what and when.
      </title>
      <ProductWindow width={360} height={470} caption="Workspace settings" captionSize={13} shadowId={shadowId} />

      {/* Single sign-on */}
      <rect x="24.5" y="58.5" width="311" height="70" rx="12" fill="#ffffff" stroke={palette.line} />
      <KeyBadge cx={50} cy={93.5} r={14} />
      <text x="74" y="89" fontSize="14" fontWeight="600" fill={palette.ink}>
        Single sign-on
      </text>
      <text x="74" y="109" fontSize="13" fill={palette.muted}>
        id.retail.example
      </text>
      <rect x="214.5" y="80.5" width="108" height="26" rx="13" fill={palette.accentSoft} stroke={palette.accentBorder} />
      <circle cx="229" cy="93.5" r="4" fill={palette.accent} />
      <text x="239" y="98" fontSize="13" fontWeight="600" fill={palette.accentText}>
        Connected
      </text>

      {/* Roles */}
      <rect x="24.5" y="140.5" width="311" height="132" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="40" y="166" fontSize="14" fontWeight="600" fill={palette.ink}>
        Roles
      </text>
      <text x="320" y="166" textAnchor="end" fontSize="13" fill={palette.muted}>
        Members
      </text>
      {roles.map((role, index) => {
        const cy = 194 + index * 28;
        const badge = roleBadge[role.tone];
        return (
          <g key={role.name}>
            <rect x="40.5" y={cy - 11.5} width="76" height="23" rx="11.5" fill={badge.fill} stroke={badge.stroke} />
            <text x="78.5" y={cy + 4.5} textAnchor="middle" fontSize="13" fontWeight="600" fill={badge.text}>
              {role.name}
            </text>
            <text x="128" y={cy + 4.5} fontSize="13" fill={palette.text}>
              {role.short}
            </text>
            <text x="320" y={cy + 5} textAnchor="end" fontSize="14" fontWeight="600" fill={palette.ink}>
              {role.members}
            </text>
          </g>
        );
      })}

      {/* Audit log */}
      <rect x="24.5" y="284.5" width="311" height="178" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="40" y="310" fontSize="14" fontWeight="600" fill={palette.ink}>
        Audit log
      </text>
      <text x="320" y="310" textAnchor="end" fontSize="13" fill={palette.muted}>
        Today
      </text>
      {auditLog.slice(0, 3).map((entry, index) => {
        const y = 338 + index * 44;
        const highlighted = index === 1;
        return (
          <g key={entry.time}>
            {highlighted && <rect x="32" y={y - 17} width="296" height="42" rx="8" fill={palette.primarySoft} />}
            <text x="40" y={y} fontSize="13" fill={palette.muted}>
              {entry.time}
            </text>
            <text x="86" y={y} fontSize="13" fontWeight="600" fill={palette.ink}>
              {entry.user}
            </text>
            <text x="86" y={y + 19} fontSize="13" fill={palette.text}>
              {entry.short}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
