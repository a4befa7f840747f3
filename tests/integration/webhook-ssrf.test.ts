import { networkInterfaces } from "node:os";
import { isIP } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedWebhook, Webhook } from "../../shared/webhooks.ts";
import { WEBHOOK_URL_HTTPS_ONLY, WEBHOOK_URL_PRIVATE } from "../../server/services/webhook-address.ts";
import { createWebhookService } from "../../server/services/webhooks.ts";
import { createSession } from "../support/auth.ts";
import { databaseKinds } from "../support/databases.ts";
import { postForm } from "../support/http.ts";
import { api } from "../support/posts.ts";
import { ownDeliveryWorker } from "../support/webhook-worker.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Addresses a webhook must never reach (docs/decisions/073-webhooks.md): every one refused when a
 * webhook is added, when it is edited, and at delivery when a name resolves to it. They come from
 * the IANA special-purpose registries and from an outside attack run (this host's gateway 192.0.2.1
 * and interface 192.0.2.2, documentation ranges, IPv6 forms carrying loopback, metadata or private
 * IPv4, Teredo, site-local, discard).
 */
const REFUSED = [
  // IPv4 special-purpose blocks
  "0.0.0.0", "10.1.2.3", "100.64.0.1", "127.0.0.1", "127.1.2.3", "169.254.169.254", "172.16.5.4", "192.0.0.8", "192.0.2.1",
  "192.0.2.2", "192.31.196.1", "192.52.193.1", "192.88.99.1", "192.168.0.10", "192.175.48.1", "198.18.0.1", "198.51.100.7",
  "203.0.113.9", "224.0.0.1", "240.0.0.1", "255.255.255.255",
  // IPv6 outside global unicast, and special-purpose blocks inside it
  "::", "::1", "::7f00:1", "100::1", "fc00::1", "fd12:3456::1", "fe80::1", "fec0::1", "ff02::1", "64:ff9b:1::7f00:1",
  "2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:2::1", "2001:db8::1", "3fff::1", "5f00::1",
  // IPv6 forms carrying a loopback, metadata or private IPv4 address
  "::ffff:127.0.0.1", "::ffff:0:127.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "2002:7f00:1::", "2002:a9fe:a9fe::",
];
/** Real public resolvers' addresses: accepted (no connection is made to them here). */
const PUBLIC = ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2001:4860:4860::8888"];

const literal = (address: string) => `https://${isIP(address) === 6 ? `[${address}]` : address}/hook`;
const family = (address: string): 4 | 6 => (isIP(address) === 6 ? 6 : 4);
const SECRET = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0";

