import { isIP } from "node:net";

/**
 * IP addresses as numbers, for judging ranges (server/services/webhook-address.ts) and counting clients
 * (server/security/client-network.ts).
 */

export function ipv4Value(address: string): bigint {
  return address.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** A valid IPv6 address (as net.isIP accepts it: any case, `::`, a dotted IPv4 tail) as a 128-bit number. */
export function ipv6Value(address: string): bigint {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Value(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groups = (part: string) => (part ? part.split(":").map((group) => BigInt(parseInt(group, 16))) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  return all.reduce((value, group) => (value << 16n) | group, 0n);
}

export type ParsedAddress = { family: 4 | 6; value: bigint };

/** An address as the literal or DNS answer gives it (brackets and a zone id allowed), or null if it is none. */
export function parseAddress(address: string): ParsedAddress | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return { family: 4, value: ipv4Value(bare) };
  if (family === 6) return { family: 6, value: ipv6Value(bare) };
  return null;
}

