import type { LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn.ts";

const tones = {
  primary: "bg-primary-soft text-primary-strong ring-brand-100",
  accent: "bg-accent-soft text-accent-strong ring-accent-100",
  /** On the dark bands (Enterprise's safeguards). */
  dark: "bg-white/10 text-accent-400 ring-white/15",
} as const;

const sizes = {
  sm: { badge: "size-9 rounded-lg", icon: "size-4.5" },
  md: { badge: "size-10 rounded-xl", icon: "size-5" },
} as const;

/** An icon in a soft rounded square, beside or above a title; decorative, so hidden from assistive technology. */
export function IconBadge({
  icon: Icon,
  tone = "primary",
  size = "md",
  className,
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span aria-hidden="true" className={cn("inline-flex shrink-0 items-center justify-center ring-1", sizes[size].badge, tones[tone], className)}>
      <Icon className={sizes[size].icon} strokeWidth={2} />
    </span>
  );
}
