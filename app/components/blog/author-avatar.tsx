import { initialsOf } from "../../../shared/authors.ts";
import { cn } from "../../lib/cn.ts";
import { responsiveMedia } from "../../../shared/media-sizes.ts";
import { LogoMark } from "../site/logo.tsx";

/** `drawn`: the box's width for the browser to pick a width variant (decision 047), up to 3× `px`. */
const sizes = {
  xs: { box: "size-8 text-xs", px: 32, drawn: "32px" },
  sm: { box: "size-10 text-sm", px: 40, drawn: "40px" },
  lg: { box: "size-20 text-2xl sm:size-24 sm:text-3xl", px: 96, drawn: "(min-width: 640px) 96px, 80px" },
} as const;

/**
 * An author's picture: their uploaded avatar, or their initials on the brand's soft tint; without an
 * author, the organisation's mark (docs/decisions/044). Always decorative: the name is beside it.
 * Its box is fixed before the image loads (no layout shift).
 */
export function AuthorAvatar({
  author,
  size = "sm",
  className,
}: {
  author: { name: string; avatar: string | null } | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const { box, px, drawn } = sizes[size];
  if (author === null) return <LogoMark className={cn(box, "shrink-0 rounded-full", className)} />;
  if (author.avatar) {
    return (
      <img
        src={author.avatar}
        {...responsiveMedia(author.avatar, { sizes: drawn, upTo: 3 * px })}
        alt=""
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        className={cn(box, "shrink-0 rounded-full bg-muted object-cover ring-1 ring-border", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        "inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-strong ring-1 ring-brand-100 select-none",
        className,
      )}
    >
      {initialsOf(author.name)}
    </span>
  );
}
