import { Outlet } from "react-router";
import { Toaster } from "../../components/cms/toaster.tsx";
import { noStoreHeaders } from "../../lib/cms-form.server.ts";

/** CMS pages are personal and never indexed or cached. */
export function headers() {
  return noStoreHeaders;
}

export default function CmsLayout() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <Outlet />
      <Toaster />
    </>
  );
}
