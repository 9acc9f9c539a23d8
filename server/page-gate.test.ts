import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BUSY_PAGE } from "./busy-page.ts";
import { admittedAtTheDoor, frontDoorServer, type PageGate } from "./front-door.ts";
import { createAdmission } from "./platform/admission.ts";

/**
 * The door's page gate (docs/adr/0076-shed-at-the-door.md) on a real HTTP server. Its handler stands for everything
 * behind the door: Fastify's hooks, the session and shopper lookups in the database, the render. A request the door
 * sheds never reaches it, so it does none of that work.
 */
describe("the page gate at the door", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** A server whose handler holds each answer until released, as a render holds its place. */
  async function gatedServer(options: { limit: number; maxWaitMs: number; kept?: string[] }) {
    const reached: string[] = [];
    const held: { url: string; admitted: boolean; release(): void }[] = [];
    let shed = 0;
    const gate: PageGate = {
      renders: createAdmission(options.limit),
      maxWaitMs: options.maxWaitMs,
      mayServe: (url) => options.kept?.includes(url) ?? false,
      shed: () => {
        shed += 1;
      },
    };
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? "/";
      reached.push(url);
      held.push({ url, admitted: admittedAtTheDoor(req), release: () => res.end(`rendered ${url}`) });
    };
    server = frontDoorServer(null, gate)(handler, {}) as unknown as Server;
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, gate, reached, held, shedCount: () => shed };
  }

  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };

  it("answers the busy page, made once, to a page request that waited its time for a render's place", async () => {
    const door = await gatedServer({ limit: 1, maxWaitMs: 80 });
    const first = fetch(`${door.base}/search/gin`);
    await until(() => door.held.length === 1);

    const shed = await fetch(`${door.base}/search/rum`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("5");
    expect(shed.headers.get("cache-control")).toBe("no-store");
    expect(shed.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await shed.text()).toBe(BUSY_PAGE);
    // Only the first request reached what lies behind the door.
    expect(door.reached).toEqual(["/search/gin"]);
    expect(door.shedCount()).toBe(1);
    expect(door.gate.renders.refused).toBe(1);

    door.held[0].release();
    expect((await first).status).toBe(200);
  });

  it("lets a waiting request in as soon as a place is freed, in the order they came", async () => {
    const door = await gatedServer({ limit: 1, maxWaitMs: 5_000 });
    const answers = ["/beer", "/wine", "/gin"].map((path) => fetch(`${door.base}${path}`));
    await until(() => door.held.length === 1);
    await until(() => door.gate.renders.waiting === 2);
    door.held[0].release();
    await until(() => door.held.length === 2);
    door.held[1].release();
    await until(() => door.held.length === 3);
    door.held[2].release();
    const bodies = await Promise.all(answers.map(async (a) => (await a).text()));
    expect(bodies).toEqual(["rendered /beer", "rendered /wine", "rendered /gin"]);
    expect(door.reached).toEqual(["/beer", "/wine", "/gin"]);
    expect(door.held.every((h) => h.admitted)).toBe(true);
    expect(door.gate.renders.inFlight).toBe(0);
  });

  it("forgets a waiting request whose client went away, and gives its turn to the next", async () => {
    const door = await gatedServer({ limit: 1, maxWaitMs: 5_000 });
    const first = fetch(`${door.base}/beer`);
    await until(() => door.held.length === 1);
    const leaving = new AbortController();
    const gone = fetch(`${door.base}/wine`, { signal: leaving.signal }).catch(() => "aborted");
    await until(() => door.gate.renders.waiting === 1);
    leaving.abort();
    expect(await gone).toBe("aborted");
    await until(() => door.gate.renders.waiting === 0);
    const next = fetch(`${door.base}/gin`);
    await until(() => door.gate.renders.waiting === 1);
    door.held[0].release();
    await until(() => door.held.length === 2);
    expect(door.reached).toEqual(["/beer", "/gin"]);
    door.held[1].release();
    expect(await (await next).text()).toBe("rendered /gin");
    await (await first).text();
    expect(door.gate.renders.inFlight).toBe(0);
    expect(door.shedCount()).toBe(0);
  });

  it("never makes files, API calls, posts or pages the shared cache may hold wait for a render", async () => {
    const door = await gatedServer({ limit: 1, maxWaitMs: 5_000, kept: ["/whiskey"] });
    void fetch(`${door.base}/search/busy`);
    await until(() => door.held.length === 1);
    const straightIn = [
      fetch(`${door.base}/assets/entry.client-abc.js`),
      fetch(`${door.base}/favicon.ico`),
      fetch(`${door.base}/menu/vendor`),
      fetch(`${door.base}/api/console/orders`),
      fetch(`${door.base}/whiskey`),
      fetch(`${door.base}/checkout`, { method: "POST", body: "x=1" }),
    ];
    await until(() => door.held.length === 7);
    expect(door.gate.renders.waiting).toBe(0);
    expect(door.held.slice(1).every((h) => !h.admitted)).toBe(true);
    for (const h of door.held) h.release();
    expect((await Promise.all(straightIn)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(door.gate.renders.inFlight).toBe(0);
  });
});
