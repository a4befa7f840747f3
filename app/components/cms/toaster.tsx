import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "../ui/toast.tsx";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from "../../lib/toast.ts";

/** Renders the toasts raised with `toast()` (docs/product.md §9: 5000 ms, swipe right past 50 px, F8 focuses the region). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <Toast key={id} variant={variant} open={open} onOpenChange={(next) => !next && dismissToast(id)}>
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action && (
            <ToastAction altText={action.altText ?? action.label} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          )}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
