import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../tests/factories/accounts.ts";
import { openTestDb, type TestDb, testDatabases } from "../tests/support/db.ts";
import { type App, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { LIMITS } from "./modules/accounts/limits.ts";
import { IN_PROCESS_ADDRESS } from "./platform/trusted-proxy.ts";

/**
 * Who the client is, for every per-address limit and the request log (issue #29: `trustProxy: true` let a client
 * that reaches an instance directly pick its own address in X-Forwarded-For, and escape the limits by rotating
 * it). Only the proxies TRUST_PROXY names may say who the client is: docs/adr/0050-trusted-proxy-and-origin.md.
 */

let counter = 0;
/** A different address each call, as an attacker rotating the header would send. */
const rotated = () => {
  counter += 1;
  return `198.51.${(counter >> 8) & 255}.${counter & 255}`;
};

type Peer = { peer: string; forwardedFor?: () => string };

async function wrongPasswords(app: App, email: string, times: number, from: Peer) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/auth/login",
      remoteAddress: from.peer,
      headers: from.forwardedFor ? { "x-forwarded-for": from.forwardedFor() } : {},
      payload: { username: email, password: `guess number ${i}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function signUps(app: App, times: number, from: Peer) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/auth/signup",
      remoteAddress: from.peer,
      headers: from.forwardedFor ? { "x-forwarded-for": from.forwardedFor() } : {},
      payload: {
        firstname: "Rio",
        lastname: "Tate",
        email: `rot-${randomUUID().slice(0, 8)}@example.com`,
        birthday: "1990-05-17",
      },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const locked = (limit: number) => [...Array(limit).fill(401), 429];

/**
 * One database, and an app over it per configuration (`env` on top of NODE_ENV=test, logging to `log`): counters
 * are in each app's memory, so apps do not share limits.
 */
function useApps(kind: (typeof testDatabases)[number]) {
  let t: TestDb | undefined;
  const apps: App[] = [];
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });
  return {
    get db() {
      if (!t) throw new Error("used before beforeAll");
      return t.db;
    },
    async app(env: Record<string, string>, log?: (line: string) => void): Promise<App> {
      if (!t) throw new Error("used before beforeAll");
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: "test", ...env }),
        db: t.db,
        ...(log ? { logStream: { write: log } } : { logger: false }),
      });
      apps.push(app);
      return app;
    },
  };
}

describe.each(testDatabases)("client addresses on %s", (kind) => {
  const apps = useApps(kind);

  describe("in production with TRUST_PROXY unset: nothing is trusted", () => {
    let app: App;
    beforeAll(async () => {
      app = await apps.app({ NODE_ENV: "production" });
    });

    it("a rotated X-Forwarded-For does not escape the per-account-and-address login limit", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const from = { peer: "127.0.0.1", forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, from)).toEqual(locked(limit));
    });

    it("a rotated X-Forwarded-For does not escape the sign-up limit per address", async () => {
      const limit = LIMITS.signupsIp.limit;
      const statuses = await signUps(app, limit + 1, { peer: "192.0.2.10", forwardedFor: rotated });
      expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it("the page renderer's own calls (server/ssr.ts) carry each shopper's address: they count apart", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const from = { peer: IN_PROCESS_ADDRESS, forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, from)).toEqual(Array(limit + 1).fill(401));
    });
  });

  describe("under tests' default (TRUST_PROXY unset: loopback proxies only)", () => {
    let app: App;
    beforeAll(async () => {
      app = await apps.app({});
    });

    it("a client reaching the instance directly cannot escape a limit by rotating the header", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const from = { peer: "203.0.113.7", forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, from)).toEqual(locked(limit));
    });

    it("behind a proxy on this machine, each forwarded address counts apart", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const from = { peer: "127.0.0.1", forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, from)).toEqual(Array(limit + 1).fill(401));
    });
  });

  describe("behind one trusted hop (TRUST_PROXY=1)", () => {
    let app: App;
    beforeAll(async () => {
      app = await apps.app({ NODE_ENV: "production", TRUST_PROXY: "1" });
    });

    it("the address the proxy appended counts, whatever the client wrote before it", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const from = { peer: "10.0.0.2", forwardedFor: () => `${rotated()}, 203.0.113.9` };
      expect(await wrongPasswords(app, user.email, limit + 1, from)).toEqual(locked(limit));
    });

    it("shoppers the proxy names apart count apart", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const from = { peer: "10.0.0.2", forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, from)).toEqual(Array(limit + 1).fill(401));
    });
  });

  describe("behind proxies at named addresses (TRUST_PROXY=10.0.0.0/8)", () => {
    let app: App;
    beforeAll(async () => {
      app = await apps.app({ NODE_ENV: "production", TRUST_PROXY: "10.0.0.0/8" });
    });

    it("believes a proxy in the range, and no one else", async () => {
      const user = await createUser(apps.db);
      const limit = LIMITS.loginFailuresAccountIp.limit;
      const viaProxy = { peer: "10.20.30.40", forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, viaProxy)).toEqual(Array(limit + 1).fill(401));
      const direct = { peer: "192.0.2.77", forwardedFor: rotated };
      expect(await wrongPasswords(app, user.email, limit + 1, direct)).toEqual(locked(limit));
    });
  });
});

describe("the request log", () => {
  const apps = useApps("pglite");

  async function loggedAddress(env: Record<string, string>, peer: string, forwardedFor: string) {
    const lines: string[] = [];
    const app = await apps.app({ NODE_ENV: "production", LOG_LEVEL: "info", ...env }, (line) =>
      lines.push(line),
    );
    const requestId = randomUUID();
    await app.inject({
      method: "POST",
      url: "/auth/login",
      remoteAddress: peer,
      headers: { "x-forwarded-for": forwardedFor, "x-request-id": requestId },
      payload: { username: "nobody@example.com", password: "wrong wrong" },
    });
    const incoming = lines
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { remoteAddress?: string } })
      .find((entry) => entry.reqId === requestId && entry.req);
    return incoming?.req?.remoteAddress;
  }

  it("records the address the limits counted: the peer when no proxy is trusted", async () => {
    expect(await loggedAddress({}, "192.0.2.5", "198.51.100.1")).toBe("192.0.2.5");
  });

  it("records the address the trusted proxy forwarded", async () => {
    expect(await loggedAddress({ TRUST_PROXY: "192.0.2.5" }, "192.0.2.5", "198.51.100.1")).toBe(
      "198.51.100.1",
    );
  });
});
