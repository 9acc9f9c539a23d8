import Fastify from "fastify";
import { expect, it } from "vitest";
import { LIMITS } from "./modules/accounts/limits.ts";
import { memoryRateLimiter } from "./platform/rate-limit.ts";
import { countAndLimit, ensureNotLimited } from "./route-limits.ts";

it("a route counts only the limits its config declares (its OpenAPI 429 lists those)", async () => {
  const app = Fastify();
  const limiter = memoryRateLimiter();
  const counts = [LIMITS.signupsIp, LIMITS.signupsEmail] as const;
  app.post("/declared", { config: { rateLimits: counts } }, async (_req, reply) => {
    await countAndLimit(
      limiter,
      [
        [LIMITS.signupsIp, "ip"],
        [LIMITS.signupsEmail, "a@example.com"],
      ],
      reply,
    );
    return { ok: true };
  });
  app.post("/undeclared", { config: { rateLimits: [LIMITS.signupsIp] } }, async (_req, reply) => {
    await ensureNotLimited(limiter, [[LIMITS.codeSendsIp, "ip"]], reply);
    return { ok: true };
  });
  expect((await app.inject({ method: "POST", url: "/declared" })).statusCode).toBe(200);
  const undeclared = await app.inject({ method: "POST", url: "/undeclared" });
  expect(undeclared.statusCode).toBe(500);
  expect(undeclared.json().message).toBe(
    'POST /undeclared counts the rate limit "code-send-ip" but its route config.rateLimits does not list it',
  );
  await app.close();
});
