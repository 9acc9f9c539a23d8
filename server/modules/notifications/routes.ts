import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import type { NotificationsContext } from "./context.ts";
import { registerPushToken } from "./tokens.ts";

const tags = ["notifications"];

/** A browser's PushSubscription as `subscription.toJSON()` gives it (checked further by the service). */
const webPushSubscription = z
  .object({
    endpoint: z.string().max(4096),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().max(512), auth: z.string().max(512) }),
  })
  .describe("A browser's Web Push subscription (PushSubscription.toJSON())");

const fcmTokenBody = z.object({
  fcm_token: z
    .union([
      z
        .string()
        .min(1)
        .max(8192)
        .describe("A mobile app's FCM registration token, or a Web Push subscription as JSON text"),
      webPushSubscription,
    ])
    .describe("The device's push token: on the web, the Web Push subscription"),
});

/** Spec §7 POST /customer/{id}/fcm-token, and the key a page subscribes with. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: NotificationsContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    "/customer/:id/fcm-token",
    {
      config: {
        auth: "user",
        errors: {
          400: "A failed registration: the token is not a Web Push subscription we can deliver to (an https endpoint of a push service, a P-256 key, a 16-byte auth secret) nor an FCM token (`failed`).",
          404: "The id is not the signed-in user's (`user_not_found`): another user's answers the same.",
        },
      },
      schema: {
        operationId: "registerPushToken",
        summary:
          "Register this device's push token for the signed-in user, once they granted permission (spec §6); again is harmless",
        tags,
        response: { 200: z.object({ status: z.literal("ok") }) },
        headers,
        params: z.object({ id: z.string().min(1).max(100) }),
        body: fcmTokenBody,
      },
    },
    async (req) => registerPushToken(ctx, requireUser(req), req.params.id, req.body.fcm_token),
  );

  app.get(
    "/api/push/vapid-public-key",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getVapidPublicKey",
        summary: "The VAPID public key (URL-safe base64) a page passes to pushManager.subscribe",
        tags,
        response: { 200: z.object({ publicKey: z.string().describe("URL-safe base64.") }) },
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { publicKey: ctx.vapid.publicKey };
    },
  );
};
