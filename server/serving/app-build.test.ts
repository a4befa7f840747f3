import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { matchPage } from "./app-build.ts";

/** Just the routes of a build: a root layout, a page and a catch-all. */
const fakeBuild = () =>
  ({
    routes: {
      root: { id: "root", path: "", module: {} },
      "routes/post": { id: "routes/post", parentId: "root", path: "blog/:slug", module: { handle: "post" } },
      "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: {} },
    },
  }) as unknown as ServerBuild;

describe("matching a path to its page", () => {
  it("answers as React Router matches, and the same answer for the same path of the same build", () => {
    const build = fakeBuild();
    const first = matchPage(build, "/blog/hello");
    expect(first).toMatchObject({ id: "routes/post", pattern: "/blog/:slug", module: { handle: "post" } });
    expect(matchPage(build, "/blog/hello")).toBe(first);
    expect(matchPage(build, "/BLOG/hello.data")).toMatchObject({ id: "routes/post" });
    expect(matchPage(build, "/anything/else")).toMatchObject({ pattern: "/*" });
    // Another build (a dev server's reload) is matched afresh.
    expect(matchPage(fakeBuild(), "/blog/hello")).not.toBe(first);
  });

  it("keeps a bounded number of paths: a scan of unique paths neither grows memory nor changes answers", () => {
    const build = fakeBuild();
    const first = matchPage(build, "/blog/first");
    for (let i = 0; i < 6000; i++) matchPage(build, `/scan/${i}`);
    const again = matchPage(build, "/blog/first");
    expect(again).toEqual(first);
    expect(again).not.toBe(first); // forgotten under the bound, matched again
  });
});
