import { isIP } from "node:net";

/**
 * The network a request comes from, as per-client limits count it (docs/decisions/031 and 070): an
 * IPv4 address as it is, an IPv6 address by its /64. One IPv6 subscriber is given a whole /64 (RFC
 * 6177), so counting each full IPv6 address would give anyone with one 2^64 budgets. An IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients) counts as its IPv4.
 */
export function clientNetwork(address: string | undefined): string {
  if (!address) return "unknown";
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  return `${ipv6Groups(bare).slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
