import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createPublicReads } from "./platform/public-reads.ts";
import { injectApi } from "./ssr.ts";

/**
 * The pages' in-process API calls keep the public answers they read (docs/adr/0096-public-reads-kept-by-the-pages.md):
 * a public GET is asked once, anything else every time, and what is kept cannot be changed by a reader.
 */
async function appWithCounts() {
  const app = Fastify();
  const calls: Record<string, number> = {};
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  const reads = createPublicReads({ ttlMs: 5_000 });
  app.get("/public", async (_req, reply) => {
    count("public");
    reply.header("cache-control", "public, max-age=600");
    return { tree: [{ name: "Beer" }] };
  });
  app.get("/private", async (_req, reply) => {
    count("private");
    reply.header("cache-control", "private, max-age=600");
    return { mine: true };
  });
  app.post("/public", async (_req, reply) => {
    count("post");
    reply.header("cache-control", "public, max-age=600");
    return { posted: true };
  });
  // A page whose loader makes the calls it is told to, twice each, through the pages' API client.
  app.get("/page", async (req, reply) => {
    const api = injectApi({ app, reads }, req, reply, { shared: null });
    const answers = [];
    for (let i = 0; i < 2; i++) {
      answers.push(await api.fetch<{ tree: { name: string }[] }>("/public"));
      answers.push(await api.fetch("/private"));
      answers.push(await api.fetch("/public", { method: "POST", body: {} }));
    }
    const kept = answers[0].data as { tree: { name: string }[] };
    let changed = "no";
    try {
      kept.tree[0].name = "Changed";
      changed = "yes";
    } catch {
      changed = "refused";
    }
    return {
      same: answers[0].data === answers[3].data,
      changed,
      status: answers[3].status,
      ok: answers[3].ok,
    };
  });
  return { app, calls, reads };
}

describe("the pages' public reads", () => {
  it("asks for a public answer once, and for a private one or a post every time", async () => {
    const { app, calls, reads } = await appWithCounts();
    const page = await app.inject({ method: "GET", url: "/page" });
    expect(page.json()).toEqual({ same: true, changed: "refused", status: 200, ok: true });
    expect(calls).toEqual({ public: 1, private: 2, post: 2 });
    // Forgotten (a shelf or store changed): asked again.
    reads.forgetAll();
    await app.inject({ method: "GET", url: "/page" });
    expect(calls.public).toBe(2);
    await app.close();
  });
});
