import { Link } from "react-router";
import { ChevronRight, TriangleAlert } from "lucide-react";
import { can, type Role } from "../../../shared/roles.ts";
import { placeholderDetails, type SiteDetails } from "../../../shared/site-details.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { cn } from "../../lib/cn.ts";

type Placeholder = ReturnType<typeof placeholderDetails>[number];

/**
 * The settings still on a placeholder, each with what it is now (docs/decisions/054). `linked` (the settings page):
 * each name leads to its field and, with JavaScript, puts the cursor in it.
 */
export function PlaceholderList({ placeholders, linked = false, className }: { placeholders: Placeholder[]; linked?: boolean; className?: string }) {
  return (
    <ul className={cn("grid gap-1 pl-5 [list-style:disc]", className)}>
      {placeholders.map(({ key, label, value }) => (
        <li key={key}>
          {linked ? (
            <a
              href={`#${fieldAnchor(key)}`}
              // The fragment scrolls to the field; focus moves there too, so typing starts in it.
              onClick={() => document.getElementById(fieldAnchor(key))?.focus({ preventScroll: true })}
              className="rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {label}
            </a>
          ) : (
            <span className="font-medium">{label}</span>
          )}
          : <span className="[overflow-wrap:anywhere]">{value}</span>
        </li>
      ))}
    </ul>
  );
}

/** The id of the settings form's field for a detail, the list's links lead to. */
export const fieldAnchor = (key: keyof SiteDetails) => `setting-${key}`;

/**
 * For administrators, on the dashboard until fixed: the public site still shows placeholder company
 * details (the same list a production start logs, docs/decisions/054).
 */
export function PlaceholderNotice({ role }: { role: Role | null }) {
  const placeholders = placeholderDetails(useSiteDetails());
  if (!can(role, "administration") || placeholders.length === 0) return null;
  return (
    <section aria-labelledby="placeholder-notice" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <div className="flex gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="grid gap-2">
          <h2 id="placeholder-notice" className="font-semibold">
            The public site still shows {placeholders.length === 1 ? "a placeholder" : `${placeholders.length} placeholders`}
          </h2>
          {/* A styled disclosure, not the browser's triangle (docs/decisions/069). */}
          <details className="group">
            <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md font-medium underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              <ChevronRight className="size-4 text-amber-700 transition-transform group-open:rotate-90" aria-hidden="true" />
              Which settings
            </summary>
            <div className="mt-2">
              <PlaceholderList placeholders={placeholders} />
            </div>
          </details>
          <p>
            <Link to="/cms/settings" className="font-semibold underline underline-offset-2">
              Set the site's details
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
