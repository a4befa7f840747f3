import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { siteConfig } from "../../../shared/site-config.ts";

/** The one primary call to action: every 'Get Started' / 'Book a Demo' leads to the demo page (docs/product.md §1). */
export function BookDemoButton({ children = "Book a Demo", className }: { children?: ReactNode; className?: string }) {
  return (
    <Button asChild size="lg" className={className}>
      <Link to={siteConfig.demoPath} data-cta="">
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** The note that goes with every free-trial call to action (docs/product.md §1). */
export function FreeTrialNote({ className }: { className?: string }) {
  return <p className={className ?? "text-sm text-muted-foreground"}>Try Free. No credit card required.</p>;
}

/** The demo button with the free-trial note, side by side from the small breakpoint up, or stacked and centred. */
export function BookDemoAction({
  label = "Book a Demo",
  freeTrialNote = true,
  stacked = false,
}: {
  label?: string;
  freeTrialNote?: boolean;
  stacked?: boolean;
}) {
  return (
    <div className={stacked ? "flex flex-col items-center gap-3" : "flex flex-col gap-3 sm:flex-row sm:items-center"}>
      <BookDemoButton>{label}</BookDemoButton>
      {freeTrialNote && <FreeTrialNote />}
    </div>
  );
}
