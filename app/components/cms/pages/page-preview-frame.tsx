import { useEffect, useId, useRef, useState } from "react";
import { Maximize2, Minimize2, Monitor, Smartphone } from "lucide-react";
import {
  PAGE_PREVIEW_FIELD,
  PAGE_PREVIEW_PATH,
  PAGE_PREVIEW_STATUS_FIELD,
  PAGE_PREVIEW_UNSAVED_FIELD,
  type LandingPageInput,
  type LandingPageStatus,
} from "../../../../shared/landing-pages.ts";
import { cn } from "../../../lib/cn.ts";
import { Card, CardContent, CardHeader } from "../../ui/card.tsx";

const WIDTHS = { phone: 390, desktop: 1440 } as const;
type Width = keyof typeof WIDTHS;
/** The least height of the page shown, in the preview's own pixels (a phone's screen, a laptop's). */
const FRAME_HEIGHT = { phone: 844, desktop: 900 } as const;
/** What the framed preview may take of the window's height beside the editor (its sticky column). */
const WINDOW_SHARE = 0.8;
/** Large, above the editor, it may take nearly all of it. */
const LARGE_WINDOW_SHARE = 0.85;
const DEBOUNCE_MS = 600;

/**
 * The live preview (docs/decisions/039-landing-page-editor.md): the editor's page as it is now, unsaved
 * changes included, posted to the preview route into an iframe (a form whose target is the frame), again
 * each time editing pauses. Phone shows it 390 px wide; Desktop 1440 px wide, scaled down to fit. "Large preview"
 * gives it the page's whole width, above the editor, where the desktop page is readable; the banner in the frame
 * says whether the page is published and whether unsaved changes are in it (docs/decisions/039, "The editor's layout").
 */
export function PagePreviewFrame({
  page,
  status,
  unsaved,
  large,
  onLargeChange,
}: {
  page: LandingPageInput;
  status: LandingPageStatus;
  unsaved: boolean;
  large: boolean;
  onLargeChange: (large: boolean) => void;
}) {
  const id = useId();
  const frameName = `page-preview-${id.replace(/[^a-zA-Z0-9]/g, "")}`;
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [chosenWidth, setWidth] = useState<Width | null>(null);
  const [box, setBox] = useState({ width: 0, windowHeight: 0, windowWidth: 0 });
  // Until one is chosen: on a phone's screen the phone width, the readable one (docs/decisions/039, "The editor's layout").
  const width: Width = chosenWidth ?? (box.windowWidth > 0 && box.windowWidth < 768 ? "phone" : "desktop");
  const json = JSON.stringify(page);
  const statusRef = useRef<HTMLInputElement>(null);
  const unsavedRef = useRef<HTMLInputElement>(null);

  // Re-posted when editing pauses; the first post goes at once.
  const posted = useRef(false);
  useEffect(() => {
    const send = () => {
      if (!inputRef.current || !formRef.current || !statusRef.current || !unsavedRef.current) return;
      inputRef.current.value = json;
      statusRef.current.value = status;
      unsavedRef.current.value = unsaved ? "1" : "0";
      formRef.current.submit();
      posted.current = true;
    };
    if (!posted.current) return send();
    const timer = setTimeout(send, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [json, status, unsaved]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setBox({ width: entry?.contentRect.width ?? 0, windowHeight: window.innerHeight, windowWidth: window.innerWidth }));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const frameWidth = WIDTHS[width];
  const scale = box.width > 0 ? Math.min(1, box.width / frameWidth) : 1;
  // Scaled down, the desktop page shows more of itself: as much as fits in the window's share.
  const frameHeight = Math.max(FRAME_HEIGHT[width], Math.round((box.windowHeight * (large ? LARGE_WINDOW_SHARE : WINDOW_SHARE)) / scale));

  return (
    <Card id="page-preview" className="scroll-mt-4">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-4">
        <div className="grid gap-1">
          <h2 className="text-lg leading-snug font-semibold tracking-tight">Preview</h2>
          <p className="text-sm text-muted-foreground">
            {unsaved ? "Unsaved changes included." : "As saved."} {scale < 1 ? `Shown at ${Math.round(scale * 100)}%.` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={large}
          onClick={() => onLargeChange(!large)}
          className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-white px-3 py-2 text-sm font-medium text-foreground outline-none hover:bg-subtle focus-visible:ring-2 focus-visible:ring-ring"
        >
          {large ? <Minimize2 className="size-4" aria-hidden="true" /> : <Maximize2 className="size-4" aria-hidden="true" />}
          Large preview
        </button>
        <div role="group" aria-label="Preview width" className="inline-flex rounded-lg border border-border bg-subtle p-1">
          {(["phone", "desktop"] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={width === choice}
              onClick={() => setWidth(choice)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                width === choice ? "bg-white text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {choice === "phone" ? <Smartphone className="size-4" aria-hidden="true" /> : <Monitor className="size-4" aria-hidden="true" />}
              {choice === "phone" ? "Phone" : "Desktop"}
              <span className="sr-only"> ({WIDTHS[choice]} pixels wide)</span>
            </button>
          ))}
        </div>
        </div>
      </CardHeader>
      <CardContent>
        <form ref={formRef} method="post" action={PAGE_PREVIEW_PATH} target={frameName} encType="multipart/form-data" hidden>
          <input ref={inputRef} type="hidden" name={PAGE_PREVIEW_FIELD} defaultValue="" />
          <input ref={statusRef} type="hidden" name={PAGE_PREVIEW_STATUS_FIELD} defaultValue="" />
          <input ref={unsavedRef} type="hidden" name={PAGE_PREVIEW_UNSAVED_FIELD} defaultValue="" />
        </form>
        <div ref={boxRef} className="w-full">
          <div className="mx-auto overflow-hidden rounded-lg border border-border bg-white" style={{ width: frameWidth * scale, height: frameHeight * scale }}>
            <iframe
              name={frameName}
              title={`Preview of the page, ${width === "phone" ? "phone" : "desktop"} width`}
              data-testid="page-preview-frame"
              data-width={frameWidth}
              className="origin-top-left border-0"
              style={{ width: frameWidth, height: frameHeight, transform: `scale(${scale})` }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
