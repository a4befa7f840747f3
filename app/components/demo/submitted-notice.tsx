import { CircleCheck } from "lucide-react";
import { buttonVariants } from "../ui/button.tsx";
import { demoSubmitMessages } from "../../../shared/demo-request.ts";

/**
 * The confirmation, after a no-JavaScript post and, with the script, in place of the form (with the
 * toast of docs/product.md §8): it stays, so nobody wonders whether to send again. `againHref` is the page
 * whose form another request is sent from (/book-demo, or the landing page the form is on).
 */
export function SubmittedNotice({ againHref = "/book-demo" }: { againHref?: string }) {
  return (
    <div role="status" tabIndex={-1} data-demo-submitted="" className="flex flex-col items-start gap-4 py-6 outline-none">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
        <CircleCheck aria-hidden="true" className="size-6" />
      </span>
      <h2 id="demo-form-title" className="text-2xl font-semibold tracking-tight text-foreground">
        {demoSubmitMessages.successTitle}
      </h2>
      <p className="text-base text-muted-foreground">{demoSubmitMessages.successDescription}</p>
      <a href={againHref} className={buttonVariants({ variant: "outline" })}>
        Submit another request
      </a>
    </div>
  );
}
