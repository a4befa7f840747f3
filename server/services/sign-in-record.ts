import { describeDevice } from "../../shared/user-agent.ts";
import type { SessionDevice } from "./auth.ts";

/**
 * What the activity log keeps of sign-ins (docs/decisions/029-activity-log-and-sessions.md): the
 * device in words and the place a trusted proxy named, and for a burst of failures the count and the
 * network, never an address in full.
 */

/** A burst: the failed sign-in that makes this many for one account within the login window writes one line. */
export const FAILURE_BURST = 5;

/** A sign-in's particulars: how (password, or a second factor after it), on what device, and where if known. */
export function signInDetail(method: "password" | "second-factor", device: SessionDevice): Record<string, unknown> {
  return { method, device: describeDevice(device.userAgent), ...(device.place ? { place: device.place } : {}) };
}

/**
 * A client network (server/security/client-network.ts) as the log shows it: an IPv4 address by its
 * /24, an IPv6 /64 by its /48. Enough to tell one attacker's network from another, not to name a
 * household, for the year the log keeps it.
 */
export function networkLabel(network: string): string {
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(network);
  if (ipv4) return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24`;
  const ipv6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(network);
  if (ipv6) return `${ipv6[1]}:${ipv6[2]}:${ipv6[3]}::/48`;
  return "unknown";
}
