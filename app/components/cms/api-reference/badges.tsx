import { isRole, roleLabels } from "../../../../shared/roles.ts";
import { Fragment } from "react";
import { cva } from "class-variance-authority";
import { Globe, KeyRound, UserRound } from "lucide-react";
import type { HttpMethod } from "../../../../server/api/openapi/types.ts";
import { cn } from "../../../lib/cn.ts";
import type { Access } from "./reference-model.ts";

/** Soft tint, strong text: every pairing is AA (4.5:1) on its own background. */
const methodBadge = cva("inline-flex shrink-0 items-center justify-center rounded-md font-mono font-bold tracking-wide uppercase ring-1 ring-inset", {
  variants: {
    method: {
      get: "bg-emerald-50 text-emerald-800 ring-emerald-200",
      post: "bg-brand-50 text-brand-800 ring-brand-200",
      put: "bg-amber-50 text-amber-800 ring-amber-200",
      patch: "bg-sky-50 text-sky-800 ring-sky-200",
      delete: "bg-red-50 text-red-800 ring-red-200",
    },
    size: {
      default: "min-w-16 px-2 py-1 text-xs",
      compact: "min-w-12 px-1 py-0.5 text-[0.625rem] leading-4",
    },
  },
  defaultVariants: { size: "default" },
});

export function MethodBadge({ method, size, className }: { method: HttpMethod; size?: "default" | "compact"; className?: string }) {
  return <span className={cn(methodBadge({ method, size }), className)}>{method.toUpperCase()}</span>;
}

/** A status code, tinted by its family (2xx, 3xx, 4xx, 5xx): ./api-reference.css. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className="api-ref-status" data-family={/^[2-5]/.test(status) ? status.charAt(0) : undefined}>
      {status}
    </span>
  );
}

/** A path with its `{parameters}` picked out; a narrow screen wraps it after a slash, not inside a segment. */
export function PathText({ path, className }: { path: string; className?: string }) {
  return (
    <code className={cn("font-mono text-foreground [overflow-wrap:anywhere]", className)}>
      {path.split(/(\{[^}]+\})/).map((part, index) =>
        part.startsWith("{") ? (
          <span key={index} className="text-brand-700">
            {part}
          </span>
        ) : (
          <Fragment key={index}>
            {part.split("/").map((segment, segmentIndex) => (
              <Fragment key={segmentIndex}>
                {segmentIndex > 0 && (
                  <>
                    /<wbr />
                  </>
                )}
                {segment && <span className="whitespace-nowrap">{segment}</span>}
              </Fragment>
            ))}
          </Fragment>
        ),
      )}
    </code>
  );
}

export function ScopeChip({ scope }: { scope: string }) {
  return (
    <span className="rounded-full bg-primary-soft px-2 py-0.5 font-mono text-xs font-medium whitespace-nowrap text-primary-strong">{scope}</span>
  );
}

/** A session alternative in words: the roles it needs (docs/decisions/027), or any signed-in session. */
function sessionLabel(roles: string[]): string {
  if (roles.length === 0) return "Signed-in session";
  const names = roles.map((role) => (isRole(role) ? roleLabels[role] : role));
  if (names.length === 1) return `${names[0]} session`;
  return `Session: ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** Who may call an operation, alternatives joined by "or". */
export function AccessList({ access }: { access: Access[] }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm" aria-label="Who may call it">
      {access.map((item, index) => (
        <li key={index} className="flex flex-wrap items-center gap-2">
          {index > 0 && <span className="text-xs text-muted-foreground">or</span>}
          <AccessBadge access={item} />
        </li>
      ))}
    </ul>
  );
}

function AccessBadge({ access }: { access: Access }) {
  const pill = "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset [&_svg]:size-3.5";
  if (access.kind === "public") {
    return (
      <span className={cn(pill, "bg-emerald-50 text-emerald-800 ring-emerald-200")}>
        <Globe aria-hidden="true" />
        Public
      </span>
    );
  }
  if (access.kind === "session") {
    return (
      <span className={cn(pill, "bg-muted text-foreground ring-border")}>
        <UserRound aria-hidden="true" />
        {sessionLabel(access.roles)}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className={cn(pill, "bg-muted text-foreground ring-border")}>
        <KeyRound aria-hidden="true" />
        {access.kind === "token" ? "API token" : access.scheme}
      </span>
      {access.scopes.length > 0 && (
        <>
          <span className="text-xs text-muted-foreground">with</span>
          {access.scopes.map((scope) => (
            <ScopeChip key={scope} scope={scope} />
          ))}
        </>
      )}
    </span>
  );
}
