/**
 * docs/product.md §4 and §9's rules for notifications, shared by the CMS's toasts (app/lib/toast.ts) and the public
 * pages' (app/site/toasts.ts): at most one visible, shown for 5000 ms, swiped right past 50 px to dismiss.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * Where both kinds of toast appear: across the top on phones, in the top-right corner from `sm` up, so a
 * toast never covers the cookie banner fixed at the bottom of the screen and its Accept All
 * (docs/decisions/069). At most 420 px wide.
 */
export const TOAST_VIEWPORT_CLASS = "fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]";
