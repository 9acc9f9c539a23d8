import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import type { Outbox } from "../messages/index.ts";
import { enquiryRoutes } from "./routes.ts";

/**
 * Enquiries (docs/adr/0035-referrals-and-enquiries.md): the lead-capture prompt's email, the /retailers, /business
 * and /apply forms (checked by `domain/leads/`, rate-limited, answered through the outbox) and the console's list
 * of them. It owns the `leads` and `enquiries` tables.
 */
export async function registerEnquiries(
  app: FastifyInstance,
  deps: { db: Db; config: Config; outbox: Outbox; limiter: RateLimiter },
): Promise<void> {
  await app.register(enquiryRoutes, {
    ctx: { db: deps.db, config: deps.config, outbox: deps.outbox, limiter: deps.limiter },
  });
}
