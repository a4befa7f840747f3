import { useRef, useState, type ComponentProps, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Upload } from "lucide-react";
import { toast } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { IMAGE_ACCEPT } from "./editor/image-dialog.tsx";
import { uploadImage } from "./editor/post-api.ts";

/**
 * A button that picks an image, uploads it through the media pipeline (docs/decisions/060) and hands
 * back its `/media/` address; a spinner while it goes, a toast when it fails. Needs JavaScript: the
 * fields it fills also take an address typed by hand.
 */
export function ImageUploadButton({
  onUploaded,
  onBusy,
  disabled = false,
  icon: Icon = Upload,
  children,
  ...button
}: {
  onUploaded: (address: string) => void;
  /** Told when an upload starts and ends (a form may hold its submit meanwhile). */
  onBusy?: (busy: boolean) => void;
  disabled?: boolean;
  icon?: LucideIcon;
  children: ReactNode;
} & Omit<ComponentProps<typeof Button>, "type" | "onClick" | "disabled" | "children">) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const busy = (value: boolean) => {
    setUploading(value);
    onBusy?.(value);
  };
  const upload = async (file: File) => {
    busy(true);
    try {
      onUploaded(await uploadImage(file));
    } catch (error) {
      toast({ title: "Upload failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      busy(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  return (
    <>
      {/* Held with aria-disabled while uploading, not disabled: a disabled button drops the keyboard focus. */}
      <Button
        type="button"
        variant="outline"
        {...button}
        disabled={disabled}
        aria-disabled={uploading || undefined}
        onClick={() => {
          if (!uploading) fileInput.current?.click();
        }}
      >
        {uploading ? <Spinner /> : <Icon aria-hidden="true" />}
        {children}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
    </>
  );
}
