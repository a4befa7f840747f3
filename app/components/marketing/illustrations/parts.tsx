import type { ReactNode } from "react";
import { illustrationPalette as palette } from "./product-window.tsx";

/** Pieces several illustrations draw the same way: Zuri AI's avatar, a check mark in a circle, buttons. */

/** Zuri AI's avatar: a four-point sparkle in a soft indigo circle. */
export function AiAvatar({ cx, cy, r = 14 }: { cx: number; cy: number; r?: number }) {
  const s = (r / 14) * 8.5;
  return (
    <>
      <circle cx={cx} cy={cy} r={r} fill={palette.primarySoft} stroke={palette.primaryBorder} />
      <path
        d={`M${cx} ${cy - s}l${s * 0.24} ${s * 0.59} ${s * 0.59} ${s * 0.24}-${s * 0.59} ${s * 0.24}-${s * 0.24} ${s * 0.59}-${s * 0.24}-${s * 0.59}-${s * 0.59}-${s * 0.24} ${s * 0.59}-${s * 0.24}Z`}
        fill={palette.primary}
      />
    </>
  );
}

/** A teal check mark in a circle of radius `r`. */
export function CheckDot({ cx, cy, r = 7 }: { cx: number; cy: number; r?: number }) {
  const k = r / 7;
  return (
    <>
      <circle cx={cx} cy={cy} r={r} fill={palette.accent} />
      <path
        d={`M${cx - 3 * k} ${cy}l${2 * k} ${2 * k} ${4 * k}-${4 * k}`}
        fill="none"
        stroke="#ffffff"
        strokeWidth={1.6 * k}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

/** A button: `primary` filled indigo, otherwise white with an indigo label. Its label is centered. */
export function Button({
  x,
  y,
  width,
  height = 28,
  fontSize = 11,
  primary = false,
  children,
}: {
  x: number;
  y: number;
  width: number;
  height?: number;
  fontSize?: number;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <rect
        x={primary ? x : x + 0.5}
        y={primary ? y : y + 0.5}
        width={primary ? width : width - 1}
        height={primary ? height : height - 1}
        rx="8"
        fill={primary ? palette.primary : "#ffffff"}
        stroke={primary ? undefined : palette.primaryBorder}
      />
      <text
        x={x + width / 2}
        y={y + height / 2 + fontSize * 0.36}
        textAnchor="middle"
        fontSize={fontSize}
        fontWeight="600"
        fill={primary ? "#ffffff" : palette.primaryText}
      >
        {children}
      </text>
    </>
  );
}
