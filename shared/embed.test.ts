import { describe, expect, it } from "vitest";
import { embedFrameUrl, embedPageUrl, isValidEmbed, parseEmbedUrl } from "./embed.ts";

describe("parseEmbedUrl: YouTube, Vimeo and X addresses (docs/decisions/076)", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "youtube", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["  https://vimeo.com/76979871  ", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
    ["https://x.com/zuri_ai/status/1790000000000000000", "x", "1790000000000000000"],
    ["https://twitter.com/jack/status/20?s=20", "x", "20"],
    ["https://mobile.twitter.com/i/web/status/20", "x", "20"],
  ])("%s is %s %s", (url, provider, id) => {
    expect(parseEmbedUrl(url)).toEqual({ provider, id });
  });

  it.each([
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXc", // 10 characters
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\"><script>",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ/extra",
    "https://www.youtube.com/channel/UC123",
    "https://vimeo.com/channels/staffpicks",
    "https://vimeo.com/12345abc",
    "https://x.com/zuri_ai",
    "https://x.com/zuri_ai/status/12a",
    "https://x.com/zuri_ai/status/20/photo/1",
    "https://x.com/not a user/status/20",
    "ftp://vimeo.com/76979871",
    "not a url",
    "",
  ])("%j is not an embed", (url) => {
    expect(parseEmbedUrl(url)).toBeNull();
  });

  it("rebuilds the page and player addresses from the pair only", () => {
    expect(embedPageUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(embedFrameUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(embedFrameUrl({ provider: "vimeo", id: "76979871" })).toBe("https://player.vimeo.com/video/76979871?autoplay=1");
    expect(embedFrameUrl({ provider: "x", id: "20" })).toBe("https://platform.twitter.com/embed/Tweet.html?id=20");
    expect(embedPageUrl({ provider: "x", id: "20" })).toBe("https://x.com/i/status/20");
  });

  it("checks a stored pair strictly", () => {
    expect(isValidEmbed("youtube", "dQw4w9WgXcQ")).toBe(true);
    expect(isValidEmbed("vimeo", "dQw4w9WgXcQ")).toBe(false);
    expect(isValidEmbed("toString", "1")).toBe(false);
    expect(isValidEmbed("x", "1 onload=alert(1)")).toBe(false);
  });
});
