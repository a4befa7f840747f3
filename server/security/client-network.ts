import { parseAddress } from "./ip-address.ts";

/**
 * The network a request comes from, as per-client limits count it (docs/decisions/031 and 070): an
 * IPv4 address as it is, an IPv6 address by its /64. One IPv6 subscriber is given a whole /64 (RFC
 * 6177), so counting each full IPv6 address would give anyone with one 2^64 budgets. An IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients) counts as its IPv4.
 */
export function clientNetwork(address: string | undefined): string {
  const parsed = address ? parseAddress(address) : null;
  if (!parsed) return "unknown";
  const { family, value } = parsed;
  if (family === 4) return address!.replace(/^\[|\]$/g, "");
  if (value >> 32n === 0xffffn) return [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 0xffn).join(".");
  const prefix = [112n, 96n, 80n, 64n].map((shift) => ((value >> shift) & 0xffffn).toString(16));
  return `${prefix.join(":")}::/64`;
}
