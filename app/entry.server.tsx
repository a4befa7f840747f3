import { Writable } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce.tsx";
import { requestInfoContext } from "./request-context.ts";

export { createLoadContext } from "./request-context.ts";

export const streamTimeout = 5_000;

/**
 * Every document is rendered completely before it is sent (onAllReady): the pages are small,
 * crawlers and no-JS visitors get the whole content, and a complete document can be cached. It is
 * sent as one buffer, not as React's stream of ~4 KB pieces: each piece went through a web stream
 * and then the compression, which flushes after every write (React Router's adapter calls `flush`),
 * so a 100 KB CMS page cost ~25 compressor flushes and stream hops on the serving thread
 * (docs/decisions/023-no-stalls-at-10000-posts.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Documents are sent complete, so no Suspense boundary is ever outlined: React 19.2 would
        // otherwise move one past 12,800 bytes (the header) into `<div hidden>` that only a script
        // reveals, invisible without JavaScript (docs/decisions/016, 019).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          responseStatusCode = 500;
          loadContext.get(requestInfoContext).log.error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * Loader and action errors, logged with the request id; the visitor sees the error boundary. An
 * answer React Router gives itself for a request it refuses (405 for OPTIONS on a path that is no
 * page, 404 for no route) is the client's mistake, already in the request log: not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.get(requestInfoContext).log.error({ err: error }, "unhandled route error");
};
