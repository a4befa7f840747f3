import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, deleteExpiredRateLimits } from "../../server/security/rate-limit.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

describe.each(databaseKinds)("database rate limiter on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  const limiter = (prefix: string) =>
    createRateLimiter(app.services.database, { keyPrefix: prefix, points: 3, durationSeconds: 60, clock: app.clock });

  it("allows the configured points per window, then refuses with the seconds left", async () => {
    const login = limiter("t1");
    for (let i = 1; i <= 3; i++) expect(await login.consume("1.2.3.4")).toEqual({ allowed: true, count: i });
    app.clock.advance(20_000);
    expect(await login.consume("1.2.3.4")).toEqual({ allowed: false, count: 4, retryAfterSeconds: 40 });
    expect(await login.consume("5.6.7.8")).toEqual({ allowed: true, count: 1 });
  });

  it("starts a new window once the old one has ended", async () => {
    const login = limiter("t2");
    for (let i = 0; i < 4; i++) await login.consume("k");
    app.clock.advance(60_000);
    expect(await login.consume("k")).toEqual({ allowed: true, count: 1 });
  });

  it("is shared by every limiter with the same prefix (as instances on one database are)", async () => {
    const a = limiter("t3");
    const b = limiter("t3");
    await a.consume("k");
    await b.consume("k");
    await a.consume("k");
    expect(await b.consume("k")).toMatchObject({ allowed: false });
  });

  it("counts concurrent hits atomically", async () => {
    const burst = limiter("t4");
    const results = await Promise.all(Array.from({ length: 10 }, () => burst.consume("k")));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("forgets a key on reset and sweeps expired windows", async () => {
    const login = limiter("t5");
    for (let i = 0; i < 4; i++) await login.consume("k");
    await login.reset("k");
    expect(await login.consume("k")).toEqual({ allowed: true, count: 1 });
    app.clock.advance(61_000);
    await deleteExpiredRateLimits(app.services.database, app.clock());
    const left = await app.services.database.db
      .selectFrom("rate_limits")
      .select("key")
      .where("key", "like", "t5:%")
      .execute();
    expect(left).toEqual([]);
  });
});
