/**
 * "Nov 27, 2026, 3:17 AM": the one US date format on /cms/webhooks (docs/decisions/073-webhooks.md, "Layout"),
 * in the site's time zone and a fixed locale so the server and the browser render the same text (docs/decisions/054).
 */
export const formatWebhookTime = (iso: string, timeZone: string, seconds = false): string =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit", timeZoneName: "short" } : {}),
  } as const).format(new Date(iso));
