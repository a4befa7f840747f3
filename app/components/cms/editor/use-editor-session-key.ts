import { useState } from "react";

/** What an editor route's navigation after creating carries (the post and landing-page editors). */
export type EditorLocationState = { createdHere?: boolean } | null;

/**
 * One editor session per document. Saving a new post (or landing page) moves the address to its id
 * (docs/product.md §4); that document is the one on screen, so the editor stays mounted (undo history,
 * focus, typing) instead of starting again. Any other change of document starts a fresh editor.
 */
export function useEditorSessionKey(id: number | null, locationKey: string, createdHere: boolean): string {
  const keyFor = (documentId: number | null) => (documentId === null ? `new-${locationKey}` : `doc-${documentId}`);
  const [session, setSession] = useState(() => ({ id, key: keyFor(id) }));
  if (session.id === id) return session.key;
  const next = { id, key: createdHere && session.id === null ? session.key : keyFor(id) };
  setSession(next);
  return next.key;
}
