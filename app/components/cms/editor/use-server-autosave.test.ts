import { describe, expect, it } from "vitest";
import { copyToOffer } from "./use-server-autosave.ts";
import { emptyFields, type PostFormFields } from "./post-form.ts";
import type { LocalDraft } from "./local-draft.ts";
import type { WorkingCopy } from "../../../../server/services/working-copies.ts";

const saved: PostFormFields = { ...emptyFields, title: "Saved title", slug: "saved-title", content: "<p>Saved.</p>", authorId: 1 };
const local = (title: string, savedAt: string): LocalDraft => ({ fields: { ...saved, title }, baseVersion: 3, savedAt });
const server = (title: string, savedAt: string): WorkingCopy => ({
  postId: 7,
  fields: { ...saved, title },
  baseVersion: 2,
  savedAt,
});

describe("which copy the editor offers on opening a post (docs/decisions/066)", () => {
  it("offers the server's copy when it is newer than this device's and differs from the saved post, with its base version", () => {
    const offer = copyToOffer(local("Local", "2026-03-05T10:00:00.000Z"), server("Server", "2026-03-05T10:05:00.000Z"), saved);
    expect(offer).toEqual({ fields: { ...saved, title: "Server" }, baseVersion: 2, savedAt: "2026-03-05T10:05:00.000Z", from: "server" });
    expect(copyToOffer(null, server("Server", "2026-03-05T10:05:00.000Z"), saved)?.from).toBe("server");
  });

  it("offers this device's copy when it is the newer one", () => {
    const mine = local("Local", "2026-03-05T10:10:00.000Z");
    expect(copyToOffer(mine, server("Server", "2026-03-05T10:05:00.000Z"), saved)).toBe(mine);
    expect(copyToOffer(mine, null, saved)).toBe(mine);
  });

  it("offers nothing when the newest copy is the saved post itself, or there is none", () => {
    expect(copyToOffer(local("Local", "2026-03-05T10:00:00.000Z"), server("Saved title", "2026-03-05T10:05:00.000Z"), saved)).toBeNull();
    expect(copyToOffer(local("Saved title", "2026-03-05T10:00:00.000Z"), null, saved)).toBeNull();
    expect(copyToOffer(null, null, saved)).toBeNull();
  });
});
