import { describe, expect, it } from "vitest";
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
