import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recentMessages } from "../../platform/outbox.ts";
import type { AccountsContext } from "./context.ts";
import { outboxQuery } from "./schemas.ts";

/**
 * Development and test only (never registered in production, where these paths answer 404): the outbox, read by
 * the /dev/outbox page, and a stand-in merchant endpoint for the demo merchant's sign-on postback.
 */
export const devAccountsRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const tags = ["development only"];
  app.get(
    "/api/dev/outbox",
    {
      config: { auth: "public" },
      schema: {
        operationId: "listOutboxMessages",
        tags,
        summary: "Messages waiting in the outbox, newest first",
        querystring: outboxQuery,
      },
    },
    async (req) => recentMessages(ctx.db, { recipient: req.query.recipient?.toLowerCase() }),
  );

  const received: { user_id: string; merchant_id: string; state: string | null; at: string }[] = [];
  app.post(
    "/api/dev/merchant-postback",
    {
      config: { auth: "public", csrf: false },
      schema: {
        operationId: "receiveMerchantPostback",
        tags,
        summary: "The demo merchant's postback receiver (keeps who signed on, never the token)",
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
      return { ok: true };
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
      },
    },
    async (req) => ({ query: req.query, received }),
  );
};
