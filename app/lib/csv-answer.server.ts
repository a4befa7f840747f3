/**
 * A CSV download from the CMS (the demo inbox's export, the Insights report): an attachment named
 * `filename`, private and never stored, never sniffed as anything but CSV.
 */
export function csvAnswer(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
