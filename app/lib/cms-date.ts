/** docs/product.md §9: CMS dates read 'Mar 5, 2025' ('MMM d, yyyy'), in UTC so server and browser agree. */
const cmsDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const formatCmsDate = (iso: string): string => cmsDate.format(new Date(iso));
