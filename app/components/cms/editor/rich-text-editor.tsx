import { useEffect, useRef, useState } from "react";
import { useLatest } from "./use-latest.ts";
import { Extension, type Editor } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Link from "@tiptap/extension-link";
import { Placeholder } from "@tiptap/extensions";
import { toast } from "../../../lib/toast.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { AltTextDialog, type PastedImageAlt } from "./alt-text-dialog.tsx";
import { cleanPastedHtml, meaningfulAlt, type CleanPaste } from "./clean-paste.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { ImageCard } from "./image-card.ts";
import { ImageDialog } from "./image-dialog.tsx";
import { LinkDialog } from "./link-dialog.tsx";
import { blobFromDataUrl, hasImage, keepImage, notKeptMessage, placeholderSrc, updateImages } from "./pasted-images.ts";
import { uploadImage } from "./post-api.ts";
import { Subscript, Superscript } from "./script-marks.ts";
import { tableExtensions } from "./table.ts";
import { TextSizeMark } from "./text-size.ts";
import { cardExtensions } from "./cards/card-extensions.ts";
import { checkImageUrl, checkLinkUrl } from "./url-rules.ts";
import { DEFAULT_LINK_RELATIONS, linkRel } from "../../../../shared/link-relations.ts";
import "./editor.css";

export const CONTENT_PLACEHOLDER = "Write your blog post content here...";

interface RichTextEditorProps {
  /** HTML to start from; later changes are applied only when `revision` changes (restore, reload). */
  value: string;
  revision: number;
  onChange: (html: string) => void;
  /** The document as the editor serialises it, once created and after each replacement. */
  onReady: (html: string) => void;
  labelId: string;
}

/**
 * The document as the form keeps it. Empty is "" (not "<p></p>"), so "content is required" works
 * (docs/product.md §5); the empty paragraph the editor adds after a final list, quote or image (so the cursor
 * can get below it) is not content, so opening such a post does not count as a change.
 */
const toFormValue = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML().replace(/(<p><\/p>)+$/, ""));

/**
 * The post body editor (docs/product.md §2, §9): Tiptap 3 with the toolbar a writer expects. Links are limited
 * to http, https, mailto and tel; images are uploaded (button, paste or drop) or inserted by URL.
 */
