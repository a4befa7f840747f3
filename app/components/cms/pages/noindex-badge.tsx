import { EyeOff } from "lucide-react";

/** A landing page kept out of search engines and the sitemap (docs/decisions/039-landing-page-editor.md). */
export function NoindexBadge() {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200"
      title="Kept out of search engines and the sitemap"
    >
      <EyeOff className="size-3" aria-hidden="true" />
      Noindex
    </span>
  );
}
