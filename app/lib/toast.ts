import { useSyncExternalStore } from "react";

/**
 * App-wide notifications (docs/product.md §4, §9): at most one visible, a new toast replaces the older one,
 * shown for 5000 ms, removed from memory 1000000 ms after it is dismissed.
 * Call `toast({ title, description })` from anywhere; the <Toaster /> renders them.
 */
import { TOAST_LIMIT } from "./toast-rules.ts";

export { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "./toast-rules.ts";
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastAction {
  label: string;
  /** What a screen reader user is told to do instead (Radix requires it), e.g. "Open the post list". */
  altText?: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  action?: ToastAction;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const emptyList: ToastItem[] = [];

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Marks a toast (or every toast) closed; Radix animates it out. */
export function dismissToast(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast; the older one (beyond TOAST_LIMIT) is dropped at once. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The current toasts, for the Toaster (empty during server rendering). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => emptyList,
  );
}
