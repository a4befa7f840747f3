import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "../lib/toast-rules.ts";

/**
 * Notifications on the public pages (docs/product.md §4, §9), in the server-rendered region of SiteChrome: at most
 * one visible, a new one replacing the older; shown for 5000 ms, longer while the pointer or focus is on
 * it; a close button; swiped right past 50 px it goes; F8 moves focus to the region. A destructive toast's
 * text is an alert (announced at once); the others are announced by the region's polite live list.
 */

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

let list: HTMLOListElement | null = null;

const toastClass = {
  default: "border-border bg-white text-foreground",
  destructive: "destructive border-red-700 bg-red-700 text-white",
};
const closeClass = {
  default: "text-slate-500 hover:bg-muted hover:text-foreground",
  destructive: "text-white/80 hover:bg-white/10 hover:text-white",
};
const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-4" aria-hidden="true"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

export function enhanceToasts(doc: Document = document) {
  const region = doc.querySelector<HTMLElement>("[data-toast-region]");
  list = region?.querySelector("ol") ?? null;
  if (!region) return;
  doc.addEventListener("keydown", (event) => {
    if (event.key !== "F8") return;
    event.preventDefault();
    (list?.querySelector<HTMLElement>("li") ?? region).focus();
  });
}

/** Shows a toast in place of any other; answers a function that dismisses it. */
export function toast({ title, description, variant = "default" }: ToastOptions): () => void {
  if (!list) return () => {};
  const doc = list.ownerDocument;
  for (const old of list.querySelectorAll("li")) old.remove();

  const item = doc.createElement("li");
  item.tabIndex = -1;
  item.dataset.slot = "toast";
  item.dataset.variant = variant;
  item.className = `pointer-events-auto relative flex w-full touch-pan-y items-start justify-between gap-4 overflow-hidden rounded-xl border p-4 pr-10 shadow-overlay outline-none animate-pop-in focus-visible:ring-2 focus-visible:ring-ring ${toastClass[variant]}`;
  const text = doc.createElement("div");
  text.className = "grid gap-1";
  // An error is announced at once; the others by the region's polite live list.
  if (variant === "destructive") text.setAttribute("role", "alert");
  const heading = doc.createElement("div");
  heading.className = "text-sm font-semibold";
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = doc.createElement("div");
    body.className = "mt-1 text-sm opacity-90";
    body.textContent = description;
    text.append(body);
  }
  const close = doc.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close notification");
  close.className = `absolute top-3 right-3 rounded-md p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ${closeClass[variant]}`;
  close.innerHTML = CLOSE_ICON;
  item.append(text, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = () => {
    clearTimeout(timer);
    // Focus inside a toast that goes would fall to <body>: back to the main content.
    if (item.contains(doc.activeElement)) doc.getElementById("main-content")?.focus({ preventScroll: true });
    item.remove();
  };
  const countDown = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, TOAST_DURATION_MS);
  };
  const hold = () => clearTimeout(timer);
  close.addEventListener("click", dismiss);
  item.addEventListener("pointerenter", hold);
  item.addEventListener("pointerleave", countDown);
  item.addEventListener("focusin", hold);
  item.addEventListener("focusout", (event) => {
    if (!item.contains(event.relatedTarget as Node | null)) countDown();
  });
  item.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismiss();
  });
  swipeToDismiss(item, dismiss);

  list.append(item);
  countDown();
  return dismiss;
}

/** Dragged right past the threshold, the toast goes; let go sooner, it springs back. */
function swipeToDismiss(item: HTMLElement, dismiss: () => void) {
  let startX: number | null = null;
  item.addEventListener("pointerdown", (event) => {
    if ((event.target as Element).closest("button")) return;
    startX = event.clientX;
    item.setPointerCapture(event.pointerId);
  });
  item.addEventListener("pointermove", (event) => {
    if (startX === null) return;
    item.style.transform = `translateX(${Math.max(0, event.clientX - startX)}px)`;
  });
  const end = (event: PointerEvent) => {
    if (startX === null) return;
    const moved = event.clientX - startX;
    startX = null;
    item.style.transform = "";
    if (moved > TOAST_SWIPE_THRESHOLD_PX) dismiss();
  };
  item.addEventListener("pointerup", end);
  item.addEventListener("pointercancel", end);
}
