import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchPlacements, usablePlacements } from "./banners.ts";

const good = {
  id: "b1",
  title: "Two-for-one lagers",
  text: "This weekend",
  image_url: null,
  link: "/beer",
  location: "category",
  categories: ["beer"],
  after_row_of_result: 1,
};

describe("which placements the grid shows", () => {
  it.each([
    ["a good one", good, true],
    ["an https link", { ...good, link: "https://partner.example/x" }, true],
    ["an image of ours", { ...good, image_url: "/images/categories/beer.svg" }, true],
    ["HTML in the title", { ...good, title: "<b>x</b>" }, false],
    ["a javascript: link", { ...good, link: "javascript:alert(1)" }, false],
    ["an image from elsewhere", { ...good, image_url: "https://cdn.example/x.png" }, false],
    ["a negative row", { ...good, after_row_of_result: -1 }, false],
    ["no id", { ...good, id: 7 }, false],
    ["not an object", "banner", false],
  ])("%s", (_, placement, shown) => {
    expect(usablePlacements([placement])).toHaveLength(shown ? 1 : 0);
  });

  it("an answer that is no array is no banners", () => {
    expect(usablePlacements({ placements: [good] })).toEqual([]);
    expect(usablePlacements(null)).toEqual([]);
  });
});

describe("asking the placement service", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the placements", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify([good]), { status: 200 })),
    );
    expect(await fetchPlacements("beer")).toEqual([good]);
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe("/mc/serve?u=beer");
  });

  it.each([
    ["a 500", async () => new Response("{}", { status: 500 })],
    ["a network failure", async () => Promise.reject(new TypeError("Failed to fetch"))],
    ["not JSON", async () => new Response("<html>", { status: 200 })],
  ])("%s is no banners", async (_, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    expect(await fetchPlacements("beer")).toEqual([]);
  });

  it("no answer in time is no banners (the request is aborted)", async () => {
    let aborted = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => {
              aborted = true;
              reject(new DOMException("aborted", "AbortError"));
            });
          }),
      ),
    );
    const started = Date.now();
    expect(await fetchPlacements("beer", 50)).toEqual([]);
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
