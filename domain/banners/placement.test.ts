import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BannerRule,
  insertionIndex,
  interleave,
  isPlainText,
  isRunning,
  isSafeImage,
  isSafeLink,
  placementsFor,
  targets,
} from "./placement.ts";

const NOW = new Date("2026-11-26T12:00:00Z");
const banner = (over: Partial<BannerRule> = {}): BannerRule => ({
  id: "b",
  location: "category",
  categories: [],
  after_row_of_result: 1,
  active: true,
  startsAt: null,
  endsAt: null,
  createdAt: new Date("2026-11-01T00:00:00Z"),
  ...over,
});

describe("a banner's schedule", () => {
  it.each([
    ["on, no dates", {}, true],
    ["switched off", { active: false }, false],
    ["started an hour ago", { startsAt: new Date("2026-11-26T11:00:00Z") }, true],
    ["starts in an hour", { startsAt: new Date("2026-11-26T13:00:00Z") }, false],
    ["starts this instant", { startsAt: NOW }, true],
    ["ends in an hour", { endsAt: new Date("2026-11-26T13:00:00Z") }, true],
    ["ended an hour ago", { endsAt: new Date("2026-11-26T11:00:00Z") }, false],
    ["ends this instant", { endsAt: NOW }, false],
  ])("%s", (_, over, running) => {
    expect(isRunning(banner(over), NOW)).toBe(running);
  });
});

describe("a banner's targeting", () => {
  it.each([
    ["category banner, every category, a category", "category", [], "beer", true],
    ["category banner, its category", "category", ["beer", "wine"], "wine", true],
    ["category banner, another category", "category", ["beer"], "wine", false],
    ["category banner, the storefront", "category", [], "storefront", false],
    ["storefront banner, the storefront", "storefront", [], "storefront", true],
    ["storefront banner, a category", "storefront", ["beer"], "beer", false],
  ] as const)("%s", (_, location, categories, unit, expected) => {
    expect(targets({ location, categories }, unit)).toBe(expected);
  });

  it("serves running, targeted banners by row, the newest winning a row, at most three", () => {
    const list = [
      banner({ id: "row2", after_row_of_result: 2 }),
      banner({ id: "old-row1", after_row_of_result: 1 }),
      banner({ id: "new-row1", after_row_of_result: 1, createdAt: new Date("2026-11-20T00:00:00Z") }),
      banner({ id: "off", after_row_of_result: 0, active: false }),
      banner({ id: "wine", after_row_of_result: 0, categories: ["wine"] }),
      banner({ id: "row4", after_row_of_result: 4 }),
      banner({ id: "row5", after_row_of_result: 5 }),
    ];
    expect(placementsFor(list, "beer", NOW).map((b) => b.id)).toEqual(["new-row1", "row2", "row4"]);
    expect(placementsFor(list, "wine", NOW).map((b) => b.id)).toEqual(["wine", "new-row1", "row2"]);
  });
});

describe("where a grid puts a banner", () => {
  it.each([
    ["after row 1 of 4 columns", 1, 4, 60, 4],
    ["after row 1 of 2 columns", 1, 2, 60, 2],
    ["after row 3 of 3 columns", 3, 3, 60, 9],
    ["above the first row", 0, 4, 60, 0],
    ["after the last full row", 2, 4, 8, 8],
    ["past the grid", 3, 4, 8, null],
    ["no columns", 1, 0, 8, null],
    ["a negative row", -1, 4, 8, null],
    ["a fractional row", 1.5, 4, 8, null],
  ])("%s", (_, row, columns, items, expected) => {
    expect(insertionIndex(row, columns, items)).toBe(expected);
  });

  it("interleaves banners after their rows and keeps every card in order", () => {
    const cards = ["a", "b", "c", "d", "e", "f", "g"];
    const out = interleave(cards, [{ after_row_of_result: 1 }, { after_row_of_result: 9 }], 3);
    expect(out.map((x) => (x.kind === "banner" ? "|" : x.item)).join("")).toBe("abc|defg");
  });

  it("never loses or reorders a card, whatever the rows and columns", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 80 }),
        fc.array(fc.integer({ min: -2, max: 30 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 6 }),
        (cards, rows, columns) => {
          const out = interleave(
            cards,
            rows.map((r) => ({ after_row_of_result: r })),
            columns,
          );
          expect(out.filter((x) => x.kind === "product").map((x) => x.item)).toEqual(cards);
          // Every banner shown sits at a row boundary.
          let seen = 0;
          for (const x of out) {
            if (x.kind === "product") seen++;
            else expect(seen % columns).toBe(0);
          }
        },
      ),
    );
  });
});

describe("what a banner may carry", () => {
  it.each([
    ["/beer", true],
    ["/search/ipa?sort=price", true],
    ["https://example.com/offer", true],
    ["//evil.example/x", false],
    ["http://example.com", false],
    ["javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["https://user:pw@example.com", false],
    ["/beer with space", false],
    ["/\\evil.example", false],
    ["", false],
  ])("link %s", (link, ok) => {
    expect(isSafeLink(link)).toBe(ok);
  });

  it.each([
    ["/images/banner.svg", true],
    ["https://cdn.example/banner.png", false],
    ["//cdn.example/banner.png", false],
  ])("image %s", (url, ok) => {
    expect(isSafeImage(url)).toBe(ok);
  });

  it.each([
    ["Two-for-one IPAs this weekend", true],
    ["Fish & chips night", true],
    ["<b>bold</b>", false],
    ["a\u0000b", false],
  ])("text %s", (text, ok) => {
    expect(isPlainText(text)).toBe(ok);
  });
});
