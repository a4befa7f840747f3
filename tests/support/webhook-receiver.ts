import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** the status this receiver answered */
  status: number;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Statuses to answer, in order; when empty, `defaultStatus`. */
  statuses: number[];
  defaultStatus: number;
  /** Resolves when `count` requests in all have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A local HTTP receiver on 127.0.0.1 (the dev switch WEBHOOKS_ALLOW_PRIVATE_URLS lets the app reach it). */
export async function startWebhookReceiver({ port = 0 }: { port?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    received,
    statuses: [],
    defaultStatus: 200,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhook requests within ${timeoutMs} ms, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = receiver.statuses.shift() ?? receiver.defaultStatus;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), status, receivedAt: Date.now() });
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "not now");
      for (const waiter of [...waiters]) waiter();
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/zuri`;
  return receiver;
}

/**
 * Standard Webhooks verification written from the specification, independently of the app's signer:
 * `webhook-signature` holds space-separated `v1,<base64>` entries, one of which must be the HMAC-SHA256
 * of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded secret after `whsec_`.
 */
export function verifyStandardWebhook(secret: string, { headers, body }: Pick<ReceivedWebhook, "headers" | "body">): boolean {
  const id = String(headers["webhook-id"] ?? "");
  const timestamp = String(headers["webhook-timestamp"] ?? "");
  const signatures = String(headers["webhook-signature"] ?? "").split(" ");
  const key = Buffer.from(secret.split("_")[1] ?? "", "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
