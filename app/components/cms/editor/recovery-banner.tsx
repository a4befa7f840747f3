import { History } from "lucide-react";
import { Button } from "../../ui/button.tsx";
import type { RecoveredCopy } from "./use-server-autosave.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";
import { formatCmsDateTime } from "../../../lib/cms-date.ts";

/**
 * "Unsaved changes found" (decisions 061, 066): this device's copy or the writer's copy on the server,
 * offered to Restore or Discard. `savedVersion`: the post's version now, to say when it was saved elsewhere since.
 */
export function RecoveryBanner({
  copy,
  savedVersion,
  onRestore,
  onDiscard,
}: {
  copy: RecoveredCopy;
  savedVersion: number | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <div
      role="region"
      aria-label="Unsaved changes found"
      className="mb-6 flex flex-wrap items-center gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <History className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-60 flex-1">
        <strong className="font-semibold">Unsaved changes found.</strong>{" "}
        {copy.from === "server" ? (
          <>
            A copy saved on the server at {formatCmsDateTime(copy.savedAt, timeZone)}, from this or another device, holds edits that
            were never saved to the post.
          </>
        ) : (
          <>This device kept a copy of your edits from {formatCmsDateTime(copy.savedAt, timeZone)} that were never saved.</>
        )}
        {savedVersion !== null && copy.baseVersion !== null && copy.baseVersion !== savedVersion
          ? " The post has been saved elsewhere since; saving will ask which version to keep."
          : ""}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onDiscard} className="bg-white">
          Discard
        </Button>
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
      </div>
    </div>
  );
}
