import { describe, expect, it } from "vitest";
import { describeFetchFailure, isDue, nextAfterSaving, nextFetchAt } from "./schedule.ts";

const at = new Date("2026-11-29T10:00:00Z");
const hours = (n: number) => new Date(at.getTime() + n * 3_600_000);

describe("a scheduled feed's next fetch", () => {
  it("is the interval after a fetch, or within the hour after a failure", () => {
    expect(nextFetchAt(at, 6)).toEqual(hours(6));
    expect(nextFetchAt(at, 24)).toEqual(hours(24));
    expect(nextFetchAt(at, 6, true)).toEqual(hours(1));
    expect(nextFetchAt(at, 1, true)).toEqual(hours(1));
  });

  it("refuses an interval outside 1 to 24 whole hours", () => {
    for (const n of [0, 25, 1.5, -3, Number.NaN]) expect(() => nextFetchAt(at, n)).toThrow(RangeError);
  });

  it("is now for a new source or a new address, else the schedule goes on from the last fetch", () => {
    expect(nextAfterSaving(at, 6, null)).toEqual(at);
    expect(nextAfterSaving(at, 6, { fetchedAt: hours(-1), sameUrl: false })).toEqual(at);
    expect(nextAfterSaving(at, 6, { fetchedAt: null, sameUrl: true })).toEqual(at);
    expect(nextAfterSaving(at, 6, { fetchedAt: hours(-1), sameUrl: true })).toEqual(hours(5));
    // A shorter interval than the time since the last fetch: due at once, not in the past.
    expect(nextAfterSaving(at, 1, { fetchedAt: hours(-3), sameUrl: true })).toEqual(at);
  });

  it("is due when its time has come and no instance holds it", () => {
    expect(isDue({ nextFetchAt: hours(-1), claimedUntil: null }, at)).toBe(true);
    expect(isDue({ nextFetchAt: at, claimedUntil: null }, at)).toBe(true);
    expect(isDue({ nextFetchAt: hours(1), claimedUntil: null }, at)).toBe(false);
    expect(isDue({ nextFetchAt: hours(-1), claimedUntil: hours(0.1) }, at)).toBe(false);
    // The instance holding it died: its lease ran out.
    expect(isDue({ nextFetchAt: hours(-1), claimedUntil: hours(-0.1) }, at)).toBe(true);
  });
});

describe("a failed fetch in the store's words", () => {
  it("names the HTTP status, the timeout, the size, the file's problems", () => {
    expect(describeFetchFailure({ kind: "status", status: 500 })).toBe(
      "The address answered HTTP 500: the shop's server had an error. Nothing was changed.",
    );
    expect(describeFetchFailure({ kind: "status", status: 401 })).toMatch(
      /HTTP 401: the user name and password/,
    );
    expect(describeFetchFailure({ kind: "status", status: 418 })).toBe(
      "The address answered HTTP 418. Nothing was changed.",
    );
    expect(describeFetchFailure({ kind: "timeout", seconds: 30 })).toMatch(/within 30 seconds/);
    expect(describeFetchFailure({ kind: "too_large", bytes: 10 * 1024 * 1024 })).toMatch(/larger than 10 MB/);
    expect(describeFetchFailure({ kind: "rejected", problems: 2, first: "line 3, Price: not a price" })).toBe(
      "The file has 2 problems (first: line 3, Price: not a price). Nothing was changed.",
    );
  });
});
