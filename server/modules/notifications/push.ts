import type { Agent } from "node:https";
import webpush from "web-push";
import { httpFailureIsPermanent } from "#domain/messages/delivery.ts";
import type { Db } from "#server/platform/db.ts";
import type { PushPayload } from "./jobs.ts";
import type { VapidKeys } from "./vapid.ts";

export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push service's answer: delivered, or its HTTP status (none: the service could not be reached). */
export type PushAnswer = { ok: true } | { ok: false; status?: number; message: string };

/** Sends one encrypted Web Push message (RFC 8030/8291/8292) to a subscription's push service. */
export interface PushTransport {
  send(subscription: WebPushSubscription, payload: string, vapid: VapidKeys): Promise<PushAnswer>;
}

/** Web Push through the web-push library; `agent` for a test's local push service (its own certificate). */
export function webPushTransport(opts: {
  subject: string;
  agent?: Agent;
  timeoutMs?: number;
}): PushTransport {
  return {
    async send(subscription, payload, vapid) {
      try {
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: { subject: opts.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          // A status change is stale after a day; the push service may drop it then.
          TTL: 24 * 60 * 60,
          urgency: "normal",
          timeout: opts.timeoutMs ?? 10_000,
          ...(opts.agent ? { agent: opts.agent } : {}),
        });
        return { ok: true };
      } catch (err) {
        if (err instanceof webpush.WebPushError)
          return {
            ok: false,
            status: err.statusCode,
            message: `${err.statusCode} ${err.body || err.message}`,
          };
        return { ok: false, message: (err as Error).message };
      }
    },
  };
}

/**
 * Delivers one push to one registered subscription. A push service answering 404 or 410 says the subscription is
 * gone (unsubscribed, expired): its row is removed. Another refusal a retry cannot change is dropped (logged by the
 * caller); a service down or rate limiting throws, for the queue to try again.
 */
export async function deliverPush(
  db: Db,
  transport: PushTransport,
  vapid: VapidKeys,
  tokenId: string,
  payload: PushPayload,
): Promise<"sent" | "removed" | "refused" | "gone"> {
  const row = await db
    .selectFrom("push_tokens")
    .select(["id", "kind", "token", "p256dh", "auth"])
    .where("id", "=", tokenId)
    .executeTakeFirst();
  if (row?.kind !== "webpush" || !row.p256dh || !row.auth) return "gone";
  const answer = await transport.send(
    { endpoint: row.token, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(payload),
    vapid,
  );
  if (answer.ok) return "sent";
  if (answer.status === 404 || answer.status === 410) {
    await db.deleteFrom("push_tokens").where("id", "=", row.id).where("token", "=", row.token).execute();
    return "removed";
  }
  if (httpFailureIsPermanent(answer.status)) return "refused";
  throw new Error(`push service: ${answer.message}`);
}
