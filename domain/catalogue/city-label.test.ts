import { describe, expect, it } from "vitest";
import { cityLabel } from "./city-label.ts";

describe("cityLabel (spec §9)", () => {
  it.each([
    [1, "NYC", "New York", "NYC"],
    [2, "LA", "Los Angeles", "LA"],
    [3, "CHI", "Chicago", "CHI"],
    [4, "SF", "San Francisco", "SF"],
    [6, "DC", "Washington", "DC"],
    [7, "BOS", "Boston", "BOS"],
    [8, "MIA", "Miami", "MIA"],
    [11, "SEA", "Seattle", "SEA"],
    [15, "NJH", "Hoboken", "NJ"],
    [15, "A", "Short code", "A"],
    [14, "SJC", "San Jose", "South Bay"],
    [5, "DEN", "Denver", "Denver"],
    [9, "ATL", "Atlanta", "Atlanta"],
    [10, "AUS", "Austin", "Austin"],
    [12, "PHX", "Phoenix", "Phoenix"],
    [0, "X", "Nowhere", "Nowhere"],
  ])("zone %i, code %s, name %s → %s", (zone, code, name, label) => {
    expect(cityLabel({ zone, code, name })).toBe(label);
  });
});
