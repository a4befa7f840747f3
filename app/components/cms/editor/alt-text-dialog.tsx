import { useId, useState, type FormEvent } from "react";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";

export interface PastedImageAlt {
  /** The image's /media address. */
  src: string;
  /** The source's alt text when it says something (meaningfulAlt), else "". */
  alt: string;
}

interface AltTextDialogProps {
  images: PastedImageAlt[];
  onOpenChange: (open: boolean) => void;
  onApply: (images: PastedImageAlt[]) => void;
}

/**
 * After a paste with images (docs/decisions/055): one "Alt text" field per pasted image, beside its thumbnail,
 * prefilled with the source's own alt text when it had a meaningful one. Skip keeps them as they are.
 */
export function AltTextDialog(props: AltTextDialogProps) {
  return (
    <Dialog open={props.images.length > 0} onOpenChange={props.onOpenChange}>
      {props.images.length > 0 && <AltTextForm {...props} />}
    </Dialog>
  );
}

function AltTextForm({ images, onOpenChange, onApply }: AltTextDialogProps) {
  const [alts, setAlts] = useState(() => images.map((image) => image.alt));
  const id = useId();
  const many = images.length > 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(images.map((image, index) => ({ src: image.src, alt: (alts[index] ?? "").trim() })));
    onOpenChange(false);
  };

  return (
    <DialogContent className="max-h-[90dvh] overflow-y-auto">
      <form onSubmit={submit} noValidate className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{many ? "Describe the pasted images" : "Describe the pasted image"}</DialogTitle>
          <DialogDescription>
            Alt text tells people who cannot see {many ? "an image" : "the image"} what it shows, and helps search engines.
            Leave it empty for a purely decorative image.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-4">
          {images.map((image, index) => (
            <li key={image.src} className="flex items-start gap-4 rounded-xl border border-border bg-subtle p-3">
              <img src={image.src} alt="" className="size-16 shrink-0 rounded-lg border border-border bg-white object-cover" />
              <div className="grid min-w-0 flex-1 gap-2">
                <Label htmlFor={`${id}-${index}`}>
                  Alt text{many && <span className="sr-only"> for image {index + 1}</span>}
                </Label>
                <Input
                  id={`${id}-${index}`}
                  value={alts[index] ?? ""}
                  autoFocus={index === 0}
                  placeholder="What does the image show?"
                  onChange={(event) => setAlts((current) => current.map((alt, i) => (i === index ? event.target.value : alt)))}
                />
              </div>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Skip
          </Button>
          <Button type="submit">Save alt text</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
