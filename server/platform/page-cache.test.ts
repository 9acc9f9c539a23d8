import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, encodePage, gzipOf, pageKey, type SharedPage } from "./page-cache.ts";

async function pageOf(text: string): Promise<SharedPage> {
  const body = Buffer.from(text);
  return {
    headers: [["content-type", "text/html"]],
    nonce: { script: "s", style: "t" },
    body,
    ...(await encodePage(body)),
  };
}

describe("the shared page cache", () => {
  it("says whether any shopper's page of a URL is kept or being rendered, so the door lets it through", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 5_000, maxBytes: 10_000, now: () => clock });
    expect(cache.mayServe("/gin")).toBe(false);
    let finish: (page: SharedPage) => void = () => {};
    const rendering = cache.fill(pageKey("/gin", "st_a"), new Promise((resolve) => (finish = resolve)));
    expect(cache.mayServe("/gin")).toBe(true);
    expect(cache.mayServe("/gin?page=2")).toBe(false);
    finish(await pageOf("gin"));
    await rendering;
    await cache.fill(pageKey("/gin", "st_b"), pageOf("gin at b"));
    expect(cache.mayServe("/gin")).toBe(true);
    clock = 5_000; // both past their time (no stale window): forgotten when next asked for
    expect(cache.get(pageKey("/gin", "st_a"))).toBeUndefined();
    expect(cache.mayServe("/gin")).toBe(true);
    expect(cache.get(pageKey("/gin", "st_b"))).toBeUndefined();
    expect(cache.mayServe("/gin")).toBe(false);
    // A render that is not shareable keeps nothing.
    await cache.fill(pageKey("/rum", "st_a"), Promise.resolve(null));
    expect(cache.mayServe("/rum")).toBe(false);
    await cache.fill(pageKey("/rum", "st_a"), pageOf("rum"));
    cache.forgetAll();
    expect(cache.mayServe("/rum")).toBe(false);
    // Pages pushed out by the memory bound no longer count.
    await cache.fill(pageKey("/big", "st_a"), pageOf("x".repeat(20_000)));
    expect(cache.mayServe("/big")).toBe(false);
  });

  it("keeps a rendered page until its time is up", async () => {
    let clock = 1_000;
    const cache = createPageCache({ ttlMs: 5_000, now: () => clock });
    await cache.fill("/beer", pageOf("beer"));
    expect(cache.get("/beer")?.body.toString()).toBe("beer");
    clock += 4_999;
    expect(cache.get("/beer")).toBeDefined();
    clock += 1;
    expect(cache.get("/beer")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("serves a page past its time as stale within the stale window, then forgets it", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 5_000, staleMs: 25_000, now: () => clock });
    await cache.fill("/rum", pageOf("rum"));
    clock = 5_000;
    expect(cache.get("/rum")).toBeUndefined();
    expect(cache.stale("/rum")?.body.toString()).toBe("rum");
    clock = 29_999;
    expect(cache.stale("/rum")).toBeDefined();
    clock = 30_000;
    expect(cache.stale("/rum")).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.fill("/rum", pageOf("rum again"));
    cache.forgetAll();
    expect(cache.stale("/rum")).toBeUndefined();
  });

  it("lets later requests wait for the render in progress instead of rendering again", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    let finish: (page: SharedPage) => void = () => undefined;
    const render = new Promise<SharedPage>((resolve) => {
      finish = resolve;
    });
    const first = cache.fill("/wine", render);
    const waiting = cache.pending("/wine");
    expect(waiting).toBeDefined();
    finish(await pageOf("wine"));
    expect((await waiting)?.body.toString()).toBe("wine");
    expect((await first)?.body.toString()).toBe("wine");
    expect(cache.pending("/wine")).toBeUndefined();
    expect(cache.get("/wine")).toBeDefined();
  });

  it("does not keep a render that started before everything was forgotten (a price changed meanwhile)", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    let finish: (page: SharedPage) => void = () => undefined;
    const stale = cache.fill(
      "/gin",
      new Promise<SharedPage>((resolve) => {
        finish = resolve;
      }),
    );
    cache.forgetAll();
    finish(await pageOf("old price"));
    expect((await stale)?.body.toString()).toBe("old price");
    expect(cache.get("/gin")).toBeUndefined();
  });

  it("keeps nothing for a render that is not shareable or fails, and tells waiters", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    await cache.fill("/404", Promise.resolve(null));
    expect(cache.get("/404")).toBeUndefined();
    const failing = cache.fill("/boom", Promise.reject(new Error("render failed")));
    const waiter = cache.pending("/boom");
    await expect(failing).rejects.toThrow("render failed");
    await expect(waiter).rejects.toThrow("render failed");
    expect(cache.get("/boom")).toBeUndefined();
    expect(cache.pending("/boom")).toBeUndefined();
  });

  it("drops the oldest pages past its memory bound", async () => {
    const one = await pageOf("x".repeat(1000));
    const bytes = one.body.length + one.br.length;
    const cache = createPageCache({ ttlMs: 5_000, maxBytes: bytes * 2 });
    for (const key of ["/a", "/b", "/c"]) await cache.fill(key, Promise.resolve(one));
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/b")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("encodes a page as brotli, and as gzip once asked, that decode to the page", async () => {
    const page = await pageOf("<!doctype html><p>Nightcap</p>".repeat(50));
    expect(zlib.brotliDecompressSync(page.br).toString()).toBe(page.body.toString());
    expect(page.gzip).toBeNull();
    const gz = await gzipOf(page);
    expect(zlib.gunzipSync(gz).toString()).toBe(page.body.toString());
    expect(page.gzip).toBe(gz);
    expect(await gzipOf(page)).toBe(gz);
    expect(page.br.length).toBeLessThan(page.body.length);
  });
});
