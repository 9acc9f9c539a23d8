import { describe, expect, it } from "vitest";
import {
  largeImageOf,
  MAX_PHOTO_BYTES,
  parsePhotoUrl,
  photoFiles,
  photoProblem,
  photoStoreKey,
  photoUrl,
  pictureSources,
  productImagesOf,
} from "./photo.ts";

const KEY = "0123456789abcdef";

describe("photo URLs", () => {
  it("name the product, the photo, the box and the format, and read back", () => {
    const file = { sku: "IA-18006-750", key: KEY, box: 480, format: "webp" } as const;
    expect(photoUrl(file)).toBe("/images/photos/IA-18006-750/0123456789abcdef-480.webp");
    expect(parsePhotoUrl(photoUrl(file))).toEqual(file);
    expect(photoStoreKey(file)).toBe("IA-18006-750/0123456789abcdef-480.webp");
  });

  it.each([
    ["the drawn art", "/images/products/IA-18006-750.svg"],
    ["a box no photo has", `/images/photos/IA-18006-750/${KEY}-500.jpg`],
    ["a format we do not make", `/images/photos/IA-18006-750/${KEY}-480.png`],
    ["a short key", "/images/photos/IA-18006-750/0123-480.jpg"],
    ["a path climbing out", `/images/photos/../${KEY}-480.jpg`],
    ["an upper-case key", `/images/photos/IA-18006-750/${KEY.toUpperCase()}-480.jpg`],
    ["another site's file", `https://example.com/images/photos/IA-18006-750/${KEY}-480.jpg`],
  ])("are not read from %s", (_, url) => {
    expect(parsePhotoUrl(url)).toBeNull();
  });

  it("refuse to name a file for a bad SKU or key", () => {
    expect(() => photoUrl({ sku: "../x", key: KEY, box: 240, format: "jpg" })).toThrow();
    expect(() => photoUrl({ sku: "IA-1-750", key: "nothex!", box: 240, format: "jpg" })).toThrow();
  });

  it("a photo is nine files, every box in every format", () => {
    const files = photoFiles("IA-18006-750", KEY).map(photoStoreKey);
    expect(files).toHaveLength(9);
    expect(new Set(files).size).toBe(9);
    expect(files).toContain("IA-18006-750/0123456789abcdef-960.avif");
  });

  it("the product's image is the page box's JPEG, its large image the largest box's", () => {
    const images = productImagesOf("IA-18006-750_ETCH", KEY);
    expect(images.image).toBe(`/images/photos/IA-18006-750_ETCH/${KEY}-480.jpg`);
    expect(images.image_large).toBe(`/images/photos/IA-18006-750_ETCH/${KEY}-960.jpg`);
    expect(largeImageOf(images.image)).toBe(images.image_large);
    expect(largeImageOf("/images/products/IA-18006-750.svg")).toBe("/images/products/IA-18006-750.svg");
  });
});

describe("pictureSources", () => {
  const image = productImagesOf("IA-18006-750", KEY).image;

  it("a card asks for the small box at 1× and the page box at 2×, AVIF then WebP before the JPEG", () => {
    expect(pictureSources(image, 240)).toEqual({
      src: `/images/photos/IA-18006-750/${KEY}-240.jpg`,
      srcSet: `/images/photos/IA-18006-750/${KEY}-240.jpg 1x, /images/photos/IA-18006-750/${KEY}-480.jpg 2x`,
      sources: [
        {
          type: "image/avif",
          srcSet: `/images/photos/IA-18006-750/${KEY}-240.avif 1x, /images/photos/IA-18006-750/${KEY}-480.avif 2x`,
        },
        {
          type: "image/webp",
          srcSet: `/images/photos/IA-18006-750/${KEY}-240.webp 1x, /images/photos/IA-18006-750/${KEY}-480.webp 2x`,
        },
      ],
    });
  });

  it("a product page asks for the page box at 1× and the largest at 2×", () => {
    const page = pictureSources(image, 480);
    expect(page?.src).toBe(`/images/photos/IA-18006-750/${KEY}-480.jpg`);
    expect(page?.sources[0].srcSet).toBe(
      `/images/photos/IA-18006-750/${KEY}-480.avif 1x, /images/photos/IA-18006-750/${KEY}-960.avif 2x`,
    );
  });

  it("the drawn art has no sources: it is shown as it is", () => {
    expect(pictureSources("/images/products/IA-18006-750.svg", 480)).toBeNull();
  });
});

describe("photoProblem", () => {
  const fine = { bytes: 200_000, type: "image/jpeg", width: 800, height: 1600 };

  it.each([
    ["a fine JPEG", fine, null],
    ["a PNG", { ...fine, type: "image/png" }, null],
    ["exactly 10 MB", { ...fine, bytes: MAX_PHOTO_BYTES }, null],
    ["a tall bottle 300 wide and 480 high", { ...fine, width: 300, height: 480 }, null],
    ["one byte over 10 MB", { ...fine, bytes: MAX_PHOTO_BYTES + 1 }, "too_large"],
    ["an SVG", { ...fine, type: "image/svg+xml" }, "unsupported_type"],
    ["a GIF", { ...fine, type: "image/gif" }, "unsupported_type"],
    ["a file no image library reads", { ...fine, type: null }, "unsupported_type"],
    ["479 pixels on its longer side", { ...fine, width: 479, height: 300 }, "too_small"],
    ["10,000 × 5,001 pixels", { ...fine, width: 10_000, height: 5_001 }, "too_many_pixels"],
  ])("%s", (_, file, code) => {
    expect(photoProblem(file)?.code ?? null).toBe(code);
  });

  it("says what is wrong in words a person can act on", () => {
    expect(photoProblem({ ...fine, width: 320, height: 240 })?.message).toBe(
      "That photo is 320×240 pixels. Its longer side must be at least 480 pixels.",
    );
  });
});