/** SSRF (docs/decisions/073-webhooks.md): the development switch off, production rules. */
describe.each(databaseKinds)("webhook URL safety on %s", (kind) => {
  let app: TestApp;
  let admin: string;
  let publicWebhook: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    // The app's own worker would resolve this file's names with real DNS: the tests' workers deliver
    // (no background job runs: startTestApp without `jobs`).
    admin = (await createSession(app, { isAdmin: true })).cookie;
    publicWebhook = ((await (await create("https://93.184.215.14/hook")).json()) as CreatedWebhook).id;
  });
  afterAll(() => app.close());

  const create = (url: string) =>
    api(app, "/api/cms/webhooks", { method: "POST", cookie: admin, body: { url, events: ["demo_request.created"] } });
  const edit = (id: number, url: string) => api(app, `/api/cms/webhooks/${id}`, { method: "PATCH", cookie: admin, body: { url } });
  /** The service with a resolver that answers `addresses` for every name. */
  const serviceResolving = (...addresses: string[]) =>
    createWebhookService({
      db: app.services.database.db,
      clock: app.clock,
      policy: { production: true, allowPrivate: false },
      outbox: { enqueueWebhookEvent: () => Promise.reject(new Error("not used")) },
      wake: () => {},
      resolve: async () => addresses.map((address) => ({ address, family: family(address) })),
    });
  const refusedOnUrl = async (response: Response) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: WEBHOOK_URL_PRIVATE, errors: { url: WEBHOOK_URL_PRIVATE } });
  };

  it.each(REFUSED)("refuses %s when a webhook is added or edited, as a literal and as a name's DNS answer", async (address) => {
    await refusedOnUrl(await create(literal(address)));
    await refusedOnUrl(await edit(publicWebhook, literal(address)));
    // A name whose answers include it, next to a public one (a client may connect to any of them).
    const service = serviceResolving("8.8.8.8", address);
    const input = { url: "https://hooks.example.com/zuri", events: ["demo_request.created" as const] };
    expect(await service.create(input, null)).toMatchObject({ refused: true, fields: { url: WEBHOOK_URL_PRIVATE } });
    expect(await service.update(publicWebhook, { url: input.url })).toMatchObject({ refused: true, fields: { url: WEBHOOK_URL_PRIVATE } });
    expect((await app.services.webhooks.get(publicWebhook) as Webhook).url).toBe("https://93.184.215.14/hook");
  });

  it.each([
    "https://2130706433/hook",
    "https://0x7f.1/hook",
    "https://3221225985/hook",
    "https://[::FFFF:7F00:1]/hook",
    "https://[FEC0::1]:8443/hook",
    "https://localhost/hook",
    "https://LOCALHOST:8443/hook",
  ])("refuses %s, however the address is written", async (url) => {
    await refusedOnUrl(await create(url));
  });

  it("refuses every address of this machine's own network interfaces", async () => {
    const own = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map(({ address }) => address));
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) await refusedOnUrl(await create(literal(address)));
  });

  it.each(PUBLIC)("accepts %s when a webhook is added or edited, as a literal and as a name's DNS answer", async (address) => {
    const created = await create(literal(address));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as CreatedWebhook;
    const edited = await edit(id, literal(address).replace("/hook", "/other"));
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Webhook).url).toBe(literal(address).replace("/hook", "/other"));
    const service = serviceResolving(address);
    const named = await service.create({ url: "https://hooks.example.com/zuri", events: ["demo_request.created"] }, null);
    expect(named).toMatchObject({ url: "https://hooks.example.com/zuri" });
    await app.services.webhooks.remove(id, null);
    await app.services.webhooks.remove((named as CreatedWebhook).id, null);
  });

  it("checks every address again at delivery: names that now resolve to a refused address are not contacted", async () => {
    const { db } = app.services.database;
    // Each name resolved to a public address when it was added; now it answers a refused one.
    const answers = new Map(REFUSED.map((address, i) => [`rebind-${i}.example`, address]));
    const ids: number[] = [];
    for (const hostname of answers.keys()) {
      const row = await db
        .insertInto("webhooks")
        .values({ url: `https://${hostname}/hook`, events: "demo_request.created", secret: SECRET, created_at: app.clock().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
      expect(await app.services.webhooks.sendTest(Number(row.id))).toMatchObject({ eventType: "webhook.test" });
    }
    const resolved: string[] = [];
    const worker = ownDeliveryWorker(app, kind, {
      resolve: async (hostname) => {
        resolved.push(hostname);
        const address = answers.get(hostname)!;
        return [{ address, family: family(address) }];
      },
    });
    await worker.sweep();
    expect(resolved.sort()).toEqual([...answers.keys()].sort());
    const rows = await db.selectFrom("webhook_deliveries").selectAll().where("webhook_id", "in", ids).execute();
    expect(rows).toHaveLength(REFUSED.length);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", last_error: WEBHOOK_URL_PRIVATE, last_status_code: null });
      expect(Number(row.attempts)).toBe(1);
    }
    for (const id of ids) await app.services.webhooks.remove(id, null);
  });

  it("refuses http:// in production and on update too", async () => {
    const response = await create("http://hooks.example.com/zuri");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.url).toBe(WEBHOOK_URL_HTTPS_ONLY);
    const changed = await edit(publicWebhook, "http://93.184.215.14/hook");
    expect(changed.status).toBe(400);
    expect(((await changed.json()) as { errors: Record<string, string> }).errors.url).toBe(WEBHOOK_URL_HTTPS_ONLY);
  });

  it("the page's edit form refuses a private address with the message under the URL field and keeps the webhook as it was", async () => {
    const before = await app.services.webhooks.get(publicWebhook);
    const refused = await postForm(
      app,
      `/cms/webhooks?edit=${publicWebhook}`,
      { intent: "edit", id: String(publicWebhook), url: "https://169.254.169.254/latest/meta-data/", events: "post.published" },
      { cookie: admin },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`<p id="webhook-${publicWebhook}-form-url-error" class="text-sm font-medium text-destructive">${WEBHOOK_URL_PRIVATE}</p>`);
    expect(await app.services.webhooks.get(publicWebhook)).toEqual(before);
  });
});
