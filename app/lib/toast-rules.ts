/**
 * docs/product.md §4 and §9's rules for notifications, shared by the CMS's toasts (app/lib/toast.ts) and the public
 * pages' (app/site/toasts.ts): at most one visible, shown for 5000 ms, swiped right past 50 px to dismiss.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
