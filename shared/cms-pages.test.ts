import { describe, expect, it } from "vitest";
import { cmsNavGroupsFor } from "./cms-pages.ts";

const labels = (role: Parameters<typeof cmsNavGroupsFor>[0]) =>
  cmsNavGroupsFor(role).map(({ group, items }) => [group, items.map((item) => item.label)]);

describe("cmsNavGroupsFor", () => {
  it("gives an administrator every group, in the sidebar's order", () => {
    expect(labels("administrator")).toEqual([
      ["Content", ["Posts", "Tags", "Landing pages"]],
      ["Audience", ["Demo Requests", "Insights"]],
      ["Team", ["Users", "Activity"]],
      ["Developers", ["API Tokens", "Webhooks", "API Reference"]],
      ["Account", ["Settings", "Profile"]],
    ]);
  });

  it("leaves out the groups a role may open nothing in", () => {
    expect(labels("author")).toEqual([
      ["Content", ["Posts"]],
      ["Account", ["Profile"]],
    ]);
    expect(labels("sales")).toEqual([
      ["Audience", ["Demo Requests"]],
      ["Account", ["Profile"]],
    ]);
    expect(labels(null)).toEqual([]);
  });
});
