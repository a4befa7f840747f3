import type { ReactNode } from "react";

/** An empty, failed or refused list's message, centred in its card: the dashboard's and the Insights page's. */
export function StateMessage({
  icon,
  title,
  text,
  action,
  role,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  role?: "alert";
}) {
  return (
    <div role={role} className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      {icon}
      <div className="grid gap-1">
        <p className="text-base font-semibold text-foreground">{title}</p>
        {text && <p className="max-w-md text-sm text-muted-foreground">{text}</p>}
      </div>
      {action}
    </div>
  );
}
