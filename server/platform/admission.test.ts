import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdmission } from "./admission.ts";

describe("createAdmission", () => {
  it("admits up to its limit, refuses past it and counts the refusals", () => {
    const renders = createAdmission(2);
    expect([renders.tryEnter(), renders.tryEnter(), renders.tryEnter()]).toEqual([true, true, false]);
    expect(renders.refused).toBe(1);
    renders.leave();
    expect(renders.tryEnter()).toBe(true);
    expect(renders.inFlight).toBe(2);
  });

  it("never gives background work the last free place, so a shopper's request still finds one", () => {
    const renders = createAdmission(2);
    expect(renders.tryEnterBackground()).toBe(true);
    expect(renders.tryEnterBackground()).toBe(false);
    expect(renders.tryEnter()).toBe(true);
    renders.leaveBackground();
    renders.leave();
    expect(renders.tryEnter()).toBe(true);
    expect(renders.tryEnterBackground()).toBe(false);
    expect(renders.refused).toBe(0);
  });

  it("holds background work to a quarter of the places", () => {
    const renders = createAdmission(16);
    const taken = Array.from({ length: 8 }, () => renders.tryEnterBackground());
    expect(taken.filter(Boolean)).toHaveLength(4);
    expect(renders.inFlight).toBe(4);
    for (let i = 0; i < 12; i++) expect(renders.tryEnter()).toBe(true);
    expect(renders.tryEnter()).toBe(false);
    renders.leaveBackground();
    expect(renders.tryEnterBackground()).toBe(false); // the last free place stays a shopper's
    expect(renders.tryEnter()).toBe(true);
  });
});

describe("waiting for a place", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("admits at once while a place is free, deciding before it returns", () => {
    const renders = createAdmission(1);
    const decided: boolean[] = [];
    renders.waitToEnter(100, (inside) => decided.push(inside));
    expect(decided).toEqual([true]);
    expect(renders.inFlight).toBe(1);
  });

  it("hands a freed place to the longest-waiting request, first come first served", () => {
    const renders = createAdmission(1);
    const order: string[] = [];
    renders.waitToEnter(100, () => order.push("first"));
    renders.waitToEnter(100, (inside) => order.push(`second ${inside}`));
    renders.waitToEnter(100, (inside) => order.push(`third ${inside}`));
    expect(renders.waiting).toBe(2);
    renders.leave();
    expect(order).toEqual(["first", "second true"]);
    expect(renders.inFlight).toBe(1); // the place went on, it was not given back
    renders.leave();
    expect(order).toEqual(["first", "second true", "third true"]);
    renders.leave();
    expect(renders.inFlight).toBe(0);
    expect(renders.refused).toBe(0);
  });

  it("refuses a request that waited its time in vain, and does not hand it a place afterwards", () => {
    const renders = createAdmission(1);
    renders.waitToEnter(100, () => {});
    const decided: boolean[] = [];
    renders.waitToEnter(100, (inside) => decided.push(inside));
    vi.advanceTimersByTime(99);
    expect(decided).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(decided).toEqual([false]);
    expect(renders.refused).toBe(1);
    expect(renders.waiting).toBe(0);
    renders.leave();
    expect(decided).toEqual([false]);
    expect(renders.inFlight).toBe(0);
  });

  it("passes over a request whose client went away, without a word to it", () => {
    const renders = createAdmission(1);
    renders.waitToEnter(100, () => {});
    const gone: boolean[] = [];
    const giveUp = renders.waitToEnter(100, (inside) => gone.push(inside));
    const next: boolean[] = [];
    renders.waitToEnter(100, (inside) => next.push(inside));
    giveUp();
    renders.leave();
    expect(gone).toEqual([]);
    expect(next).toEqual([true]);
    vi.advanceTimersByTime(1000);
    expect(gone).toEqual([]);
    expect(renders.refused).toBe(0);
  });

  it("lets no background work take a place while requests wait", () => {
    const renders = createAdmission(8);
    for (let i = 0; i < 8; i++) renders.waitToEnter(100, () => {});
    const decided: boolean[] = [];
    renders.waitToEnter(100, (inside) => decided.push(inside));
    renders.leave();
    expect(decided).toEqual([true]);
    renders.leave();
    renders.leave();
    expect(renders.tryEnterBackground()).toBe(true);
    renders.waitToEnter(100, () => {});
    renders.waitToEnter(100, () => {});
    expect(renders.waiting).toBe(1);
    expect(renders.tryEnterBackground()).toBe(false);
  });
});
