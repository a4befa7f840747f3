const titles: Record<number, string> = {
  400: "Bad request",
  403: "Forbidden",
  404: "Page Not Found",
  413: "Request too large",
  429: "Too many requests",
  503: "Temporarily unavailable",
};

/**
 * A self-contained page for errors that happen outside React Router (or when it cannot render):
 * no scripts, no stack trace, no database text.
 */
export function renderErrorPage(status: number): string {
  const title = titles[status] ?? "Something went wrong";
  const text =
    status === 503
      ? "We are having trouble reaching our systems. Please try again in a minute."
      : status >= 500
        ? "An unexpected error occurred on our side. Please try again in a moment."
        : "We could not handle that request.";
  return `<!doctype html>
<html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Zuri</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#0f172a;background:#f8fafc}
main{max-width:32rem;padding:2rem;text-align:center}a{color:#4338ca}</style></head>
<body><main><p>${status}</p><h1>${title}</h1><p>${text}</p><p><a href="/">Back to home</a></p></main></body></html>`;
}
