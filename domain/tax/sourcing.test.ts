import { describe, expect, it } from "vitest";
import { ratesIn, sameState, sourcedJurisdictions, stateOf } from "./sourcing.ts";
import type { Rate } from "./types.ts";

const chicagoStore = ["US-IL", "US-IL-COOK", "US-IL-CHICAGO", "US-IL-RTA"];
const evanstonAddress = ["US-IL", "US-IL-COOK", "US-IL-EVANSTON", "US-IL-RTA"];
const laStore = ["US-CA", "US-CA-LA-COUNTY", "US-CA-LOS-ANGELES"];
const santaMonicaAddress = ["US-CA", "US-CA-LA-COUNTY", "US-CA-SANTA-MONICA"];
const garyAddress = ["US-IN", "US-IN-LAKE", "US-IN-GARY"];

describe("stateOf", () => {
  it.each([
    ["US-IL", "IL"],
    ["US-IL-CHICAGO", "IL"],
    ["US-DC", "DC"],
    ["IL-CHICAGO", null],
    ["US-ILL", null],
  ])("%s → %s", (id, state) => {
    expect(stateOf(id)).toBe(state);
  });
});

describe("sourcedJurisdictions", () => {
  it.each([
    {
      case: "origin, same state: the store's",
      sourcing: "origin" as const,
      store: chicagoStore,
      address: evanstonAddress,
      expected: chicagoStore,
    },
    {
      case: "destination, same state: the address's",
      sourcing: "destination" as const,
      store: laStore,
      address: santaMonicaAddress,
      expected: santaMonicaAddress,
    },
    {
      case: "origin across a state line: the address's",
      sourcing: "origin" as const,
      store: chicagoStore,
      address: garyAddress,
      expected: garyAddress,
    },
    {
      case: "destination across a state line: the address's",
      sourcing: "destination" as const,
      store: chicagoStore,
      address: garyAddress,
      expected: garyAddress,
    },
    {
      case: "origin, ids outside the scheme: the address's",
      sourcing: "origin" as const,
      store: ["STORE"],
      address: ["ADDR"],
      expected: ["ADDR"],
    },
    {
      case: "repeats removed, order kept",
      sourcing: "origin" as const,
      store: ["US-IL", "US-IL-CHICAGO", "US-IL"],
      address: ["US-IL"],
      expected: ["US-IL", "US-IL-CHICAGO"],
    },
    {
      case: "destination with no address jurisdictions: none",
      sourcing: "destination" as const,
      store: chicagoStore,
      address: [],
      expected: [],
    },
  ])("$case", ({ sourcing, store, address, expected }) => {
    expect(sourcedJurisdictions(sourcing, store, address)).toEqual(expected);
  });

  it("sameState needs one state on both sides", () => {
    expect(sameState(chicagoStore, evanstonAddress)).toBe(true);
    expect(sameState(chicagoStore, garyAddress)).toBe(false);
    expect(sameState([], [])).toBe(false);
  });
});

describe("ratesIn", () => {
  const rate = (jurisdiction: string): Rate => ({
    kind: "percent",
    jurisdiction,
    taxType: "sales",
    classes: ["beer"],
    ratePpm: 10_000,
    effective: { from: "2020-01-01" },
    source: { title: "fixture", url: "https://example.test", retrieved: "2026-11-29" },
  });

  it("keeps the rates of the sourced jurisdictions only", () => {
    const rates = [rate("US-IL"), rate("US-IL-CHICAGO"), rate("US-IL-EVANSTON")];
    expect(ratesIn(rates, chicagoStore).map((r) => r.jurisdiction)).toEqual(["US-IL", "US-IL-CHICAGO"]);
  });
});
