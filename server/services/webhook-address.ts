import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Server-side request forgery defence for webhook URLs (docs/decisions/073-webhooks.md, OWASP SSRF
 * prevention): a webhook may only reach the public internet. Its host is resolved (every address),
 * and any address in the ranges below refuses the URL, on create and update and again before every
 * delivery (a name may resolve elsewhere later: DNS rebinding). A delivery then connects to the
 * address that was checked, never to a second lookup's answer.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, incl. broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses through a gateway
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 part becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) IPv6 one, else null. */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (groups.length !== 8 || groups.slice(0, 5).some((group) => group !== 0)) return null;
  if (groups[5] !== 0xffff && !(groups[5] === 0 && (groups[6] !== 0 || groups[7]! > 1))) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address a webhook must never reach: loopback, private, link-local and the like. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner) return blocked.check(inner, "ipv4");
    return blocked.check(bare, "ipv6");
  }
  return true; // not an address at all: refuse rather than guess
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface AddressPolicy {
  /** NODE_ENV=production: https only, unless private addresses are allowed. */
  production: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS=true: local development and tests only. */
  allowPrivate: boolean;
}

export const WEBHOOK_URL_HTTPS_ONLY = "Webhook URLs must start with https://.";
export const WEBHOOK_URL_CREDENTIALS = "Leave the user name and password out of the URL; verify deliveries with the signing secret.";
export const WEBHOOK_URL_UNRESOLVED = "This URL's host name could not be found. Check the address.";
export const WEBHOOK_URL_PRIVATE =
  "This URL points to a private, local or reserved network address, which webhooks cannot reach. Use a public address.";

export type CheckedUrl = { url: URL; addresses: ResolvedAddress[] } | { refused: string };

type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;
const systemLookup: Lookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * Checks a webhook URL and resolves its host: the addresses to connect to, or why it is refused.
 * With `allowPrivate` nothing but the scheme is checked and the system resolves the host at
 * connection time (addresses: empty).
 */
export async function checkWebhookUrl(raw: string, policy: AddressPolicy, resolve: Lookup = systemLookup): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: WEBHOOK_URL_HTTPS_ONLY };
  }
  const httpAllowed = policy.allowPrivate || !policy.production;
  if (url.protocol !== "https:" && !(httpAllowed && url.protocol === "http:")) return { refused: WEBHOOK_URL_HTTPS_ONLY };
  if (url.username || url.password) return { refused: WEBHOOK_URL_CREDENTIALS };
  if (policy.allowPrivate) return { url, addresses: [] };

  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { refused: WEBHOOK_URL_UNRESOLVED };
    }
  }
  if (addresses.length === 0) return { refused: WEBHOOK_URL_UNRESOLVED };
  // Every address must be public: a client may connect to any of them.
  if (addresses.some(({ address }) => isForbiddenAddress(address))) return { refused: WEBHOOK_URL_PRIVATE };
  return { url, addresses };
}
