import { useId, useState, type FormEvent } from "react";
import { CalendarClock } from "lucide-react";
import { formatInZone, fromZoneInput, toZoneInput, zoneCity } from "../../../lib/site-time.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { FieldError, fieldErrorProps } from "./field-error.tsx";

/** A schedule needs a little room: a time already past when the save arrives would publish at once. */
const MIN_LEAD_MS = 60_000;
export const SCHEDULE_IN_PAST = "Choose a time at least a minute from now.";
export const SCHEDULE_INVALID = "Enter a date and a time.";

/** The next full hour at least an hour away: a sensible first suggestion. */
const suggestion = () => {
  const next = new Date(Date.now() + 2 * 3_600_000);
  next.setUTCMinutes(0, 0, 0);
  return next.toISOString();
};

/**
 * "Schedule" next to Publish (docs/decisions/049): a time in the site's time zone (a site setting, docs/decisions/054,
 * whatever the writer's computer says), sent in UTC. A scheduled post can be moved or unscheduled
 * from here too; the post is saved with the editor's current text either way.
 */
export function ScheduleDialog({
  scheduledAt,
  disabled,
  busy,
  onSchedule,
  onUnschedule,
  of = "post",
}: {
  /** The post's current schedule, or null for a draft. */
  scheduledAt: string | null;
  disabled: boolean;
  busy: boolean;
  /** Saves the post scheduled for `at` (UTC ISO); resolves true when saved. */
  onSchedule: (at: string) => Promise<boolean>;
  /** Saves the post as a draft (no schedule); resolves true when saved. */
  onUnschedule: () => Promise<boolean>;
  /** What is scheduled: a blog post (the default) or a landing page (docs/decisions/039). */
  of?: "post" | "page";
}) {
  const timeZone = useSiteTimeZone();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const city = zoneCity(timeZone);

  const openWith = (next: boolean) => {
    if (next) {
      setValue(toZoneInput(scheduledAt ?? suggestion(), timeZone));
      setError(undefined);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const at = fromZoneInput(value, timeZone);
    if (!at) return setError(SCHEDULE_INVALID);
    if (Date.parse(at) < Date.now() + MIN_LEAD_MS) return setError(SCHEDULE_IN_PAST);
    if (await onSchedule(at)) setOpen(false);
  };

  const chosen = fromZoneInput(value, timeZone);
  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <CalendarClock aria-hidden="true" />
          {scheduledAt ? "Reschedule" : "Schedule"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{scheduledAt ? "Change the schedule" : `Schedule this ${of}`}</DialogTitle>
            <DialogDescription>
              {of === "post"
                ? "It stays off the blog, the feed and search until then, and goes live on its own within a minute of the time."
                : "Its address shows nothing until then; it goes live on its own within a minute of the time."}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-at`}>Publish on ({city} time)</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(undefined);
              }}
              {...fieldErrorProps(`${id}-at`, error, `${id}-hint`)}
            />
            <FieldError fieldId={`${id}-at`} message={error} />
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {chosen ? <>Goes live {formatInZone(chosen, timeZone)}.</> : null} Times are in the site's time zone, {timeZone}.
            </p>
          </div>
          <DialogFooter className="gap-2 sm:justify-between">
            {scheduledAt ? (
              <Button type="button" variant="ghost" disabled={busy} onClick={() => void onUnschedule().then((done) => done && setOpen(false))}>
                Unschedule (back to draft)
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <Spinner />}
                {scheduledAt ? "Save schedule" : "Schedule"}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
