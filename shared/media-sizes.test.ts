import { describe, expect, it } from "vitest";
import { mediaVariantUrl, parseMediaFileName, responsiveMedia } from "./media-sizes.ts";

const key = "AbCdEfGhIjKlMnOpQrSt_-";
const upload = `/media/${key}.jpg`;

describe("responsive media (decision 047)", () => {
  it("names a variant after its upload: /media/{key}.w{width}.{ext}", () => {
    expect(mediaVariantUrl(upload, 640)).toBe(`/media/${key}.w640.jpg`);
    expect(parseMediaFileName(`${key}.w640.jpg`)).toEqual({ key, ext: "jpg", width: "640" });
    expect(parseMediaFileName(`${key}.png`)).toEqual({ key, ext: "png" });
    expect(parseMediaFileName(`${key}.w640.w320.jpg`)).toBeUndefined();
    expect(parseMediaFileName("short.png")).toBeUndefined();
  });

  it("offers every width up to the first at or above `upTo`, with the sizes given", () => {
    expect(responsiveMedia(upload, { sizes: "40px", upTo: 120 })).toEqual({ srcSet: `/media/${key}.w160.jpg 160w`, sizes: "40px" });
    expect(responsiveMedia(upload, { sizes: "96px", upTo: 288 }).srcSet).toBe(`/media/${key}.w160.jpg 160w, /media/${key}.w320.jpg 320w`);
    expect(responsiveMedia(upload, { sizes: "100vw" }).srcSet?.split(", ").map((c) => c.split(" ")[1])).toEqual([
      "160w", "320w", "480w", "640w", "960w", "1280w", "1920w",
    ]);
  });

  it("with the upload's own width, offers the narrower variants and the upload itself at that width (decision 056)", () => {
    expect(responsiveMedia(upload, { sizes: "100vw", ownWidth: 1000 }).srcSet).toBe(
      [160, 320, 480, 640, 960].map((w) => `/media/${key}.w${w}.jpg ${w}w`).concat(`${upload} 1000w`).join(", "),
    );
    expect(responsiveMedia(upload, { sizes: "100vw", ownWidth: 2400 }).srcSet?.split(", ").at(-1)).toBe(`${upload} 2400w`);
    // No variant narrower than the upload: nothing to choose from.
    expect(responsiveMedia(upload, { sizes: "100vw", ownWidth: 160 })).toEqual({});
    expect(responsiveMedia("https://images.example/cover.jpg", { sizes: "100vw", ownWidth: 1000 })).toEqual({});
  });

  it("offers nothing for an image that is not an upload", () => {
    for (const src of [
      "https://images.example/cover.jpg",
      `https://zuri.example/media/${key}.jpg`,
      "/media/pattern.png",
      `/media/${key}.w640.jpg`,
      `/media/${key}.jpg?x=1`,
      "/og-image.png",
    ]) {
      expect(responsiveMedia(src, { sizes: "100vw" }), src).toEqual({});
    }
  });
});
