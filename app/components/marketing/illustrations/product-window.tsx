/** Colours of the illustrations: the site's indigo primary, teal accent and slate greys (app.css tokens, as hex for SVG attributes). */
export const illustrationPalette = {
  ink: "#0f172a",
  text: "#334155",
  muted: "#64748b",
  faint: "#94a3b8",
  line: "#e2e8f0",
  surface: "#f8fafc",
  primary: "#4f39f6",
  primarySoft: "#eef2ff",
  primaryBorder: "#c6d2ff",
  primaryText: "#432dd7",
  accent: "#009689",
  accentSoft: "#f0fdfa",
  accentBorder: "#96f7e4",
  accentText: "#00786f",
  alert: "#e11d48",
  alertSoft: "#fff1f2",
  alertText: "#be123c",
};

const palette = illustrationPalette;

/**
 * The app window every illustration sits in: a soft shadow, a title bar with three dots and a caption.
 * `width` and `height` are the SVG's viewBox size; the window leaves 8 units each side and about 10
 * below it for the shadow. Narrow compositions (catalog.tsx) pass a larger `captionSize`.
 */
export function ProductWindow({
  width = 720,
  height,
  caption,
  captionSize = 11,
  shadowId,
}: {
  width?: number;
  height: number;
  caption: string;
  captionSize?: number;
  shadowId: string;
}) {
  const inner = width - 16;
  return (
    <>
      <defs>
        <filter id={shadowId} x="-5%" y="-5%" width="110%" height="115%">
          <feDropShadow dx="0" dy="6" stdDeviation="8" floodColor="#1e1b4b" floodOpacity="0.12" />
        </filter>
      </defs>
      <rect x="8" y="6" width={inner} height={height} rx="16" fill="#ffffff" filter={`url(#${shadowId})`} />
      <rect x="8.5" y="6.5" width={inner - 1} height={height - 1} rx="15.5" fill="none" stroke={palette.line} />
      <path d={`M8.5 42.5V22a15.5 15.5 0 0 1 15.5-15.5h${inner - 32}a15.5 15.5 0 0 1 15.5 15.5v20.5Z`} fill={palette.surface} />
      <line x1="8.5" y1="42.5" x2={width - 8.5} y2="42.5" stroke={palette.line} />
      {[28, 44, 60].map((cx) => (
        <circle key={cx} cx={cx} cy="24.5" r="5" fill="#cbd5e1" />
      ))}
      <text x={width / 2} y={24.5 + captionSize * 0.36} textAnchor="middle" fontSize={captionSize} fill={palette.muted}>
        {caption}
      </text>
    </>
  );
}

/**
 * The app's sidebar in the wide compositions: its panel, `width` units wide down to the bottom of a window
 * 464 units high, and the Zuri logo at its top.
 */
export function SidebarPanel({ width }: { width: number }) {
  return (
    <>
      <path d={`M8.5 42.5H${width}V469.5H24a15.5 15.5 0 0 1-15.5-15.5Z`} fill={palette.surface} />
      <line x1={width} y1="42.5" x2={width} y2="469.5" stroke={palette.line} />
      <rect x="24" y="60" width="24" height="24" rx="7" fill={palette.primary} />
      <path d="M31 67h10l-10 10h10" stroke="#ffffff" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <text x="56" y="77" fontSize="14" fontWeight="700" fill={palette.ink}>
        Zuri
      </text>
    </>
  );
}

/** The sidebar's navigation: one item every 32 units from `top`, the `active` one highlighted. */
export function SidebarNav({ items, active, top }: { items: readonly string[]; active: string; top: number }) {
  return items.map((item, index) => {
    const y = top + index * 32;
    const current = item === active;
    return (
      <g key={item}>
        {current && <rect x="16" y={y} width="122" height="28" rx="7" fill={palette.primarySoft} />}
        <rect x="28" y={y + 8} width="12" height="12" rx="3" fill="none" stroke={current ? palette.primary : palette.faint} strokeWidth="1.5" />
        <text x="48" y={y + 18} fontSize="12" fontWeight={current ? 600 : 500} fill={current ? palette.primaryText : palette.text}>
          {item}
        </text>
      </g>
    );
  });
}
