import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, toast, TOAST_REMOVE_DELAY_MS, useToasts } from "./toast.ts";

// useToasts reads the store through useSyncExternalStore; outside React we read it via a tiny probe.
vi.mock("react", () => ({ useSyncExternalStore: (_subscribe: unknown, getSnapshot: () => unknown) => getSnapshot() }));

describe("toast store (docs/product.md §4, §9)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps at most one toast: a new one replaces the older", () => {
    toast({ title: "First" });
    const second = toast({ title: "Second", description: "Newer", variant: "destructive" });
    const list = useToasts();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: second.id, title: "Second", description: "Newer", variant: "destructive", open: true });
  });

  it("a dismissed toast closes at once and leaves memory after 1000000 ms", () => {
    vi.useFakeTimers();
    const { id, dismiss } = toast({ title: "Saved" });
    dismiss();
    expect(useToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(useToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts()).toEqual([]);
  });

  it("dismissToast() without an id closes every toast", () => {
    toast({ title: "One" });
    dismissToast();
    expect(useToasts().every((item) => !item.open)).toBe(true);
  });
});
