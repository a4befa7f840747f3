import type { Editor } from "@tiptap/core";
import type { CleanPaste, PastedImage, PasteSource } from "./clean-paste.ts";
import { ApiError, request, uploadImage } from "./post-api.ts";

/**
 * Pasted and dropped images are kept in the media store, never hot-linked or inline (docs/decisions/055):
 * data: and blob: images are uploaded (POST /api/cms/media), http(s) images are copied by the server
 * (POST /api/cms/media/import). Until then each shows a placeholder that the server would not store.
 */

/** A grey "Uploading image…" box; `id` makes each one's src unique, so its image can be found again. */
export function placeholderSrc(id: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160"><!--${id}-->` +
    '<rect width="640" height="160" rx="12" fill="#f1f5f9"/>' +
    '<text x="320" y="86" text-anchor="middle" font-family="system-ui,sans-serif" font-size="16" fill="#475569">Uploading image…</text></svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The image's /media address once uploaded or imported; throws with a message the writer can read. */
export async function keepImage(image: PastedImage): Promise<string> {
  if (image.kind === "import") {
    try {
      return (await request<{ url: string }>("POST", "/api/cms/media/import", { url: image.src })).url;
    } catch (error) {
      // The server's 400 says why in errors.url (docs/api-posts.md).
      throw error instanceof ApiError && error.fieldErrors?.url ? new Error(error.fieldErrors.url) : error;
    }
  }
  let blob: Blob | null;
  try {
    blob = blobFromDataUrl(image.src) ?? (await (await fetch(image.src)).blob());
  } catch {
    blob = null;
  }
  if (!blob) throw new Error("The browser could not read it.");
  const type = blob.type || "image/png";
  return uploadImage(new File([blob], `pasted.${type.split("/")[1] ?? "png"}`, { type }));
}

/**
 * The bytes of a data: URL, decoded here rather than fetched: the page's Content-Security-Policy allows connections
 * to the site only (connect-src 'self' in server/http.ts, docs/decisions/003-server-shape.md), so fetch("data:…") is refused, which is how the pictures
 * Word for Windows puts inline in its clipboard HTML (tests/fixtures/paste/word-windows.html) failed to upload.
 * Null for anything else (a blob: URL is read with fetch); throws if the base64 is broken.
 */
export function blobFromDataUrl(src: string): Blob | null {
  const match = /^data:([^,;]*)((?:;[^,;]*)*),([\s\S]*)$/i.exec(src.trim());
  if (!match) return null;
  const type = (match[1] || "text/plain").toLowerCase();
  const base64 = /;base64$/i.test(match[2] ?? "");
  const payload = match[3] ?? "";
  const bytes = base64
    ? Uint8Array.from(atob(payload.replace(/\s+/g, "")), (char) => char.charCodeAt(0))
    : new TextEncoder().encode(decodeURIComponent(payload));
  return new Blob([bytes], { type });
}

/** Every image whose src is `from` gets `attrs` (one transaction, not an undo step of its own). */
export function updateImages(editor: Editor, from: string, attrs: Record<string, unknown> | null, addToHistory = false) {
  const { tr } = editor.state;
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name !== "image" || node.attrs.src !== from) return;
    const mapped = tr.mapping.map(pos);
    if (attrs) tr.setNodeMarkup(mapped, undefined, { ...node.attrs, ...attrs });
    else tr.delete(mapped, mapped + node.nodeSize);
  });
  if (!tr.docChanged) return;
  if (!addToHistory) tr.setMeta("addToHistory", false);
  editor.view.dispatch(tr);
}

export function hasImage(editor: Editor, src: string): boolean {
  let found = false;
  editor.state.doc.descendants((node) => {
    if (node.type.name === "image" && node.attrs.src === src) found = true;
    return !found;
  });
  return found;
}

/**
 * The one message about what a paste could not keep (docs/decisions/055), e.g.
 * "2 images from Word could not be copied: insert them with the Image button". Null when all were kept.
 */
export function notKeptMessage(paste: Pick<CleanPaste, "source" | "unreadableImages">, failures: string[]) {
  const count = paste.unreadableImages + failures.length;
  if (count === 0) return null;
  const from = paste.source ? ` from ${paste.source}` : "";
  const title =
    count === 1
      ? `1 image${from} could not be copied: insert it with the Image button`
      : `${count} images${from} could not be copied: insert them with the Image button`;
  const reasons: string[] = [];
  if (paste.unreadableImages > 0) reasons.push(unreadableReason(paste.source, paste.unreadableImages));
  for (const failure of new Set(failures)) reasons.push(`Upload failed: ${failure}`);
  return { title, description: reasons.join(" ") };
}

function unreadableReason(source: PasteSource | null, count: number) {
  const them = count === 1 ? "it as a file" : "them as files";
  return source === "Word"
    ? `Word keeps ${them} on your computer, which a web page cannot read.`
    : `The browser cannot read ${count === 1 ? "its address" : "their addresses"}.`;
}
