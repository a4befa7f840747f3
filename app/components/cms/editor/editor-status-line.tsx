import type { EditablePost } from "./post-api.ts";
import type { SaveMode } from "./post-editor-state.ts";
import type { AutosaveStatus as AutosaveState } from "./use-server-autosave.ts";
import { AutosaveStatus } from "./autosave-status.tsx";
import { PostStatusBadge } from "../post-status-badge.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { formatInZone } from "../../../lib/site-time.ts";
import { useSiteTimeZone } from "../../../lib/site-details.ts";

/** Under the title: the post's status, whether the form is saved, and the server copy's state (decision 066). */
export function EditorStatusLine({
  saved,
  dirty,
  saving,
  autosave,
}: {
  saved: EditablePost | null;
  dirty: boolean;
  saving: SaveMode | null;
  autosave: AutosaveState;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <p className="-mt-4 mb-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground" aria-live="polite">
      {saving === "checkbox" && <Spinner />}
      {saved ? (
        <>
          <PostStatusBadge status={saved.status} className="px-2 py-0.5" />
          {saved.status === "scheduled" && saved.publishedAt && (
            <span className="text-sky-800">Goes live {formatInZone(saved.publishedAt, timeZone)}</span>
          )}
          <span>{dirty ? "Unsaved changes" : "All changes saved"}</span>
          <AutosaveStatus status={autosave} published={saved.status === "published"} />
        </>
      ) : dirty ? (
        "Not saved yet"
      ) : (
        "Start with a title"
      )}
    </p>
  );
}
