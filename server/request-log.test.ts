import { once } from "node:events";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { createRequestLog } from "./request-log.ts";

/** A server whose every request goes through the request log, answered by `answer`; the lines it wrote. */
async function loggedServer(level: string, answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const written: string[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void written.push(chunk) });
  const requestLog = createRequestLog(logger);
  const server = createServer((req, res) => {
    requestLog.start(req, res);
    answer(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const lineFor = async (id: string) => {
    await expect.poll(() => written.some((chunk) => chunk.includes(id))).toBe(true);
    return JSON.parse(written.find((chunk) => chunk.includes(id))!) as Record<string, unknown>;
  };
  return { server, written, lineFor, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logger };
}

let running: { close(): void; closeAllConnections(): void } | undefined;
afterEach(() => {
  running?.closeAllConnections();
  running?.close();
});

describe("the access log", () => {
  it("writes one pino line a request: level, time, id, method, address with secrets redacted, status, time taken", async () => {
    const app = await loggedServer("info", (_req, res) => res.end("ok"));
    running = app.server;
    const response = await fetch(`${app.url}/blog?token=abc&q=supplier%20risk`);
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await app.lineFor(id);
    expect(line).toEqual({
      level: 30,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      req: { id, method: "GET", url: "/blog?token=[redacted]&q=supplier%20risk" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: "request completed",
    });
    // The same shape as any other line the logger writes (pino's own).
    app.logger.info({ probe: 1 }, "probe");
    const probe = JSON.parse(app.written.at(-1)!) as Record<string, unknown>;
    expect(Object.keys(line).slice(0, 2)).toEqual(Object.keys(probe).slice(0, 2));
  });

  it("writes a 5xx at error level and keeps an address with quotes valid JSON", async () => {
    const app = await loggedServer("info", (_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    running = app.server;
    // fetch would percent-encode the quote; node:http sends the path as given.
    const id = await new Promise<string>((resolve, reject) =>
      request({ host: "127.0.0.1", port: (app.server.address() as AddressInfo).port, path: '/a"b\\c' }, (response) => resolve(String(response.headers["x-request-id"]))).on("error", reject).end(),
    );
    const line = await app.lineFor(id);
    expect(line).toMatchObject({ level: 50, res: { statusCode: 503 }, msg: "request errored", req: { url: '/a"b\\c' } });
  });

  it("says when the client went away before the answer was sent", async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    // Never answers.
    const app = await loggedServer("info", () => arrived());
    running = app.server;
    const controller = new AbortController();
    const pending = fetch(`${app.url}/slow`, { signal: controller.signal }).catch(() => undefined);
    await arrival;
    controller.abort();
    await pending;
    await expect.poll(() => app.written.some((chunk) => chunk.includes('"request aborted"'))).toBe(true);
    const line = JSON.parse(app.written.find((chunk) => chunk.includes('"request aborted"'))!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, req: { method: "GET", url: "/slow" } });
  });

  it("writes nothing when info is off", async () => {
    const app = await loggedServer("warn", (_req, res) => res.end("ok"));
    running = app.server;
    const response = await fetch(app.url);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await response.text();
    expect(app.written).toEqual([]);
  });
});
