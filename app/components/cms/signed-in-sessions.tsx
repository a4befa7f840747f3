import { useRef } from "react";
import { useFetcher } from "react-router";
import { LogOut, MonitorSmartphone } from "lucide-react";
import type { SignedInSession } from "../../../shared/sessions.ts";
import { ENHANCED_FIELD, type ActionResult } from "../../lib/enhanced-form.ts";
import { formatInZone } from "../../lib/site-time.ts";
import { useSiteTimeZone } from "../../lib/site-details.ts";
import { relativeTime } from "../../lib/relative-time.ts";
import { toast } from "../../lib/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useFetcherResult } from "./use-fetcher-result.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card.tsx";
import { Spinner } from "../ui/spinner.tsx";

const ACTION = "/cms/profile/sessions";

/**
 * The profile's signed-in devices (docs/decisions/029-activity-log-and-sessions.md): each session's
 * device, place, sign-in and last use, "This device" first; "Sign out" for each other one and "Sign
 * out everywhere else". Plain form posts, so they work without JavaScript; `now` is the server's.
 */
export function SignedInSessions({ sessions, now }: { sessions: SignedInSession[]; now: string }) {
  const timeZone = useSiteTimeZone();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionResult>({ key: "sign-out-sessions" });
  const heading = useRef<HTMLHeadingElement>(null);
  const others = sessions.filter((session) => !session.current).length;
  const busy = fetcher.state !== "idle";

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast({ title: "Signed out", description: result.message });
      // The row and its button are gone: the focus goes to the list, not to the top of the page.
      requestAnimationFrame(() => heading.current?.focus());
    } else {
      toast({ title: "Sign out failed", description: result.message, variant: "destructive" });
    }
  });

  return (
    <Card id="sessions" className="scroll-mt-6">
      <CardHeader className="pb-4">
        <h2 ref={heading} tabIndex={-1} className="text-lg leading-snug font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Signed-in devices
        </h2>
        <CardDescription>Where your account is signed in now. Sign out any device you do not recognize, then change your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3" aria-label="Signed-in devices">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border px-4 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0">
                  <p className="font-medium text-foreground">
                    {session.device}
                    {session.current && (
                      <span className="ml-2 inline-block rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-primary-strong">This device</span>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {session.place ? `${session.place} · ` : ""}
                    Last seen <time dateTime={session.lastSeenAt}>{session.current ? "now" : relativeTime(session.lastSeenAt, now)}</time> · Signed in{" "}
                    <time dateTime={session.signedInAt}>{formatInZone(session.signedInAt, timeZone)}</time>
                  </p>
                </div>
              </div>
              {!session.current && (
                <fetcher.Form method="post" action={ACTION}>
                  {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
                  <input type="hidden" name="intent" value="sign-out" />
                  <input type="hidden" name="id" value={session.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    <LogOut aria-hidden="true" />
                    Sign out<span className="sr-only"> {session.device}, signed in {formatInZone(session.signedInAt, timeZone)}</span>
                  </Button>
                </fetcher.Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 && (
          <fetcher.Form method="post" action={ACTION} className="flex justify-end border-t border-border pt-4">
            {hydrated && <input type="hidden" name={ENHANCED_FIELD} value="1" />}
            <input type="hidden" name="intent" value="sign-out-others" />
            <Button type="submit" variant="outline" disabled={busy}>
              {busy ? <Spinner /> : <LogOut aria-hidden="true" />}
              Sign out everywhere else
            </Button>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}
