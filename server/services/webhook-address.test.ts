import type * as os from "node:os";
import { describe, expect, it, vi } from "vitest";
import { checkWebhookUrl, isForbiddenAddress, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from "./webhook-address.ts";

// This host, as the module sees it: public addresses of its own (a server with a public interface).
vi.mock("node:os", async (importOriginal) => ({
  ...(await importOriginal<typeof os>()),
  networkInterfaces: () => ({
    lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }, { address: "::1", family: "IPv6", internal: true }],
    eth0: [
      { address: "93.184.215.14", family: "IPv4", internal: false },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: "IPv6", internal: false },
    ],
  }),
}));

const production = { production: true, allowPrivate: false };

/** Judged by the IANA special-purpose registries (docs/decisions/073-webhooks.md). */
describe("isForbiddenAddress", () => {
  it.each([
    // IPv4 special-purpose blocks, with their edges
    "0.0.0.0", "0.255.255.255", "10.0.0.1", "10.255.255.255", "100.64.0.0", "100.127.255.255", "127.0.0.1", "127.255.255.254",
    "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.0.170", "192.0.2.1", "192.0.2.2",
    "192.31.196.1", "192.52.193.1", "192.88.99.1", "192.168.1.1", "192.175.48.1", "198.18.0.1", "198.19.255.255",
    "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    // IPv6 outside global unicast 2000::/3
    "::", "::1", "::7f00:1", "::808:808", "100::1", "100::ffff:ffff:ffff:ffff", "64:ff9b:1::7f00:1", "64:ff9b:1::808:808",
    "fc00::1", "fd00::2", "fe80::1", "febf::1", "fec0::1", "feff::1", "ff02::1", "ff0e::1", "4000::1", "1000::1",
    // special-purpose blocks inside 2000::/3
    "2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:2::1", "2001:10::1",
    "2001:1ff::1", "2001:db8::1", "2001:db8:ffff::1", "3fff::1", "3fff:fff::1", "5f00::1",
    // IPv4 inside IPv6: mapped, translated, NAT64, 6to4, judged by the IPv4 address
    "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "::ffff:0:127.0.0.1", "::ffff:0:a00:1",
    "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::192.168.0.1", "2002:7f00:1::", "2002:a9fe:a9fe::", "2002:c000:201::1",
    // how DNS answers and literals may be written
    "[::1]", "FEC0::1", "FE80::1%eth0", "fe80::1%25eth0", "::FFFF:169.254.169.254", "[2001:DB8::1]",
    // not an address at all
    "", "localhost", "127.1", "1.2.3", "::ffff:1.2.3.4.5", "2001:db8::g",
  ])("refuses %j", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8", "1.1.1.1", "9.9.9.9", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.255",
    "192.0.3.0", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "223.255.255.255",
    "2606:4700:4700::1111", "2001:4860:4860::8888", "2001:200::1", "2a00:1450:4001:81b::200e", "3fff:1000::1", "3ffe::1",
    "[2606:4700:4700::1111]", "2606:4700:4700:0:0:0:0:1111", "2606:4700:4700::1.1.17.17",
    // IPv4 inside IPv6 with a public IPv4 address
    "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
  ])("accepts %j", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "::ffff:93.184.215.14", "64:ff9b::5db8:d70e", "2002:5db8:d70e::", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "2606:2800:21F:CB07:6820:80DA:AF6B:8B2C"])(
    "refuses %j, an address of this host's own interfaces, public as it is",
    (address) => {
      expect(isForbiddenAddress(address)).toBe(true);
    },
  );
});

describe("checkWebhookUrl", () => {
  const answering = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));

  it("resolves a public name to the addresses a delivery connects to", async () => {
    const checked = await checkWebhookUrl("https://hooks.example.com/zuri", production, answering("8.8.8.8", "2001:4860:4860::8888"));
    expect(checked).toMatchObject({ addresses: [{ address: "8.8.8.8", family: 4 }, { address: "2001:4860:4860::8888", family: 6 }] });
  });

  it.each(["192.0.2.1", "2002:a9fe:a9fe::", "64:ff9b::7f00:1", "fec0::1", "FE80::1%eth0", "93.184.215.14"])(
    "refuses a name with one answer %j among public ones",
    async (address) => {
      expect(await checkWebhookUrl("https://hooks.example.com/zuri", production, answering("8.8.8.8", address))).toEqual({ refused: WEBHOOK_URL_PRIVATE });
    },
  );

  it.each(["https://[::ffff:0:127.0.0.1]/", "https://[64:ff9b:1::7f00:1]/", "https://[FEC0::1]/", "https://[::ffff:169.254.169.254]/", "https://3221225985/", "https://0xc0.0.2.1/"])(
    "refuses the literal %s without asking DNS",
    async (url) => {
      const resolve = vi.fn(answering("8.8.8.8"));
      expect(await checkWebhookUrl(url, production, resolve)).toEqual({ refused: WEBHOOK_URL_PRIVATE });
      expect(resolve).not.toHaveBeenCalled();
    },
  );

  it("refuses a name with no answer", async () => {
    expect(await checkWebhookUrl("https://nowhere.example/", production, answering())).toEqual({ refused: WEBHOOK_URL_UNRESOLVED });
  });

  it("lets anything through with WEBHOOKS_ALLOW_PRIVATE_URLS (development and tests only)", async () => {
    expect(await checkWebhookUrl("http://192.0.2.2:3001/", { production: true, allowPrivate: true })).toMatchObject({ addresses: [] });
  });
});
