import { useId } from "react";
import { AiAvatar } from "./parts.tsx";
import { illustrationPalette as palette, ProductWindow } from "./product-window.tsx";

/** Sales by channel last month (sample data) and the change on the month before. */
const channels = [
  { name: "Stores", sales: "$688K", change: "+1%", share: 0.53 },
  { name: "Online", sales: "$412K", change: "+9%", share: 0.32 },
  { name: "Wholesale", sales: "$190K", change: "+3%", share: 0.15 },
];

/** A question in an indigo bubble, right-aligned at `right`; one line per entry of `lines`. */
function Question({ right, y, width, lines, fontSize }: { right: number; y: number; width: number; lines: string[]; fontSize: number }) {
  const lineHeight = fontSize * 1.4;
  const padding = fontSize * 0.9;
  const height = lines.length * lineHeight + 2 * padding;
  return (
    <>
      <rect x={right - width} y={y} width={width} height={height} rx="12" fill={palette.primary} />
      <text fontSize={fontSize} fontWeight="500" fill="#ffffff">
        {lines.map((line, index) => (
          <tspan key={line} x={right - width + fontSize * 1.3} y={y + padding + (index + 0.5) * lineHeight + fontSize * 0.36}>
            {line}
          </tspan>
        ))}
      </text>
    </>
  );
}

/** The context a follow-up keeps, as a small chip: a link icon and what it refers to. */
function ContextChip({ x, y, width, fontSize, children }: { x: number; y: number; width: number; fontSize: number; children: string }) {
  const height = fontSize * 2;
  return (
    <>
      <rect x={x + 0.5} y={y + 0.5} width={width - 1} height={height - 1} rx={height / 2} fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <path
        d={`M${x + 12} ${y + height / 2 + 2}l4-4m-5.5 1.5-1 1a2.5 2.5 0 0 0 3.5 3.5l1-1m1-6 1-1a2.5 2.5 0 0 1 3.5 3.5l-1 1`}
        fill="none"
        stroke={palette.primaryText}
        strokeWidth="1.4"
        strokeLinecap="round"
      />
      <text x={x + 28} y={y + height / 2 + fontSize * 0.36} fontSize={fontSize} fontWeight="500" fill={palette.primaryText}>
        {children}
      </text>
    </>
  );
}

/**
 * A conversation with Zuri AI: a question in everyday words answered with the figures behind it (sales by
 * channel), then a follow-up that keeps the context. Wide composition (catalog.tsx); /zuri-ai's
 * natural-language queries.
 */
