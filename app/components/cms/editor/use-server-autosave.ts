import { useCallback, useEffect, useRef, useState } from "react";
import type { WorkingCopy } from "../../../../server/services/working-copies.ts";
import type { WorkingCopyInput } from "../../../../shared/working-copy-schema.ts";
import type { LocalDraft } from "./local-draft.ts";
import { sameFields, type PostFormFields } from "./post-form.ts";
import { useLatest } from "./use-latest.ts";

/**
 * Autosave to the server (docs/decisions/066-server-autosave-working-copies.md): while a saved post
 * has unsaved changes, the form is written to the writer's working copy on the server a few seconds
 * after typing stops, and at once when the page is hidden or left. The post itself never changes
 * here (a published post stays as it is until "Update Published"). The local copy of decision 061
 * keeps running beside it: it is what "Offline – changes kept on this device" means.
 */

/** Quiet time after the last change before a save. */
export const AUTOSAVE_DELAY_MS = 2500;
/** Typing without a pause still saves this often. */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;
/** Waits before trying again after no answer or a server error (then the last one, repeated). */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];
/** Browsers refuse keepalive requests above 64 KiB in flight; a larger body goes as a plain request. */
const KEEPALIVE_MAX_BYTES = 60_000;

export type AutosaveStatus = "idle" | "saving" | "saved" | "offline" | "failed";

/** A copy the recovery banner offers: this device's local draft, or the writer's newer copy on the server. */
export type RecoveredCopy = LocalDraft & { from?: "server" };

/**
 * Which copy to offer when a post opens: the server's when it is newer than this device's copy (the
 * server already answers only copies newer than the post's last save) and differs from the saved
 * post; otherwise the local copy when it differs. Each clock is its machine's own: good enough to
 * tell a copy made minutes apart on another device.
 */
export function copyToOffer(local: LocalDraft | null, server: WorkingCopy | null, saved: PostFormFields): RecoveredCopy | null {
  if (server && (!local || Date.parse(server.savedAt) > Date.parse(local.savedAt))) {
    const fields: PostFormFields = { ...saved, ...server.fields };
    return sameFields(fields, saved) ? null : { fields, baseVersion: server.baseVersion, savedAt: server.savedAt, from: "server" };
  }
  return local && !sameFields(local.fields, saved) ? local : null;
}

const workingCopyPath = (postId: number) => `/api/cms/posts/${postId}/working-copy`;

interface Stored {
  fields: PostFormFields;
  baseVersion: number;
}

/**
 * Keeps the writer's working copy on the server in step with the form, and answers what the status
 * line shows. Only for a saved post (`postId`); a new post has only its local copy. One request at
 * a time: changes made meanwhile go in the next one. `paused` holds writes while the recovery banner
 * waits for the writer; `hasServerCopy` says the page opened with a copy there, which is deleted
 * once the form matches the saved post again (after a save, or when the writer discards it).
 */
