import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  checkWebhookUrl,
  WEBHOOK_URL_CREDENTIALS,
  WEBHOOK_URL_HTTPS_ONLY,
  WEBHOOK_URL_PRIVATE,
  WEBHOOK_URL_UNRESOLVED,
  type AddressPolicy,
  type ResolvedAddress,
} from "./webhook-address.ts";

/**
 * Every request the server makes to an address someone typed or pasted (webhook deliveries, images
 * imported into the media store, bookmark cards) goes through the webhook rules of
 * docs/decisions/073-webhooks.md: the host is resolved, every address must be public, and the
 * connection goes to the address that was checked (DNS rebinding). A fetch follows a few redirects,
 * checking each new address the same way, and stops reading at a size limit.
 */

/** A lookup that answers with the checked addresses only; undefined lets the system resolve (private addresses allowed). */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction | undefined {
  if (addresses.length === 0) return undefined;
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if ((options as { all?: boolean }).all) callback(null, addresses as never);
    else callback(null, first!.address, first!.family);
  };
}

/** The webhook refusals, said of an address in general. */
const REFUSALS_IN_GENERAL: Record<string, string> = {
  [WEBHOOK_URL_HTTPS_ONLY]: "The address must start with https://.",
  [WEBHOOK_URL_CREDENTIALS]: "Leave the user name and password out of the address.",
  [WEBHOOK_URL_UNRESOLVED]: "This address's host name could not be found. Check the address.",
  [WEBHOOK_URL_PRIVATE]: "This address points to a private, local or reserved network address, which the site cannot fetch.",
};

export interface OutboundFetchOptions {
  policy: AddressPolicy;
  /** Tests: resolve host names without DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The body is refused past this many bytes (declared or read). */
  maxBytes: number;
  timeoutMs: number;
  /** The Accept header, e.g. "image/*" or "text/html". */
  accept: string;
  userAgent: string;
  /** Redirects followed, each one checked again (default 3). */
  maxRedirects?: number;
}

export interface FetchedResource {
  /** The address that answered, after redirects. */
  url: URL;
  status: number;
  /** The media type without parameters, lower case ("" when none was sent). */
  contentType: string;
  body: Buffer;
}

/** The resource, or why it was not fetched, in words for the person who gave the address. */
export type OutboundResult = FetchedResource | { refused: string };

const MEGABYTE = 1024 * 1024;
const sizeInWords = (bytes: number) => (bytes >= MEGABYTE ? `${Math.round(bytes / MEGABYTE)} MB` : `${Math.round(bytes / 1024)} KB`);

/** GET of a public address within the rules above; 2xx answers only. */
export async function fetchPublicResource(raw: string, options: OutboundFetchOptions): Promise<OutboundResult> {
  const maxRedirects = options.maxRedirects ?? 3;
  let target = raw;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const checked = await checkWebhookUrl(target, options.policy, options.resolve);
    if ("refused" in checked) return { refused: REFUSALS_IN_GENERAL[checked.refused] ?? checked.refused };
    const answer = await getOnce(checked.url, checked.addresses, options);
    if ("refused" in answer) return answer;
    if ("redirect" in answer) {
      target = new URL(answer.redirect, checked.url).href;
      continue;
    }
    return answer;
  }
  return { refused: `The address redirected more than ${maxRedirects} times.` };
}

type OneAnswer = FetchedResource | { redirect: string } | { refused: string };

function getOnce(url: URL, addresses: ResolvedAddress[], options: OutboundFetchOptions): Promise<OneAnswer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OneAnswer>((done) => {
    let settled = false;
    const finish = (answer: OneAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      done(answer);
    };
    const request = client.request(url, {
      method: "GET",
      headers: { accept: options.accept, "user-agent": options.userAgent },
      agent: false,
      lookup: pinnedLookup(addresses),
    });
    const timeout = setTimeout(() => {
      finish({ refused: `The address did not answer within ${options.timeoutMs / 1000} s.` });
      request.destroy();
    }, options.timeoutMs);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        return finish({ redirect: location });
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        return finish({ refused: `The address answered ${status}.` });
      }
      const tooLarge = { refused: `The file is larger than ${sizeInWords(options.maxBytes)}.` };
      if (Number(response.headers["content-length"] ?? 0) > options.maxBytes) {
        response.destroy();
        return finish(tooLarge);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          return finish(tooLarge);
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        const contentType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        finish({ url, status, contentType, body: Buffer.concat(chunks) });
      });
      response.on("error", () => finish({ refused: "The connection was closed before the whole answer arrived." }));
    });
    request.on("error", () => finish({ refused: "The address could not be reached." }));
    request.end();
  });
}
