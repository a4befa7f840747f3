import { describe, expect, it } from "vitest";
import { createVersionedCache, shareAnswer } from "./shared-answer.ts";

const answer = (text: string) => shareAnswer([["content-type", "text/plain"]], Buffer.from(text), { effort: "none" });

describe("the versioned cache", () => {
  it("makes an answer once however many ask for it while it is being made", async () => {
    const cache = createVersionedCache(10);
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer("page");
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.getOrMake("v1", "/", make)));
    expect(made).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.getOrMake("v1", "/", make)).toBe(answers[0]);
    expect(made).toBe(1);
  });

  it("lets the waiters make their own when the first attempt fails, and forgets everything on a new version", async () => {
    const cache = createVersionedCache(10);
    const failing = cache.getOrMake("v1", "/", async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error("database down");
    });
    await expect(failing).rejects.toThrow("database down");
    const made = await cache.getOrMake("v1", "/", async () => answer("again"));
    expect(made?.identity.toString()).toBe("again");
    expect(cache.get("v2", "/")).toBeUndefined();
  });
});
