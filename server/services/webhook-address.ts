import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { ipv4Value, ipv6Value, parseAddress, type ParsedAddress } from "../security/ip-address.ts";

/**
 * Server-side request forgery defence for webhook URLs (docs/decisions/073-webhooks.md, OWASP SSRF
 * prevention): a webhook may only reach the public internet. Its host is resolved (every address),
 * and one address that is not public refuses the URL, on create and update and again before every
 * delivery (a name may resolve elsewhere later: DNS rebinding). A delivery then connects to the
 * address that was checked, never to a second lookup's answer.
 *
 * "Public" is an allowlist taken from the IANA IPv4 and IPv6 Special-Purpose Address Registries
 * (RFC 6890): IPv4 outside every special-purpose block, IPv6 inside global unicast 2000::/3 and
 * outside its special-purpose blocks; IPv6 forms that carry an IPv4 address (mapped, translated,
 * NAT64, 6to4) are judged by that IPv4 address. This host's own interface addresses are refused
 * whatever their range.
 */

type Block = readonly [network: bigint, prefix: number];

/** IPv4 special-purpose blocks (IANA registry, including the few it marks globally reachable: no receiver lives there). */
const IPV4_SPECIAL: readonly Block[] = (
  [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8], // private
    ["100.64.0.0", 10], // carrier-grade NAT
    ["127.0.0.0", 8], // loopback
    ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
    ["172.16.0.0", 12], // private
    ["192.0.0.0", 24], // IETF protocol assignments
    ["192.0.2.0", 24], // documentation (TEST-NET-1)
    ["192.31.196.0", 24], // AS112-v4
    ["192.52.193.0", 24], // AMT
    ["192.88.99.0", 24], // deprecated 6to4 relay anycast
    ["192.168.0.0", 16], // private
    ["192.175.48.0", 24], // AS112 direct delegation
    ["198.18.0.0", 15], // benchmarking
    ["198.51.100.0", 24], // documentation (TEST-NET-2)
    ["203.0.113.0", 24], // documentation (TEST-NET-3)
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, incl. limited broadcast 255.255.255.255
  ] as const
).map(([network, prefix]) => [ipv4Value(network), prefix] as const);

/** Special-purpose blocks inside global unicast 2000::/3 (everything outside it is refused anyway). */
const IPV6_SPECIAL: readonly Block[] = (
  [
    ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID, AMT, AS112 (all refused)
    ["2001:db8::", 32], // documentation
    ["3fff::", 20], // documentation
    ["5f00::", 16], // SRv6 segment identifiers
  ] as const
).map(([network, prefix]) => [ipv6Value(network), prefix] as const);

const GLOBAL_UNICAST: Block = [ipv6Value("2000::"), 3];
const SIX_TO_FOUR: Block = [ipv6Value("2002::"), 16];
/** IPv6 forms whose last 32 bits are an IPv4 address the packet reaches: judged by that address. */
const IPV4_IN_LAST_32_BITS: readonly Block[] = (
  [
    ["::ffff:0:0", 96], // IPv4-mapped
    ["::ffff:0:0:0", 96], // IPv4-translated (RFC 2765)
    ["64:ff9b::", 96], // NAT64 well-known prefix (RFC 6052); the local-use 64:ff9b:1::/48 is outside 2000::/3: refused
  ] as const
).map(([network, prefix]) => [ipv6Value(network), prefix] as const);

const within = (value: bigint, bits: number, [network, prefix]: Block) => value >> BigInt(bits - prefix) === network >> BigInt(bits - prefix);

/** The IPv4 address an IPv6 transition form carries (mapped, translated, NAT64 well-known, 6to4), else null. */
function embeddedIpv4(value: bigint): bigint | null {
  if (IPV4_IN_LAST_32_BITS.some((block) => within(value, 128, block))) return value & 0xffffffffn;
  if (within(value, 128, SIX_TO_FOUR)) return (value >> 80n) & 0xffffffffn;
  return null;
}

/** Canonical forms of an address for comparing with this host's: itself, and the IPv4 address inside it. */
function identities({ family, value }: ParsedAddress): string[] {
  const inner = family === 6 ? embeddedIpv4(value) : null;
  return [`${family}:${value}`, ...(inner === null ? [] : [`4:${inner}`])];
}

function identitiesOf(addresses: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const address of addresses) {
    const parsed = parseAddress(address);
    if (parsed) for (const identity of identities(parsed)) found.add(identity);
  }
  return found;
}

let hostCache: { at: number; identities: Set<string> } | null = null;
/** This host's interface addresses, all of them (read again after a second: interfaces come and go). */
function hostAddresses(): Set<string> {
  const now = Date.now();
  if (!hostCache || now - hostCache.at >= 1000) {
    const addresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map(({ address }) => address));
    hostCache = { at: now, identities: identitiesOf(addresses) };
  }
  return hostCache.identities;
}

function isPublicIpv4(value: bigint): boolean {
  return !IPV4_SPECIAL.some((block) => within(value, 32, block));
}

function isPublicIpv6(value: bigint): boolean {
  const inner = embeddedIpv4(value);
  if (inner !== null) return isPublicIpv4(inner);
  return within(value, 128, GLOBAL_UNICAST) && !IPV6_SPECIAL.some((block) => within(value, 128, block));
}

/** True for an address a webhook must never reach: anything but a public unicast address, and any address of this host. */
export function isForbiddenAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return true; // not an address at all: refuse rather than guess
  const isPublic = parsed.family === 4 ? isPublicIpv4(parsed.value) : isPublicIpv6(parsed.value);
  if (!isPublic) return true;
  const own = hostAddresses();
  return identities(parsed).some((identity) => own.has(identity));
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
