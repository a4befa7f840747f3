import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPublicResource, type OutboundFetchOptions } from "./outbound-fetch.ts";

/** A local server standing in for the outside world (docs/decisions/073-webhooks.md: private addresses need the switch). */
let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://local");
    if (url.pathname === "/image") {
      response.writeHead(200, { "content-type": "image/png; charset=binary" });
      return response.end(Buffer.from("png bytes"));
    }
    if (url.pathname === "/moved") {
      response.writeHead(302, { location: "/image" });
      return response.end();
    }
    if (url.pathname === "/loop") {
      response.writeHead(301, { location: "/loop" });
      return response.end();
    }
    if (url.pathname === "/big-declared") {
      response.writeHead(200, { "content-type": "image/png", "content-length": "5000" });
      return response.end(Buffer.alloc(5000));
    }
    if (url.pathname === "/big-streamed") {
      response.writeHead(200, { "content-type": "image/png" });
      response.write(Buffer.alloc(600));
      return response.end(Buffer.alloc(600));
    }
    if (url.pathname === "/slow") return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const options = (overrides: Partial<OutboundFetchOptions> = {}): OutboundFetchOptions => ({
  policy: { production: false, allowPrivate: true },
  maxBytes: 1000,
  timeoutMs: 2000,
  accept: "image/*",
  userAgent: "Zuri-Test/1",
  ...overrides,
});

describe("fetchPublicResource", () => {
  it("refuses a private address without connecting to it", async () => {
    const before = requests.length;
    const result = await fetchPublicResource(`${base}/image`, options({ policy: { production: false, allowPrivate: false } }));
    expect(result).toEqual({
      refused: "This address points to a private, local or reserved network address, which the site cannot fetch.",
    });
    expect(requests.length).toBe(before);
  });

  it("refuses a host name that points at a private address, as resolved", async () => {
    const result = await fetchPublicResource("https://images.example/a.png", {
      ...options({ policy: { production: true, allowPrivate: false } }),
      resolve: async () => [{ address: "10.0.0.7", family: 4 }],
    });
    expect(result).toMatchObject({ refused: expect.stringContaining("private, local or reserved") });
  });

  it("answers the body and its media type", async () => {
    const result = await fetchPublicResource(`${base}/image`, options());
    if ("refused" in result) throw new Error(result.refused);
    expect(result.contentType).toBe("image/png");
    expect(result.body.toString()).toBe("png bytes");
  });

  it("follows a redirect and says where it ended", async () => {
    const result = await fetchPublicResource(`${base}/moved`, options());
    if ("refused" in result) throw new Error(result.refused);
    expect(result.url.pathname).toBe("/image");
  });

  it("stops after the redirect limit", async () => {
    expect(await fetchPublicResource(`${base}/loop`, options({ maxRedirects: 2 }))).toEqual({
      refused: "The address redirected more than 2 times.",
    });
  });

  it("refuses a body past the size limit, declared or streamed", async () => {
    const tooLarge = { refused: "The file is larger than 1 KB." };
    expect(await fetchPublicResource(`${base}/big-declared`, options())).toEqual(tooLarge);
    expect(await fetchPublicResource(`${base}/big-streamed`, options())).toEqual(tooLarge);
  });

  it("refuses an error status and a silent server", async () => {
    expect(await fetchPublicResource(`${base}/missing`, options())).toEqual({ refused: "The address answered 404." });
    expect(await fetchPublicResource(`${base}/slow`, options({ timeoutMs: 200 }))).toEqual({
      refused: "The address did not answer within 0.2 s.",
    });
  });
});
