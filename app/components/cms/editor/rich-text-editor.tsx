import { useEffect, useRef, useState } from "react";
import { useLatest } from "./use-latest.ts";
import { Extension, type Editor } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import { toast } from "../../../lib/toast.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { ImageDialog } from "./image-dialog.tsx";
import { LinkDialog } from "./link-dialog.tsx";
import { uploadImage } from "./post-api.ts";
import { TextSizeMark } from "./text-size.ts";
import { cardExtensions } from "./cards/card-extensions.ts";
import { checkImageUrl, checkLinkUrl } from "./url-rules.ts";
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
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["mailto", "tel"],
          isAllowedUri: (url) => checkLinkUrl(url).ok,
          shouldAutoLink: (url) => checkLinkUrl(url).ok,
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
        },
      }),
      Image.configure({ allowBase64: true }),
      TextSizeMark,
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
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        uploadFiles.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
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
            hasSelection={!editor.state.selection.empty}
            onApply={(href, text) => {
              const chain = editor.chain().focus();
              if (editor.state.selection.empty && !editor.isActive("link")) {
                chain.insertContent({ type: "text", text: text || href, marks: [{ type: "link", attrs: { href } }] }).run();
              } else {
                chain.extendMarkRange("link").setLink({ href }).run();
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
              editor.chain().focus().setImage({ src, alt }).run();
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
