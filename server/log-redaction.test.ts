import { describe, expect, it } from "vitest";
import { createDeliveryFixture } from "../tests/factories/delivery-fixture.ts";
import { openTestDb } from "../tests/support/db.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { redactUrl } from "./log-redaction.ts";

describe("secrets in request URLs", () => {
  it.each([
    ["/giftclaim/o1?token=abc", "/giftclaim/o1?token=%5Bredacted%5D"],
    ["/order/gift/o1/availability?token=abc&x=1", "/order/gift/o1/availability?token=%5Bredacted%5D&x=1"],
    ["/reset-password?code=123456&email=a%40b.c", "/reset-password?code=%5Bredacted%5D&email=a%40b.c"],
    ["/search/vodka?page=2", "/search/vodka?page=2"],
    ["/menu/product/AB-1-2", "/menu/product/AB-1-2"],
    ["/x?TOKEN=1&Pin=2", "/x?TOKEN=%5Bredacted%5D&Pin=%5Bredacted%5D"],
  ])("%s → %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it("never reach the request log", async () => {
    const lines: string[] = [];
    const t = await openTestDb("pglite");
    await createDeliveryFixture(t.db);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" }),
      db: t.db,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const secret = "s3cr3t-claim-token-value";
      await app.inject({ method: "GET", url: `/order/gift/nope?token=${secret}` });
      const log = lines.join("");
      expect(log).toContain("/order/gift/nope?token=%5Bredacted%5D");
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
