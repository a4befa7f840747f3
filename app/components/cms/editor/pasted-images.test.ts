import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { blobFromDataUrl, notKeptMessage, placeholderSrc } from "./pasted-images.ts";

describe("notKeptMessage: one toast for what a paste could not keep (docs/decisions/055)", () => {
  it("says nothing when every image was kept", () => {
    expect(notKeptMessage({ source: "Word", unreadableImages: 0 }, [])).toBeNull();
  });

  it("names the source and the count, and why Word's pictures cannot be read", () => {
    expect(notKeptMessage({ source: "Word", unreadableImages: 2 }, [])).toEqual({
      title: "2 images from Word could not be copied: insert them with the Image button",
      description: "Word keeps them as files on your computer, which a web page cannot read.",
    });
    expect(notKeptMessage({ source: "Word", unreadableImages: 1 }, [])?.title).toBe(
      "1 image from Word could not be copied: insert it with the Image button",
    );
  });

  it("adds failed uploads to the count, each reason once", () => {
    expect(notKeptMessage({ source: "Google Docs", unreadableImages: 0 }, ["The address is not allowed.", "The address is not allowed."])).toEqual({
      title: "2 images from Google Docs could not be copied: insert them with the Image button",
      description: "Upload failed: The address is not allowed.",
    });
    expect(notKeptMessage({ source: null, unreadableImages: 1 }, ["Too large."])).toEqual({
      title: "2 images could not be copied: insert them with the Image button",
      description: "The browser cannot read its address. Upload failed: Too large.",
    });
  });
});

describe("placeholderSrc", () => {
  it("is an SVG data: URL (never stored by the server), unique per id", () => {
    expect(placeholderSrc("1-0")).toMatch(/^data:image\/svg\+xml,/);
    expect(placeholderSrc("1-0")).not.toBe(placeholderSrc("1-1"));
    expect(decodeURIComponent(placeholderSrc("1-0"))).toContain("Uploading image…");
  });
});

describe("blobFromDataUrl: data: images are decoded, not fetched (the CSP refuses fetch of data: URLs)", () => {
  it("decodes the picture Word for Windows inlines as a data: URL to its exact bytes", async () => {
    const html = readFileSync(new URL("../../../../tests/fixtures/paste/word-windows.html", import.meta.url), "utf8");
    const src = /src="(data:image\/png;base64,[^"]+)"/.exec(html)![1]!;
    const blob = blobFromDataUrl(src)!;
    expect(blob.type).toBe("image/png");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(bytes.byteLength).toBe(Buffer.from(src.split(",")[1]!, "base64").byteLength);
    expect(new TextDecoder().decode(bytes.subarray(1, 4))).toBe("PNG");
  });

  it("reads percent-encoded data: URLs and line breaks in base64, and answers null for other addresses", async () => {
    expect(await blobFromDataUrl("data:image/svg+xml,%3Csvg%2F%3E")!.text()).toBe("<svg/>");
    expect(await blobFromDataUrl("data:text/plain;base64,aGVs\nbG8=")!.text()).toBe("hello");
    expect(blobFromDataUrl("blob:https://docs.example/1")).toBeNull();
    expect(blobFromDataUrl("https://cdn.example/a.png")).toBeNull();
    expect(() => blobFromDataUrl("data:image/png;base64,%%%")).toThrow();
  });
});
