import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { once } from "node:events";

/**
 * A minimal round-robin HTTP reverse proxy on loopback, like the one in front of several instances
 * in production: adds X-Forwarded-For, and retries the next backend when one refuses the connection
 * (as nginx's proxy_next_upstream does, for a refused connection, or a reset one on an idempotent request), which is what makes a rolling restart invisible.
 */
export async function startReverseProxy(initialBackends: string[]) {
  let backends = [...initialBackends];
  let next = 0;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, first: number, attempt = 0) => {
    const target = new URL(backends[(first + attempt) % backends.length] ?? "");
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent: false,
        headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1", connection: "close" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      // Refused: nothing was sent. Reset before an answer: safe to repeat only an idempotent request.
      const retryable = error.code === "ECONNREFUSED" || (error.code === "ECONNRESET" && req.method === "GET");
      if (retryable && !res.headersSent && attempt < backends.length * 2) return forward(req, res, body, first, attempt + 1);
      if (!res.headersSent) res.writeHead(502).end(`bad gateway: ${error.code}`);
      else res.destroy();
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), next++));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    setBackends(list: string[]) {
      backends = [...list];
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
