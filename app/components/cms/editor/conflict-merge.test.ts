import { describe, expect, it } from "vitest";
import { reviewConflict } from "./conflict-merge.ts";
import { emptyFields, type PostFormFields } from "./post-form.ts";

const base: PostFormFields = {
  ...emptyFields,
  title: "Forecasting demand",
  slug: "forecasting-demand",
  content: "<p>First paragraph.</p>",
  excerpt: "An excerpt",
  tags: ["Forecasting"],
  authorId: 1,
};

describe("reviewConflict (docs/decisions/058)", () => {
  it("keeps their change to a field the writer did not touch, and the writer's own changes", () => {
    const mine = { ...base, title: "Forecasting demand in retail" };
    const theirs = { ...base, excerpt: "Their better excerpt", tags: ["Forecasting", "Retail"] };
    const { merged, theirChanges } = reviewConflict(base, mine, theirs);
    expect(merged).toEqual({ ...base, title: "Forecasting demand in retail", excerpt: "Their better excerpt", tags: ["Forecasting", "Retail"] });
    expect(theirChanges).toEqual([
      { field: "excerpt", label: "Excerpt", theirs: "Their better excerpt", replaced: false },
      { field: "tags", label: "Tags", theirs: "Forecasting, Retail", replaced: false },
    ]);
  });

  it("saves the writer's value where both changed a field, and says theirs is replaced", () => {
    const mine = { ...base, content: "<p>My rewrite.</p>" };
    const theirs = { ...base, content: "<p>Their rewrite.</p>", title: "Their title" };
    const { merged, theirChanges } = reviewConflict(base, mine, theirs);
    expect(merged.content).toBe("<p>My rewrite.</p>");
    expect(merged.title).toBe("Their title");
    expect(theirChanges).toContainEqual({ field: "content", label: "Content", theirs: "Their rewrite.", replaced: true });
  });

  it("says when only their formatting changed, cuts long text, and lists nothing when they changed nothing", () => {
    const theirs = { ...base, content: "<p><strong>First</strong> paragraph.</p>", metaDescription: "x".repeat(300) };
    const { theirChanges } = reviewConflict(base, base, theirs);
    expect(theirChanges[0]).toMatchObject({ field: "content", theirs: "Formatting changed" });
    expect(theirChanges[1]!.theirs).toHaveLength(160);
    expect(reviewConflict(base, { ...base, title: "Mine" }, base).theirChanges).toEqual([]);
  });

  it("never merges the status: publishing or not is the writer's own action", () => {
    const { merged, theirChanges } = reviewConflict(base, { ...base, published: false }, { ...base, published: true });
    expect(merged.published).toBe(false);
    expect(theirChanges).toEqual([]);
  });
});
