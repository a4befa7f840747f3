import { lazy, Suspense } from "react";

/**
 * The body of the 404 and error pages (error-content.tsx) for an error boundary, loaded only when a page
 * has an error: every public page has such a boundary, and none should download the 404's link cards,
 * icons and search form for it (the public pages' JavaScript budget, docs/decisions/016). The server
 * renders it complete before sending (onAllReady, decision 016), so visitors without JavaScript get the
 * same page; hydration waits for the chunk only on an error page.
 */
const ErrorContent = lazy(() => import("./error-content.tsx").then((module) => ({ default: module.ErrorContent })));

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorContent error={error} />
    </Suspense>
  );
}
