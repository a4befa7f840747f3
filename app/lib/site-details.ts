import { useRouteLoaderData } from "react-router";
import { PLACEHOLDER_SITE_DETAILS, type SiteDetails } from "../../shared/site-details.ts";

/**
 * The site's details as the root loader read them for this render (docs/decisions/054): company,
 * mailboxes, links, time zone, sharing image. Outside a render that has them (the root's own error
 * boundary) they are the placeholders.
 */
export function useSiteDetails(): SiteDetails {
  return useRouteLoaderData<{ siteDetails: SiteDetails }>("root")?.siteDetails ?? PLACEHOLDER_SITE_DETAILS;
}

/** The time zone every CMS time is shown and entered in (docs/decisions/049, 054). */
export const useSiteTimeZone = (): string => useSiteDetails().timeZone;

/** The details from a meta function's matches (the root's loader data). */
export function siteDetailsFrom(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>): SiteDetails {
  for (const match of matches) {
    const data = match?.loaderData as { siteDetails?: SiteDetails } | undefined;
    if (data?.siteDetails) return data.siteDetails;
  }
  return PLACEHOLDER_SITE_DETAILS;
}