export function RichTextEditor({ value, revision, onChange, onReady, labelId }: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [altImages, setAltImages] = useState<PastedImageAlt[]>([]);
  /** The last clean paste whose images wait to be kept (docs/decisions/055). */
  const pendingPaste = useRef<{ result: CleanPaste; placeholders: string[] } | null>(null);
  const pasteCount = useRef(0);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useLatest(onChange);
  const onReadyRef = useLatest(onReady);

  const editor = useEditor({
    // Rendered on the client only: the server has no DOM, and the route shows a spinner meanwhile.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    content: value,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // docs/product.md §9: changes within 1000 ms are one undo step; at most 100 steps.
        undoRedo: { depth: 100, newGroupDelay: 1000 },
        link: false,
      }),
      // Not inclusive: a full stop typed right after a link is text, not part of the link (Tiptap's Link
      // is inclusive whenever it autolinks). Its rel is the writer's per-link choice (docs/decisions/058).
      Link.extend({ inclusive: () => false }).configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: ["mailto", "tel"],
        isAllowedUri: (url) => checkLinkUrl(url).ok,
        shouldAutoLink: (url) => checkLinkUrl(url).ok,
        HTMLAttributes: { rel: linkRel(DEFAULT_LINK_RELATIONS), target: null },
      }),
      // Images are cards: a figure with a caption and a width (docs/decisions/056).
      ImageCard.configure({ allowBase64: true }),
      TextSizeMark,
      Superscript,
      Subscript,
      ...tableExtensions,
      ...cardExtensions,
      Placeholder.configure({ placeholder: CONTENT_PLACEHOLDER }),
      Extension.create({
        name: "cmsShortcuts",
        addKeyboardShortcuts: () => ({
          "Mod-k": () => {
            setLinkOpen(true);
            return true;
          },
          // The usual editor shortcut to reach the toolbar from the text (WAI-ARIA toolbar pattern).
          "Alt-F10": () => {
            toolbarRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
            return true;
          },
        }),
      }),
    ],
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-describedby": `${labelId}-hint`,
        class: "post-editor-content",
      },
      // docs/decisions/055: pasted or dropped HTML is cleaned to what the editor has before it is parsed.
      transformPastedHTML: (html) => cleanPaste.current(html),
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return keepPastedImages.current();
        pendingPaste.current = null;
        event.preventDefault();
        uploadFiles.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return keepPastedImages.current();
        pendingPaste.current = null;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        uploadFiles.current(files, at);
        return true;
      },
    },
    onCreate: ({ editor }) => onReadyRef.current(toFormValue(editor)),
    onUpdate: ({ editor }) => onChangeRef.current(toFormValue(editor)),
  });

  const uploadFiles = useLatest((files: File[], at?: number, alt?: string) => {
    if (!editor) return;
    const target = editor;
    for (const file of files) {
      setUploading((n) => n + 1);
      uploadImage(file)
        .then((src) => {
          const image = { type: "image", attrs: { src, alt: alt || altFromFileName(file.name) } };
          const chain = target.chain().focus();
          (at === undefined ? chain.insertContent(image) : chain.insertContentAt(at, image)).run();
        })
        .catch((error: Error) => toast({ title: "Upload failed", description: error.message, variant: "destructive" }))
        .finally(() => setUploading((n) => n - 1));
    }
  });

  const cleanPaste = useLatest((html: string) => {
    const token = `${++pasteCount.current}-${Date.now().toString(36)}`;
    const placeholders: string[] = [];
    const result = cleanPastedHtml(new DOMParser().parseFromString(html, "text/html"), html, {
      imageSrc: (_image, index) => (placeholders[index] = placeholderSrc(`${token}-${index}`)),
    });
    pendingPaste.current = { result, placeholders };
    return result.html;
  });

  /**
   * After the paste is in the document: each pasted image is uploaded or imported and its placeholder replaced by
   * the /media copy, or removed if that fails; then one toast says what could not be kept and a dialog asks for
   * alt text (docs/decisions/055). Returns false so ProseMirror inserts the cleaned paste itself.
   */
  const keepPastedImages = useLatest(() => {
    const pending = pendingPaste.current;
    pendingPaste.current = null;
    if (!pending || !editor) return false;
    const target = editor;
    setTimeout(() => {
      const waiting = pending.result.images
        .map((image, index) => ({ image, placeholder: pending.placeholders[index]!, index }))
        .filter(({ placeholder }) => hasImage(target, placeholder));
      const failures: string[] = [];
      const kept: (PastedImageAlt & { index: number })[] = [];
      setUploading((n) => n + waiting.length);
      const copies = waiting.map(({ image, placeholder, index }) =>
        keepImage(image)
          .then((src) => {
            if (target.isDestroyed) return;
            updateImages(target, placeholder, { src });
            kept.push({ src, alt: meaningfulAlt(image.alt), index });
          })
          .catch((error: unknown) => {
            failures.push(error instanceof Error ? error.message : String(error));
            if (!target.isDestroyed) updateImages(target, placeholder, null);
          })
          .finally(() => setUploading((n) => n - 1)),
      );
      void Promise.all(copies).then(() => {
        const message = notKeptMessage(pending.result, failures);
        if (message) toast({ ...message, variant: "destructive" });
        if (kept.length > 0 && !target.isDestroyed) setAltImages(kept.sort((a, b) => a.index - b.index).map(({ src, alt }) => ({ src, alt })));
      });
    }, 0);
    return false;
  });

  // Replace the document only when the form says so (restoring a draft, loading the saved version).
  const appliedRevision = useRef(revision);
  useEffect(() => {
    if (!editor || appliedRevision.current === revision) return;
    appliedRevision.current = revision;
    editor.commands.setContent(value, { emitUpdate: false });
    onReadyRef.current(toFormValue(editor));
  }, [editor, revision, value, onReadyRef]);

  return (
    <div className="overflow-hidden rounded-xl border border-border-strong bg-white shadow-xs focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30">
      <EditorToolbar
        ref={toolbarRef}
        editor={editor}
        onLink={() => setLinkOpen(true)}
        onImage={() => setImageOpen(true)}
      />
      {editor ? (
        <EditorContent editor={editor} className="post-editor" />
      ) : (
        <div className="post-editor-content flex items-center justify-center">
          <Spinner className="size-6 text-primary" label="Loading editor" />
        </div>
      )}
      <p id={`${labelId}-hint`} className="sr-only">
        Rich text. Press Alt+F10 to reach the formatting toolbar, Control+K to add a link.
      </p>
      <p role="status" aria-live="polite" className="border-t border-border bg-subtle px-4 py-2 text-xs text-muted-foreground empty:hidden">
        {uploading > 0 ? "Uploading image…" : ""}
      </p>
      {editor && (
        <>
          <LinkDialog
            open={linkOpen}
            onOpenChange={setLinkOpen}
            currentHref={editor.isActive("link") ? String(editor.getAttributes("link").href ?? "") : ""}
            currentRel={editor.isActive("link") ? String(editor.getAttributes("link").rel ?? "") : null}
            hasSelection={!editor.state.selection.empty}
            onApply={(href, text, relations) => {
              const rel = linkRel(relations);
              const chain = editor.chain().focus();
              if (editor.state.selection.empty && !editor.isActive("link")) {
                chain.insertContent({ type: "text", text: text || href, marks: [{ type: "link", attrs: { href, rel } }] }).run();
              } else {
                chain.extendMarkRange("link").setLink({ href, rel }).run();
              }
            }}
            onRemove={() => editor.chain().focus().extendMarkRange("link").unsetLink().run()}
          />
          <ImageDialog
            open={imageOpen}
            onOpenChange={setImageOpen}
            onUpload={(file, alt) => uploadFiles.current([file], undefined, alt)}
            onInsertUrl={(src, alt) => {
              if (!checkImageUrl(src).ok) return;
              // A data: image is uploaded first: posts never store images inline (docs/decisions/055).
              if (src.startsWith("data:")) {
                // Decoded, not fetched: the CSP refuses fetch("data:…") (blobFromDataUrl).
                let blob: Blob | null;
                try {
                  blob = blobFromDataUrl(src);
                } catch {
                  blob = null;
                }
                if (blob) uploadFiles.current([new File([blob], "", { type: blob.type })], undefined, alt);
                else toast({ title: "Upload failed", description: "The browser could not read it.", variant: "destructive" });
                return;
              }
              editor.chain().focus().setImage({ src, alt }).run();
            }}
          />
          <AltTextDialog
            images={altImages}
            onOpenChange={(open) => {
              if (!open) setAltImages([]);
            }}
            onApply={(images) => {
              for (const image of images) updateImages(editor, image.src, { alt: image.alt }, true);
            }}
          />
        </>
      )}
    </div>
  );
}

const PICKER_TYPES = new Set(["image/png", "image/gif", "image/jpeg", "image/bmp", "image/x-icon", "image/vnd.microsoft.icon", "image/webp"]);

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => PICKER_TYPES.has(file.type));
}

/** A starting alt text from "team-offsite_2025.png" -> "team offsite 2025"; the writer can change it. */
function altFromFileName(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ").trim();
}
