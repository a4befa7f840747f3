import { ArrowRight } from "lucide-react";
import type { BlockButton } from "../../../shared/landing-pages.ts";
import { Button } from "../ui/button.tsx";

/**
 * A block's button: a plain link to the editor's target (a path on this site or an https address, checked by
 * shared/landing-pages.ts). Nothing when it has no label or no link (a draft in the preview).
 */
export function BlockButtonLink({
  button,
  variant = "default",
  className,
}: {
  button: BlockButton;
  variant?: "default" | "outline";
  className?: string;
}) {
  if (!button.label || !button.href) return null;
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <a href={button.href} data-cta="">
        {button.label}
        {variant === "default" && <ArrowRight aria-hidden="true" />}
      </a>
    </Button>
  );
}
