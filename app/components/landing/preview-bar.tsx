import type { ComponentProps } from "react";
import { Eye } from "lucide-react";

/** The slim bar over a landing page that is not live: the editor's preview, a review link's page (docs/decisions/038). */
export function PreviewBar({ children, ...props }: ComponentProps<"p">) {
  return (
    <p
      className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
      {...props}
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
