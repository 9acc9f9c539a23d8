import type { FastifyInstance } from "fastify";
import type { TipsContext } from "./context.ts";
import { tipRoutes } from "./routes.ts";

/** The tips module's public face: tipping and rating a delivered order, and feedback on an ended one. */
export type { TipAnswer } from "./tip.ts";

export async function registerTips(app: FastifyInstance, ctx: TipsContext): Promise<void> {
  await app.register(tipRoutes, { ctx });
}
