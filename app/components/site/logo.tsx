import { useId } from "react";
import { cn } from "../../lib/cn.ts";

/** The Zuri mark: a rising insight line on an indigo tile, with a teal signal point. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#312e81" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M9 10.5h13L10 21.5h13"
        fill="none"
        stroke="#fff"
        strokeWidth="2.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23" cy="21.5" r="2.6" fill="#2dd4bf" />
    </svg>
  );
}

/** Mark and wordmark. `inverted` for dark backgrounds. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className={cn("text-xl font-bold tracking-tight", inverted ? "text-white" : "text-slate-900")}>Zuri</span>
    </span>
  );
}
