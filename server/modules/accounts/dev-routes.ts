import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { instant, okAnswer } from "#server/openapi/answers.ts";

const postbackReceived = z.object({
  user_id: z.string(),
  merchant_id: z.string(),
  state: z.string().nullable(),
  at: instant().describe("When it arrived."),
});

/**
 * Wherever the demo merchant exists (development, tests, the embedded default; never a store on a real database
 * in production, where these paths answer 404): a stand-in merchant endpoint that receives the demo merchant's
 * sign-on postback, so /sos can be tried end to end. (The local mailbox is the messages module's.)
 */
export const devAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["development only"];
  const received: z.output<typeof postbackReceived>[] = [];
  app.post(
    "/api/dev/merchant-postback",
    {
      config: { auth: "public", csrf: false },
      schema: {
        operationId: "receiveMerchantPostback",
        tags,
        summary: "The demo merchant's postback receiver (keeps who signed on, never the token)",
        response: { 200: okAnswer },
        body: z.object({
          token: z.string(),
          user_id: z.string(),
          merchant_id: z.string(),
          state: z.string().optional(),
        }),
      },
    },
    async (req) => {
      received.unshift({
        user_id: req.body.user_id,
        merchant_id: req.body.merchant_id,
        state: req.body.state ?? null,
        at: new Date().toISOString(),
      });
      received.length = Math.min(received.length, 20);
      return { ok: true as const };
    },
  );
  app.get(
    "/api/dev/merchant-postback",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getMerchantPostbacks",
        tags,
        summary: "What the demo merchant received, and the state the browser came back with",
        response: {
          200: z.object({
            query: z
              .record(z.string(), z.union([z.string(), z.array(z.string())]))
              .describe("The parameters the browser came back with (state, status)."),
            received: z.array(postbackReceived).describe("The last 20 postbacks, newest first."),
          }),
        },
      },
    },
    async (req) => ({ query: req.query as Record<string, string | string[]>, received }),
  );
};
