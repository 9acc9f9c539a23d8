import { describe, expect, it } from "vitest";
import { jurisdictionName, knownJurisdiction, taxRows } from "./summary.ts";

describe("taxRows", () => {
  const charged = [
    { lineId: "a", jurisdiction: "US-IL", taxType: "sales", cents: 188 },
    { lineId: "fee", jurisdiction: "US-IL", taxType: "sales", cents: 31 },
    { lineId: "a", jurisdiction: "US-IL-CHICAGO", taxType: "retail liquor", cents: 45 },
    { lineId: "order", jurisdiction: "US-IL-CHICAGO", taxType: "checkout bag", cents: 15 },
  ];

  it("sums by jurisdiction and tax type, named, largest first", () => {
    expect(taxRows(charged)).toEqual([
      { jurisdiction: "US-IL", taxType: "sales", title: "Illinois sales tax", cents: 219 },
      {
        jurisdiction: "US-IL-CHICAGO",
        taxType: "retail liquor",
        title: "City of Chicago retail liquor tax",
        cents: 45,
      },
      {
        jurisdiction: "US-IL-CHICAGO",
        taxType: "checkout bag",
        title: "City of Chicago checkout bag tax",
        cents: 15,
      },
    ]);
  });

  it("takes refunds off, and a tax refunded in full is no longer a row", () => {
    const refunded = [
      { lineId: "a", jurisdiction: "US-IL", taxType: "sales", cents: 188 },
      { lineId: "a", jurisdiction: "US-IL-CHICAGO", taxType: "retail liquor", cents: 45 },
    ];
    expect(taxRows(charged, refunded).map((r) => [r.title, r.cents])).toEqual([
      ["Illinois sales tax", 31],
      ["City of Chicago checkout bag tax", 15],
    ]);
  });

  it("names a jurisdiction not on record by its id", () => {
    expect(jurisdictionName("US-ZZ")).toBe("US-ZZ");
  });
});

describe("knownJurisdiction", () => {
  it.each([
    ["IL", "county", "Cook County", "US-IL-COOK"],
    ["IL", "county", "COOK", "US-IL-COOK"],
    ["IL", "city", "CHICAGO", "US-IL-CHICAGO"],
    ["IL", "district", "Regional Transportation Authority", "US-IL-RTA"],
    ["IL", "county", "Lake County", null],
    ["NY", "city", "Chicago", null],
    ["IL", "district", "Chicago", null],
  ])("%s %s %s → %s", (state, level, name, id) => {
    expect(knownJurisdiction(state, level, name)).toBe(id);
  });
});
