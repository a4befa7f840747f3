import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer of the stand-in site: a status, a media type and a body. */
export interface RemotePage {
  status?: number;
  type?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface RemoteSite {
  /** http://127.0.0.1:{port} */
  url: string;
  /** Paths asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/**
 * Another site on the internet, played by a local server (the app reaches it with the development
 * switch WEBHOOKS_ALLOW_PRIVATE_URLS, docs/decisions/073): images to import, pages to bookmark.
 * Unknown paths answer 404.
 */
export async function startRemoteSite(pages: Record<string, RemotePage>): Promise<RemoteSite> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    requested.push(path);
    const page = pages[path];
    if (!page) return response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    response.writeHead(page.status ?? 200, { "content-type": page.type ?? "text/html; charset=utf-8", ...page.headers });
    response.end(page.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
