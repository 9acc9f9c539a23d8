import { describe, expect, it } from "vitest";
import { createPublicReads, type KeptAnswer, publicMaxAgeMs } from "./public-reads.ts";

const answer = (headers: Record<string, string>, status = 200): KeptAnswer => ({
  status,
  data: { tree: [1, 2, 3] },
  headers,
});

describe("publicMaxAgeMs", () => {
  it.each([
    ["public, max-age=600", 600_000],
    ["max-age=60, public", 60_000],
    ["Public, Max-Age=5", 5_000],
    ["public", 0],
    ["public, max-age=0", 0],
    ["public, max-age=soon", 0],
    ["private, max-age=600", 0],
    ["max-age=600", 0],
    ["public, max-age=600, no-store", 0],
    ["public, no-cache, max-age=600", 0],
    ["no-store", 0],
    ["", 0],
  ])("%j → %i ms", (header, ms) => {
    expect(publicMaxAgeMs(header)).toBe(ms);
  });

  it("reads a header sent as several lines, and none", () => {
    expect(publicMaxAgeMs(["public", "max-age=30"])).toBe(30_000);
    expect(publicMaxAgeMs(undefined)).toBe(0);
  });
});

describe("createPublicReads", () => {
  function clock() {
    let at = 1_000;
    return { now: () => at, advance: (ms: number) => (at += ms) };
  }

  it("keeps a public answer for the shorter of its max-age and its own time", () => {
    const time = clock();
    const reads = createPublicReads({ ttlMs: 5_000, now: time.now });
    const kept = answer({ "cache-control": "public, max-age=600" });
    expect(reads.offer("/menu/categories", kept)).toBe(true);
    time.advance(4_999);
    expect(reads.get("/menu/categories")).toBe(kept);
    time.advance(1);
    expect(reads.get("/menu/categories")).toBeUndefined();
    expect(reads.size).toBe(0);

    reads.offer("/order/cities", answer({ "cache-control": "public, max-age=2" }));
    time.advance(1_999);
    expect(reads.get("/order/cities")).toBeDefined();
    time.advance(1);
    expect(reads.get("/order/cities")).toBeUndefined();
  });

  it.each([
    ["not public", answer({ "cache-control": "private, max-age=600" })],
    ["no cache-control", answer({})],
    ["not a 200", answer({ "cache-control": "public, max-age=600" }, 404)],
    ["a cookie set", answer({ "cache-control": "public, max-age=600", "set-cookie": "sid=1" })],
  ])("keeps nothing for an answer with %s", (_what, offered) => {
    const reads = createPublicReads({ ttlMs: 5_000 });
    expect(reads.offer("/x", offered)).toBe(false);
    expect(reads.get("/x")).toBeUndefined();
  });

  it("keeps each path apart, query included, and forgets them all at once", () => {
    const reads = createPublicReads({ ttlMs: 5_000 });
    const a = answer({ "cache-control": "public, max-age=60" });
    const b = answer({ "cache-control": "public, max-age=60" });
    reads.offer("/copy", a);
    reads.offer("/copy?lang=en", b);
    expect(reads.get("/copy")).toBe(a);
    expect(reads.get("/copy?lang=en")).toBe(b);
    reads.forgetAll();
    expect(reads.get("/copy")).toBeUndefined();
    expect(reads.size).toBe(0);
  });

  it("holds at most 64 paths, the oldest dropped first", () => {
    const reads = createPublicReads({ ttlMs: 5_000 });
    for (let i = 0; i < 65; i++) reads.offer(`/p/${i}`, answer({ "cache-control": "public, max-age=60" }));
    expect(reads.size).toBe(64);
    expect(reads.get("/p/0")).toBeUndefined();
    expect(reads.get("/p/1")).toBeDefined();
    expect(reads.get("/p/64")).toBeDefined();
  });
});
