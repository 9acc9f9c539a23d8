import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_FAILED_EVENT } from "../copy.ts";
import {
  CHECKOUT_STARTED,
  MAX_CLOCK_SKEW_MS,
  MAX_EVENT_AGE_MS,
  normalizeSearch,
  ORDER_COMPLETED,
  occurredAt,
  PAGE_VIEWED,
  PRODUCT_ADDED,
  PRODUCT_VIEWED,
} from "./events.ts";
import { FUNNEL_STEPS, funnelByDay, stepsReached } from "./funnel.ts";

const V = PAGE_VIEWED;
const P = PRODUCT_VIEWED;
const C = PRODUCT_ADDED;
const K = CHECKOUT_STARTED;
const O = ORDER_COMPLETED;

describe("how far one visitor went", () => {
  it.each([
    ["nothing", [], 0],
    ["a visit", [V], 1],
    ["visit and product", [V, P], 2],
    ["the whole way", [V, P, C, K, O], 5],
    ["in another order", [O, K, C, P, V], 5],
    ["a product without a visit", [P, C], 0],
    ["a visit and a cart, no product", [V, C], 1],
    ["repeats", [V, V, P, P], 2],
    ["other events", [V, ORDER_FAILED_EVENT, P], 2],
  ])("%s", (_, events, reached) => {
    expect(stepsReached(events)).toBe(reached);
  });
});

describe("the funnel by day", () => {
  it("counts distinct visitors per step, newest day first, with each step's share of the one before", () => {
    const rows = [
      { day: "2026-11-25", visitor: "a", events: [V, P, C] },
      { day: "2026-11-25", visitor: "a", events: [K] }, // the same visitor again: once
      { day: "2026-11-25", visitor: "b", events: [V, P] },
      { day: "2026-11-25", visitor: "c", events: [V] },
      { day: "2026-11-25", visitor: "d", events: [V] },
      { day: "2026-11-26", visitor: "a", events: [V, P, C, K, O] },
    ];
    expect(funnelByDay(rows)).toEqual([
      { day: "2026-11-26", counts: [1, 1, 1, 1, 1], rates: [1, 1, 1, 1, 1] },
      { day: "2026-11-25", counts: [4, 2, 1, 1, 0], rates: [1, 0.5, 0.5, 1, 0] },
    ]);
  });

  it("no visitors: no days", () => {
    expect(funnelByDay([])).toEqual([]);
  });

  it("never counts more visitors at a step than at the step before", () => {
    const event = fc.constantFrom(...FUNNEL_STEPS.map((s) => s.event));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.constantFrom("2026-11-25", "2026-11-26"),
            visitor: fc.constantFrom("a", "b", "c", "d"),
            events: fc.array(event, { maxLength: 6 }),
          }),
        ),
        (rows) => {
          for (const day of funnelByDay(rows)) {
            for (let i = 1; i < day.counts.length; i++)
              expect(day.counts[i]).toBeLessThanOrEqual(day.counts[i - 1]);
            expect(day.counts[0]).toBeLessThanOrEqual(4);
          }
        },
      ),
    );
  });
});

describe("an event's time", () => {
  const at = Date.UTC(2026, 10, 26, 12);
  it.each([
    ["absent: when it arrived", undefined, at],
    ["a minute ago", at - 60_000, at - 60_000],
    ["a little ahead (clock drift): when it arrived", at + 60_000, at],
    ["too far ahead", at + MAX_CLOCK_SKEW_MS + 1, null],
    ["too old", at - MAX_EVENT_AGE_MS - 1, null],
    ["not a number", Number.NaN, null],
  ])("%s", (_, client, expected) => {
    expect(occurredAt(client, at)).toBe(expected);
  });
});

describe("a search as the console groups it", () => {
  it.each([
    ["  Pinot   Noir ", "pinot noir"],
    ["IPA", "ipa"],
  ])("%s", (raw, expected) => {
    expect(normalizeSearch(raw)).toBe(expected);
  });
});
