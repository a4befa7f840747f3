import { CloudAlert, CloudCheck, CloudOff } from "lucide-react";
import { Spinner } from "../../ui/spinner.tsx";
import type { AutosaveStatus as Status } from "./use-server-autosave.ts";

const pill = "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1";

/**
 * Where the writer's working copy stands (docs/decisions/066): "Saving…", "Saved" or "Offline –
 * changes kept on this device", in the words the editorial workflow names. It sits inside the
 * editor's status line, an aria-live="polite" region, so changes are announced without moving focus.
 * On a published post it says the live post is unchanged until "Update Published".
 */
export function AutosaveStatus({ status, published }: { status: Status; published: boolean }) {
  if (status === "idle") return null;
  return (
    <>
      {status === "saving" && (
        <span data-testid="autosave-status" className={`${pill} bg-white text-slate-700 ring-slate-200`}>
          <Spinner className="size-3.5" />
          <span>Saving…</span>
        </span>
      )}
      {status === "saved" && (
        <span data-testid="autosave-status" className={`${pill} bg-white text-slate-700 ring-slate-200`}>
          <CloudCheck className="size-3.5 text-emerald-600" aria-hidden="true" />
          <span>Saved</span>
        </span>
      )}
      {status === "offline" && (
        <span data-testid="autosave-status" className={`${pill} bg-amber-50 text-amber-900 ring-amber-300`}>
          <CloudOff className="size-3.5" aria-hidden="true" />
          <span>Offline – changes kept on this device</span>
        </span>
      )}
      {status === "failed" && (
        <span data-testid="autosave-status" className={`${pill} bg-amber-50 text-amber-900 ring-amber-300`}>
          <CloudAlert className="size-3.5" aria-hidden="true" />
          <span>Not saved to the server – changes kept on this device</span>
        </span>
      )}
      {published && (status === "saving" || status === "saved") && (
        <span>Live post unchanged until you click Update Published</span>
      )}
    </>
  );
}
