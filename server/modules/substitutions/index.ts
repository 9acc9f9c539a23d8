import type { FastifyInstance } from "fastify";
import type { SubstitutionsContext } from "./context.ts";
import { substitutionRoutes } from "./routes.ts";

/** The substitutions module's public face: the shopper's review, and what the store console calls. */
export { substitutionReviewSchema, substitutionUpdateSchema } from "./answers.ts";
export { MAX_SUGGESTIONS, proposeSubstitutions, type ShortReport } from "./propose.ts";
export { proposeBody } from "./schemas.ts";
export { settleSubstitutions } from "./settle.ts";

export async function registerSubstitutions(app: FastifyInstance, ctx: SubstitutionsContext): Promise<void> {
  await app.register(substitutionRoutes, { ctx });
}
