import { useEffect, useRef } from "react";
import { emptyFields, type PostFormFields } from "./post-form.ts";

/**
 * The unsaved copy of a post kept in this browser as the writer types (decision 061, "no lost work"),
 * so a crash, a reload or an expired session never costs text. One copy per post; "new" for a
 * post that has not been saved yet. Cleared once the server has the same text.
 */
export interface LocalDraft {
  fields: PostFormFields;
  /** The version of the saved post the draft started from; null for a new post. */
  baseVersion: number | null;
  savedAt: string;
}

const keyFor = (postId: number | null) => `zuri-cms-draft:${postId ?? "new"}`;

/**
 * `saved` fills the fields a copy kept before they existed (e.g. tags, decision 045): the writer
 * never changed them, so restoring the copy must not clear them.
 */
export function readLocalDraft(postId: number | null, saved: PostFormFields = emptyFields): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyFor(postId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft;
    if (!draft || typeof draft.fields?.title !== "string" || typeof draft.fields.content !== "string") return null;
    return { ...draft, fields: { ...emptyFields, ...saved, ...draft.fields } };
  } catch {
    return null;
  }
}

export function clearLocalDraft(postId: number | null) {
  try {
    window.localStorage.removeItem(keyFor(postId));
  } catch {
    // Storage unavailable (private mode, quota): nothing was kept, nothing to clear.
  }
}

function writeLocalDraft(postId: number | null, draft: LocalDraft) {
  try {
    window.localStorage.setItem(keyFor(postId), JSON.stringify(draft));
  } catch {
    // Quota exceeded or storage disabled: the page still works, only without the safety copy.
  }
}

/**
 * Keeps the draft in step with the form: written shortly after each change while there are unsaved
 * changes (and at once when the page is hidden or unloaded), removed when there are none.
 * `paused` holds writes while an older draft is waiting for the writer's restore/discard choice.
 */
export function useLocalDraft({
  postId,
  fields,
  baseVersion,
  dirty,
  paused,
}: {
  postId: number | null;
  fields: PostFormFields;
  baseVersion: number | null;
  dirty: boolean;
  paused: boolean;
}) {
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    pending.current = null;
    if (paused) return;
    if (!dirty) {
      clearLocalDraft(postId);
      return;
    }
    const write = () => {
      pending.current = null;
      writeLocalDraft(postId, { fields, baseVersion, savedAt: new Date().toISOString() });
    };
    pending.current = write;
    const timer = window.setTimeout(write, 250);
    return () => window.clearTimeout(timer);
  }, [postId, fields, baseVersion, dirty, paused]);

  useEffect(() => {
    const flush = () => pending.current?.();
    const onVisibility = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      flush();
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
}
