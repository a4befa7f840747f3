import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network.ts";

describe("the network a client is counted by", () => {
  it.each([
    ["192.0.2.7", "192.0.2.7"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["::FFFF:192.0.2.7", "192.0.2.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::ffff", "2001:db8:1:2::/64"],
    ["[2001:DB8:1:2::1]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    [undefined, "unknown"],
    ["not an address", "unknown"],
  ])("%s counts as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it("every address of one /64 is one client; the next /64 is another", () => {
    const networks = new Set(["2001:db8:5:6::1", "2001:db8:5:6:ffff:ffff:ffff:ffff", "2001:db8:5:6:1234::9"].map(clientNetwork));
    expect(networks.size).toBe(1);
    expect(clientNetwork("2001:db8:5:7::1")).not.toBe(clientNetwork("2001:db8:5:6::1"));
  });
});