export function useServerAutosave({
  postId,
  fields,
  baseVersion,
  dirty,
  paused,
  hasServerCopy,
}: {
  postId: number | null;
  fields: PostFormFields;
  baseVersion: number | null;
  dirty: boolean;
  paused: boolean;
  hasServerCopy: boolean;
}): AutosaveStatus {
  /** What the server holds of this form, by reference: the status reads "Saved" while the form is that. */
  const [stored, setStored] = useState<Stored | null>(null);
  const [problem, setProblem] = useState<"offline" | "failed" | null>(null);
  const latest = useLatest({ postId, fields, baseVersion, dirty, paused });
  /** The body the server holds (null: no copy); a copy from before this page is never equal to a body. */
  const onServer = useRef<string | null | undefined>(hasServerCopy ? undefined : null);
  const inFlight = useRef<{ body: string | null } | null>(null);
  const again = useRef(false);
  const firstUnsaved = useRef<number | null>(null);
  const retry = useRef<{ timer?: number; attempt: number }>({ attempt: 0 });

  const syncRef = useRef<(options?: { leaving?: boolean }) => Promise<void>>(async () => {});
  const scheduleRetry = useCallback(() => {
    window.clearTimeout(retry.current.timer);
    const delay = RETRY_DELAYS_MS[Math.min(retry.current.attempt, RETRY_DELAYS_MS.length - 1)];
    retry.current.attempt += 1;
    retry.current.timer = window.setTimeout(() => void syncRef.current(), delay);
  }, []);

  const sync = useCallback(
    async ({ leaving = false }: { leaving?: boolean } = {}) => {
      const { postId, fields, baseVersion, dirty, paused } = latest.current;
      if (postId === null || paused) return;
      const body = dirty && baseVersion !== null ? JSON.stringify({ ...fields, baseVersion } satisfies WorkingCopyInput) : null;
      if (inFlight.current) {
        if (inFlight.current.body === body) return;
        // Leaving cannot wait for the answer: the newer body goes too (keepalive outlives the page).
        if (!leaving) {
          again.current = true;
          return;
        }
      }
      if (body === onServer.current) {
        setProblem(null);
        setStored(body === null ? null : { fields, baseVersion: baseVersion! });
        return;
      }
      if (!leaving && typeof navigator !== "undefined" && navigator.onLine === false) {
        // The browser knows it is offline: the `online` event brings the save.
        setProblem("offline");
        return;
      }
      const request = { body };
      inFlight.current = request;
      firstUnsaved.current = null;
      const keepalive = leaving && (body === null || new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES);
      try {
        const response = await fetch(
          workingCopyPath(postId),
          body === null
            ? { method: "DELETE", credentials: "same-origin", keepalive }
            : {
                method: "PUT",
                credentials: "same-origin",
                headers: { accept: "application/json", "content-type": "application/json" },
                body,
                keepalive,
              },
        );
        if (response.ok) {
          onServer.current = body;
          retry.current.attempt = 0;
          window.clearTimeout(retry.current.timer);
          setProblem(null);
          setStored(body === null ? null : { fields, baseVersion: baseVersion! });
        } else {
          // Refused as it is (a field too long, the session over, the post deleted): said on screen, tried
          // again with the next change. A server error or rate limit: tried again later by itself.
          setProblem("failed");
          if (response.status >= 500 || response.status === 429) scheduleRetry();
        }
      } catch {
        // No answer at all: offline, or the server out of reach. The local copy keeps the text meanwhile.
        setProblem("offline");
        scheduleRetry();
      } finally {
        if (inFlight.current === request) inFlight.current = null;
        if (again.current) {
          again.current = false;
          void syncRef.current();
        }
      }
    },
    [latest, scheduleRetry],
  );
  useEffect(() => {
    syncRef.current = sync;
  }, [sync]);

  // A save AUTOSAVE_DELAY_MS after the last change, and at most AUTOSAVE_MAX_WAIT_MS after the first
  // unsaved one; with nothing unsaved, at once (deleting a copy the saved post has made stale).
  useEffect(() => {
    if (postId === null || paused) return;
    if (!dirty) {
      firstUnsaved.current = null;
      void syncRef.current();
      return;
    }
    const now = Date.now();
    firstUnsaved.current ??= now;
    const delay = Math.min(AUTOSAVE_DELAY_MS, Math.max(0, firstUnsaved.current + AUTOSAVE_MAX_WAIT_MS - now));
    const timer = window.setTimeout(() => void syncRef.current(), delay);
    return () => window.clearTimeout(timer);
  }, [postId, paused, dirty, fields, baseVersion]);

  // Hidden or left: save now. Back online: save what waited.
  useEffect(() => {
    const leave = () => void syncRef.current({ leaving: true });
    const onVisibility = () => {
      if (document.visibilityState === "hidden") leave();
    };
    const onOnline = () => {
      setProblem(null);
      void syncRef.current();
    };
    const onOffline = () => setProblem("offline");
    const retryState = retry.current;
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    return () => {
      leave();
      window.clearTimeout(retryState.timer);
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, []);

  if (postId === null || paused) return "idle";
  const upToDate = stored !== null && stored.fields === fields && stored.baseVersion === baseVersion;
  if (dirty && !upToDate) return problem ?? "saving";
  return dirty ? "saved" : "idle";
}
