import { describe, expect, it } from "vitest";
import {
  clearFilters,
  listingSearch,
  pagerPages,
  parseListingQuery,
  searchOptionsFor,
  toggleFilter,
  withPage,
} from "./listing-query.ts";

const parse = (qs: string) => parseListingQuery(new URLSearchParams(qs));

describe("parseListingQuery", () => {
  it("defaults to relevance, page 1, no filters", () => {
    expect(parse("")).toEqual({
      filters: { category: [], brand: [], price: [], volume: [], country: [] },
      sort: "relevance",
      page: 1,
    });
  });

  it("reads repeated filters, sort and page", () => {
    const q = parse(
      "brand=makers-mark&brand=jameson&price=10-20&volume=750ml&country=France&sort=price-desc&page=3",
    );
    expect(q.filters.brand).toEqual(["makers-mark", "jameson"]);
    expect(q.filters.price).toEqual(["10-20"]);
    expect(q.filters.volume).toEqual(["750ml"]);
    expect(q.filters.country).toEqual(["France"]);
    expect(q.sort).toBe("price-desc");
    expect(q.page).toBe(3);
  });

  it.each([
    ["page=0", 1],
    ["page=-2", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=999999", 10_000],
  ])("clamps a bad page (%s → %i)", (qs, page) => {
    expect(parse(qs).page).toBe(page);
  });

  it("drops values the API would refuse, and duplicates", () => {
    const q = parse(
      "price=cheap&price=under-10&brand=Bad Slug!&brand=zyn&brand=zyn&category=../x&sort=random",
    );
    expect(q.filters.price).toEqual(["under-10"]);
    expect(q.filters.brand).toEqual(["zyn"]);
    expect(q.filters.category).toEqual([]);
    expect(q.sort).toBe("relevance");
  });
});

describe("searchOptionsFor", () => {
  it("selects the page with skip (60 per page) and maps sort choices", () => {
    expect(searchOptionsFor(parse("page=3&sort=price-asc"))).toEqual({
      skip: 120,
      hitsPerPage: 60,
      sort: { field: "price", order: "asc" },
      filters: {},
      facets: true,
    });
    expect(searchOptionsFor(parse("sort=name")).sort).toEqual({ field: "title", order: "asc" });
    expect(searchOptionsFor(parse("")).sort).toBeUndefined();
  });

  it("sends only the filters that have values", () => {
    expect(searchOptionsFor(parse("brand=zyn&country=France")).filters).toEqual({
      brand: ["zyn"],
      country: ["France"],
    });
  });
});

describe("listing URLs", () => {
  it("round-trips through the query string, leaving defaults out", () => {
    const q = parse("country=France&brand=zyn&sort=name&page=2");
    expect(listingSearch(q)).toBe("?brand=zyn&country=France&sort=name&page=2");
    expect(parseListingQuery(new URLSearchParams(listingSearch(q)))).toEqual(q);
    expect(listingSearch(parse("sort=relevance&page=1"))).toBe("");
  });

  it("toggling a filter goes back to page 1", () => {
    const q = parse("brand=zyn&page=4");
    expect(listingSearch(toggleFilter(q, "brand", "camel"))).toBe("?brand=zyn&brand=camel");
    expect(listingSearch(toggleFilter(q, "brand", "zyn"))).toBe("");
  });

  it("clearing filters keeps the sort", () => {
    expect(listingSearch(clearFilters(parse("brand=zyn&price=under-10&sort=name&page=2")))).toBe(
      "?sort=name",
    );
  });

  it("withPage changes only the page", () => {
    expect(listingSearch(withPage(parse("brand=zyn"), 2))).toBe("?brand=zyn&page=2");
  });
});

describe("pagerPages", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, null, 10]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])("page %i of %i → %j", (current, total, pages) => {
    expect(pagerPages(current, total)).toEqual(pages);
  });
});
