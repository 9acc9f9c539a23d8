import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createUser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { openTestDb, type TestDb } from "#tests/support/db.ts";
import { LIMITS } from "./limits.ts";

/** With REDIS_URL, every app instance counts failed logins together (real Redis at TEST_REDIS_URL; CI sets it). */
const redis = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(redis)("failed-login limits shared across instances through Redis at %s", (url) => {
  let t: TestDb;
  let one: App;
  let two: App;

  beforeAll(async () => {
    t = await openTestDb("pglite");
    const config = loadConfig({ NODE_ENV: "test", REDIS_URL: url });
    one = await buildApp({ config, db: t.db, logger: false });
    two = await buildApp({ config, db: t.db, logger: false });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await t?.close();
  });

  it("failures on one instance lock the account-and-IP on the other", async () => {
    const user = await createUser(t.db);
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const onOne = new TestBrowser(one, { ip });
    const onTwo = new TestBrowser(two, { ip });
    for (let i = 0; i < LIMITS.loginFailuresAccountIp.limit; i++) {
      const browser = i % 2 === 0 ? onOne : onTwo;
      expect(
        (await browser.post("/auth/login", { username: user.email, password: `wrong ${i}` })).statusCode,
      ).toBe(401);
    }
    expect(
      (await onTwo.post("/auth/login", { username: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    expect(
      (await onOne.post("/auth/login", { username: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
  });
});

describe("limits when Redis is configured but down", () => {
  let t: TestDb;
  let app: App;

  beforeAll(async () => {
    t = await openTestDb("pglite");
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", REDIS_URL: "redis://127.0.0.1:1" }),
      db: t.db,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("still limit failed logins (each instance counts on its own) and still let the right password in", async () => {
    const user = await createUser(t.db);
    const browser = new TestBrowser(app);
    for (let i = 0; i < LIMITS.loginFailuresAccountIp.limit; i++) {
      await browser.post("/auth/login", { username: user.email, password: `wrong ${i}` });
    }
    expect(
      (await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    expect(
      (await new TestBrowser(app).post("/auth/login", { username: user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });
});
