import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../tests/factories/accounts.ts";
import { createCatalogueFixture } from "../tests/factories/catalogue-fixture.ts";
import { openTestDb, type TestDb, testDatabases } from "../tests/support/db.ts";
import { type App, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

/**
 * The store's address in what it writes (issue #29: production without PUBLIC_ORIGIN answered 500 to
 * forgot-password and code login for a non-local Host, and built robots.txt and sitemap.xml from a client-sent
 * X-Forwarded-Host, served as cacheable). In production links come from configuration only:
 * docs/adr/0050-trusted-proxy-and-origin.md.
 */

/** A client's own idea of the host, sent both ways (a proxy on this machine would pass X-Forwarded-Host on). */
const FORGED = {
  host: "shop-lookalike.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
};

describe.each(testDatabases)("the store's address on %s", (kind) => {
  let t: TestDb;
  const apps: App[] = [];
  const appWith = async (env: Record<string, string>) => {
    const app = await buildApp({ config: loadConfig(env), db: t.db, logger: false });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    t = await openTestDb(kind);
    await createCatalogueFixture(t.db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  const latestBody = async (recipient: string) =>
    (
      await t.db
        .selectFrom("outbox")
        .select("body")
        .where("recipient", "=", recipient)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow()
    ).body;

  describe.each([
    ["with PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "https://shop.example" }, "https://shop.example"],
    ["on the embedded default without PUBLIC_ORIGIN", { PORT: "4105" }, "http://localhost:4105"],
  ])("in production %s", (_case, env, origin) => {
    let app: App;
    beforeAll(async () => {
      // Loopback proxies trusted, so Fastify itself would read the forged X-Forwarded-Host: links must not.
      app = await appWith({ NODE_ENV: "production", TRUST_PROXY: "loopback", ...env });
    });

    it("forgot-password answers 200 for any Host and links to the configured origin", async () => {
      const user = await createUser(t.db);
      const res = await app.inject({
        method: "POST",
        url: "/auth/forgot-password",
        headers: FORGED,
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(200);
      const body = await latestBody(user.email);
      expect(body).toContain(`${origin}/reset-password?token=`);
      expect(body).not.toMatch(/evil\.example|lookalike/);
    });

    it("code login answers 200 for any Host; an unknown email's message links to the configured origin", async () => {
      const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
      const res = await app.inject({
        method: "POST",
        url: "/auth/loginV2Step1",
        headers: FORGED,
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      const body = await latestBody(email);
      expect(body).toContain(origin);
      expect(body).not.toMatch(/evil\.example|lookalike/);
    });

    it.each(["/robots.txt", "/sitemap.xml"])(
      "%s is built from the configured origin and may be cached",
      async (url) => {
        const res = await app.inject({ method: "GET", url, headers: FORGED });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(origin);
        expect(res.body).not.toMatch(/evil\.example|lookalike/);
        expect(res.headers["cache-control"]).toMatch(/^public/);
      },
    );
  });

  describe("in development and tests without PUBLIC_ORIGIN", () => {
    let app: App;
    beforeAll(async () => {
      app = await appWith({ NODE_ENV: "test" });
    });

    it.each(["/robots.txt", "/sitemap.xml"])(
      "%s follows the request's own host and is never cached",
      async (url) => {
        const res = await app.inject({ method: "GET", url, headers: { host: "127.0.0.1:4100" } });
        expect(res.body).toContain("http://127.0.0.1:4100/");
        expect(res.headers["cache-control"]).toBe("no-store");
      },
    );
  });
});
