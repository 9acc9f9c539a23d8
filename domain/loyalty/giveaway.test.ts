import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawWinner, entriesForOrder, giveawayConfig, giveawayRunning } from "./giveaway.ts";

describe("giveaway configuration (spec §5)", () => {
  it.each([
    ["a number", 3, true, { isActive: true, entriesMultiplier: 3 }],
    ["a fraction", 0.5, true, { isActive: true, entriesMultiplier: 0.5 }],
    ["numeric text", "12", true, { isActive: true, entriesMultiplier: 12 }],
    ["a number, switched off", 3, false, { isActive: false, entriesMultiplier: 3 }],
    ["NaN", Number.NaN, true, { isActive: false, entriesMultiplier: 50 }],
    ["'NaN'", "NaN", true, { isActive: false, entriesMultiplier: 50 }],
    ["Infinity", Number.POSITIVE_INFINITY, true, { isActive: false, entriesMultiplier: 50 }],
    ["'Infinity'", "Infinity", true, { isActive: false, entriesMultiplier: 50 }],
    ["-Infinity", Number.NEGATIVE_INFINITY, true, { isActive: false, entriesMultiplier: 50 }],
    ["0", 0, true, { isActive: false, entriesMultiplier: 50 }],
    ["-0", -0, true, { isActive: false, entriesMultiplier: 50 }],
    ["negative", -2, true, { isActive: false, entriesMultiplier: 50 }],
    ["a word", "lots", true, { isActive: false, entriesMultiplier: 50 }],
    ["empty text", "", true, { isActive: false, entriesMultiplier: 50 }],
    ["null", null, true, { isActive: false, entriesMultiplier: 50 }],
    ["undefined", undefined, true, { isActive: false, entriesMultiplier: 50 }],
    ["an object", { n: 3 }, true, { isActive: false, entriesMultiplier: 50 }],
    ["a boolean", true, true, { isActive: false, entriesMultiplier: 50 }],
  ])("%s", (_, raw, active, expected) => {
    expect(giveawayConfig(active, raw)).toEqual(expected);
  });

  it("the answer always has a finite multiplier above 0", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.anything(), (active, raw) => {
        const c = giveawayConfig(active, raw);
        expect(Number.isFinite(c.entriesMultiplier) && c.entriesMultiplier > 0).toBe(true);
      }),
    );
  });
});

describe("running and entries", () => {
  const at = new Date("2026-06-15T12:00:00Z");
  it.each([
    [true, null, null, true],
    [false, null, null, false],
    [true, "2026-06-01T00:00:00Z", "2026-07-01T00:00:00Z", true],
    [true, "2026-06-16T00:00:00Z", null, false],
    [true, null, "2026-06-15T12:00:00Z", false],
  ])("active %s from %s to %s: %s", (active, from, to, running) => {
    expect(
      giveawayRunning(
        { active, startsAt: from ? new Date(from) : null, endsAt: to ? new Date(to) : null },
        at,
      ),
    ).toBe(running);
  });

  it.each([
    [{ isActive: true, entriesMultiplier: 50 }, 50],
    [{ isActive: true, entriesMultiplier: 2.6 }, 3],
    [{ isActive: true, entriesMultiplier: 0.2 }, 1],
    [{ isActive: false, entriesMultiplier: 50 }, 0],
  ])("%o: %i entries", (config, n) => {
    expect(entriesForOrder(config)).toBe(n);
  });
});

describe("the draw", () => {
  const seed = (s: string) => createHash("sha256").update(s).digest("hex");
  const entrants = [
    { userId: "c", entries: 10 },
    { userId: "a", entries: 5 },
    { userId: "b", entries: 0 },
    { userId: "d", entries: 1 },
  ];

  it("is the same for the same seed and entries, in any order", () => {
    const one = drawWinner(entrants, seed("published"));
    const two = drawWinner([...entrants].reverse(), seed("published"));
    expect(one).toEqual(two);
    expect(one?.totalEntries).toBe(16);
  });

  it.each([
    ["0000000000000000", "a", 0],
    ["0000000000000004", "a", 4],
    ["0000000000000005", "c", 5],
    ["000000000000000e", "c", 14],
    ["000000000000000f", "d", 15],
    ["0000000000000010", "a", 0],
  ])("seed %s draws %s (ticket %i)", (hex, winner, ticket) => {
    expect(drawWinner(entrants, hex)).toEqual({ winner, ticket, totalEntries: 16 });
  });

  it("nobody with entries: no winner; a seed that is not hex: an error", () => {
    expect(drawWinner([{ userId: "a", entries: 0 }], seed("x"))).toBeNull();
    expect(() => drawWinner(entrants, "not hex")).toThrow();
  });

  it("only someone holding entries wins", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ userId: fc.uuid(), entries: fc.nat(20) }), { minLength: 1 }),
        fc.string(),
        (list, published) => {
          const out = drawWinner(list, seed(published));
          if (out) expect(list.some((e) => e.userId === out.winner && e.entries > 0)).toBe(true);
          else expect(list.every((e) => e.entries === 0)).toBe(true);
        },
      ),
    );
  });
});
