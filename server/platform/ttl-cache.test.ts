import { afterEach, describe, expect, it, vi } from "vitest";
import { createTtlCache } from "./ttl-cache.ts";

describe("createTtlCache", () => {
  afterEach(() => vi.useRealTimers());

  it("serves a value until its time is up, then loads it again", async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cache.get("a", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get("a", load)).toBe(2);
  });

  it("shares one load between concurrent callers", async () => {
    const cache = createTtlCache<number>(1000, 10);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
  });

  it("forgets a failed load", async () => {
    const cache = createTtlCache<number>(1000, 10);
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => 7)).toBe(7);
  });

  it("drops the oldest entry past its size bound", async () => {
    const cache = createTtlCache<string>(60_000, 2);
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("c", async () => "c1");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("c", async () => "c2")).toBe("c1");
  });
});
