import { useId, useState, type FormEvent } from "react";
import { Upload } from "lucide-react";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { checkImageUrl } from "./url-rules.ts";
import { UrlField } from "./url-field.tsx";

/** docs/product.md §2: the picker accepts png, gif, jpeg, bmp and x-icon; webp is welcome too. */
export const IMAGE_ACCEPT = "image/png,image/gif,image/jpeg,image/bmp,image/x-icon,image/webp";

interface ImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpload: (file: File, alt: string) => void;
  onInsertUrl: (src: string, alt: string) => void;
}

/** Inserts an image: upload a file (checked and re-encoded by the server) or give an http(s) address. */
export function ImageDialog(props: ImageDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open && <ImageForm {...props} />}
    </Dialog>
  );
}

function ImageForm({ onOpenChange, onUpload, onInsertUrl }: ImageDialogProps) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState("");
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkImageUrl(src);
    if (!check.ok) return setError(check.message);
    onInsertUrl(check.url, alt.trim());
    onOpenChange(false);
  };

  return (
    <DialogContent>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>Insert image</DialogTitle>
          <DialogDescription>Upload a PNG, JPEG, GIF, WebP, BMP or ICO file up to 10 MB, or use an image address.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-alt`}>Alternative text</Label>
          <Input
            id={`${id}-alt`}
            value={alt}
            autoFocus
            placeholder="Describe the image for people who cannot see it"
            onChange={(event) => setAlt(event.target.value)}
          />
        </div>
        <div className="grid gap-2 rounded-xl border border-dashed border-border-strong bg-subtle p-4">
          <Label htmlFor={`${id}-file`} className="flex items-center gap-2">
            <Upload className="size-4 text-muted-foreground" aria-hidden="true" />
            Upload a file
          </Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="h-auto bg-white py-1.5"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              onUpload(file, alt.trim());
              onOpenChange(false);
            }}
          />
        </div>
        <UrlField
          id={`${id}-src`}
          label="Or image address"
          value={src}
          placeholder="https://example.com/chart.png"
          error={error}
          onValueChange={(value) => {
            setSrc(value);
            setError("");
          }}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Insert image</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