export function AiFollowUpIllustration() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 720 460" width="720" height="460" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        A conversation with Zuri AI: “What were sales by channel last month?” is answered with $1.29M, up 4%, and a table of
        stores, online and wholesale sales; the follow-up “And compared with last year?” keeps that context and is answered
        in one sentence.
      </title>
      <ProductWindow height={444} caption="Zuri AI · Sales review" shadowId={`${id}-shadow`} />

      <Question right={688} y={60} width={282} lines={["What were sales by channel last month?"]} fontSize={12.5} />

      <AiAvatar cx={46} cy={126} />
      <rect x="72.5" y="110.5" width="615" height="164" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="92" y="138" fontSize="14" fontWeight="700" fill={palette.ink}>
        Sales were $1.29M in March, up 4% on February.
      </text>
      <g fontSize="10" fill={palette.muted}>
        <text x="92" y="164">Channel</text>
        <text x="300" y="164" textAnchor="end">Sales</text>
        <text x="380" y="164" textAnchor="end">vs Feb</text>
        <text x="412" y="164">Share of sales</text>
      </g>
      <line x1="92" y1="172.5" x2="668" y2="172.5" stroke={palette.line} />
      {channels.map((channel, index) => {
        const y = 192 + index * 22;
        return (
          <g key={channel.name}>
            <text x="92" y={y} fontSize="11.5" fontWeight="500" fill={palette.ink}>
              {channel.name}
            </text>
            <text x="300" y={y} textAnchor="end" fontSize="11.5" fontWeight="600" fill={palette.ink}>
              {channel.sales}
            </text>
            <text x="380" y={y} textAnchor="end" fontSize="11" fontWeight="600" fill={palette.accentText}>
              {channel.change}
            </text>
            <rect x="412" y={y - 9} width="200" height="10" rx="5" fill="#f1f5f9" />
            <rect x="412" y={y - 9} width={200 * channel.share} height="10" rx="5" fill={index === 1 ? palette.primary : palette.primaryBorder} />
            <text x="668" y={y} textAnchor="end" fontSize="10.5" fill={palette.text}>
              {Math.round(channel.share * 100)}%
            </text>
          </g>
        );
      })}
      <text x="92" y="260" fontSize="9.5" fill={palette.muted}>
        From Orders, March 1–31 · 14,210 orders
      </text>

      <ContextChip x={250} y={292} width={168} fontSize={10.5}>
        Sales by channel, March
      </ContextChip>
      <Question right={688} y={286} width={262} lines={["And compared with last year?"]} fontSize={12.5} />

      <AiAvatar cx={46} cy={350} />
      <rect x="72.5" y="334.5" width="615" height="60" rx="12" fill="#ffffff" stroke={palette.line} />
      <text x="92" y="359" fontSize="12.5" fontWeight="600" fill={palette.ink}>
        Online is up 24% on last March; stores are down 6%.
      </text>
      <text x="92" y="379" fontSize="11.5" fill={palette.text}>
        Wholesale is level. Stores fell most in the North, where two sites closed for refits.
      </text>

      <rect x="32.5" y="404.5" width="655" height="34" rx="10" fill={palette.surface} stroke="#cbd5e1" />
      <text x="50" y="426" fontSize="11.5" fill={palette.muted}>
        Ask a follow-up…
      </text>
      <rect x="650" y="409" width="30" height="24" rx="7" fill={palette.primary} />
      <path d="M659 421h12M666 416l5 5-5 5" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The same conversation for a phone (catalog.tsx): the first answer's table without its bars, in larger type. */
export function AiFollowUpNarrow() {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <svg viewBox="0 0 360 508" width="360" height="508" role="img" aria-labelledby={titleId} xmlns="http://www.w3.org/2000/svg">
      <title id={titleId}>
        Zuri AI answering “What were sales by channel last month?” with a table of sales by channel, then a follow-up, “And
        compared with last year?”, that keeps the context.
      </title>
      <ProductWindow width={360} height={492} caption="Zuri AI" captionSize={13} shadowId={`${id}-shadow`} />

      <Question right={336} y={58} width={236} lines={["What were sales by", "channel last month?"]} fontSize={13.5} />

      <AiAvatar cx={38} cy={146} r={13} />
      <rect x="58.5" y="130.5" width="277" height="180" rx="12" fill="#ffffff" stroke={palette.line} />
      <text fontSize="15" fontWeight="700" fill={palette.ink}>
        <tspan x="74" y="158">$1.29M in March,</tspan>
        <tspan x="74" y="178">up 4% on February.</tspan>
      </text>
      <line x1="74" y1="194.5" x2="320" y2="194.5" stroke={palette.line} />
      {channels.map((channel, index) => {
        const y = 220 + index * 26;
        return (
          <g key={channel.name} fontSize="13">
            <text x="74" y={y} fontWeight="500" fill={palette.ink}>
              {channel.name}
            </text>
            <text x="256" y={y} textAnchor="end" fontWeight="600" fill={palette.ink}>
              {channel.sales}
            </text>
            <text x="320" y={y} textAnchor="end" fontWeight="600" fill={palette.accentText}>
              {channel.change}
            </text>
          </g>
        );
      })}
      <text x="74" y="297" fontSize="13" fill={palette.muted}>
        From Orders · 14,210 orders
      </text>

      <Question right={336} y={326} width={226} lines={["And compared with last year?"]} fontSize={13.5} />
      <ContextChip x={146} y={378} width={190} fontSize={13}>
        Sales by channel, March
      </ContextChip>

      <AiAvatar cx={38} cy={436} r={13} />
      <rect x="58.5" y="420.5" width="277" height="62" rx="12" fill="#ffffff" stroke={palette.line} />
      <text fontSize="13" fontWeight="600" fill={palette.ink}>
        <tspan x="74" y="446">Online is up 24% on last</tspan>
        <tspan x="74" y="466">March; stores are down 6%.</tspan>
      </text>
    </svg>
  );
}
