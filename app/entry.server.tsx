import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce.tsx";
import { requestInfoContext } from "./request-context.ts";

export { createLoadContext } from "./request-context.ts";

export const streamTimeout = 5_000;

/**
 * Every document is rendered completely before it is sent (onAllReady): the pages are small,
 * crawlers and no-JS visitors get the whole content, and a complete document can be cached.
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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
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
