/** docs/product.md §9: CMS dates read 'Mar 5, 2025' ('MMM d, yyyy'), in the site's time zone (docs/decisions/054) so server and browser agree. */
export const formatCmsDate = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));
