import { useRef, useState, type RefObject } from "react";
import { Plus } from "lucide-react";
import { BLOCK_TYPES, blockLabels, type BlockType } from "../../../../shared/landing-pages.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../ui/dialog.tsx";
import { fieldErrorProps } from "../editor/field-error.tsx";
import { blockDescriptions } from "./block-specs.ts";

/** "Add block": the nine block types, each with a line saying what it is; choosing one appends it to the page. */
export function AddBlockDialog({
  triggerRef,
  disabled,
  invalid,
  onAdd,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  disabled: boolean;
  /** The page's message about its blocks, read with the button. */
  invalid: string | undefined;
  onAdd: (type: BlockType) => void;
}) {
  const [open, setOpen] = useState(false);
  const added = useRef(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button ref={triggerRef} id="add-block" variant="outline" className="w-full border-dashed sm:w-fit" disabled={disabled} {...fieldErrorProps("add-block", invalid)}>
          <Plus aria-hidden="true" />
          Add block
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-2xl"
        // The new block's header takes the focus (BlockList), not the button that opened the dialog.
        onCloseAutoFocus={(event) => {
          if (added.current) event.preventDefault();
          added.current = false;
        }}
      >
        <DialogHeader>
          <DialogTitle>Add a block</DialogTitle>
          <DialogDescription>It goes at the end of the page; move it from there.</DialogDescription>
        </DialogHeader>
        <ul className="grid max-h-[60vh] gap-2 overflow-y-auto sm:grid-cols-2">
          {BLOCK_TYPES.map((type) => (
            <li key={type}>
              <button
                type="button"
                onClick={() => {
                  added.current = true;
                  onAdd(type);
                  setOpen(false);
                }}
                aria-describedby={`add-${type}-description`}
                className="grid h-full w-full gap-1 rounded-xl border border-border bg-white p-3 text-left outline-none hover:border-primary/40 hover:bg-primary-soft focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="text-sm font-semibold text-foreground">{blockLabels[type]}</span>
                <span id={`add-${type}-description`} className="text-xs text-muted-foreground">
                  {blockDescriptions[type]}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
