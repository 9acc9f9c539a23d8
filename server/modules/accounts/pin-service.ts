import { createHmac, randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { isWellFormedCode, LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MS } from "#domain/accounts/login-code.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import { countAndLimit, countFailure, ensureNotLimited, type LimitCheck } from "#server/route-limits.ts";
import { requireUser, safeEqual } from "../sessions/index.ts";
import { newCode } from "./codes.ts";
import { type AccountsContext, clientIp } from "./context.ts";
import { LIMITS } from "./limits.ts";
import { pinMessage, smsRecipient } from "./messages.ts";
import { findUser } from "./users.ts";

/**
 * Customer PIN (spec §5, §7): POST /customer/pin {timestamp} sends a PIN (SMS to the mobile on file, else email);
 * POST /customer/pin/verify {pin, timestamp} checks it. The client's timestamp names the request the PIN belongs
 * to, so a PIN only verifies together with it. A PIN by SMS also proves the mobile number.
 */
export const PIN_CLOCK_SKEW_MS = 10 * 60 * 1000;
export const WRONG_PIN = "That PIN is not right. Please try again.";
export const NO_PIN = "No PIN was sent for this request. Please ask for a new one.";

const digest = (key: Buffer, id: string, pin: string) =>
  createHmac("sha256", key).update(`pin:${id}:${pin}`).digest("hex");

export async function sendPin(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  timestamp: number,
) {
  const actor = requireUser(req);
  if (Math.abs(Date.now() - timestamp) > PIN_CLOCK_SKEW_MS) {
    throw badRequest("The request time is off. Please check your device's clock.", "stale_timestamp");
  }
  await countAndLimit(ctx.limiter, [[LIMITS.pinSendsUser, actor.userId]], reply);
  const user = await findUser(ctx.db, actor.userId);
  if (!user) throw notFound("No such account.");
  const channel = user.mobile ? ("sms" as const) : ("email" as const);
  const pin = newCode();
  const id = randomUUID();
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("customer_pins")
      .values({
        id,
        user_id: user.id,
        client_timestamp: timestamp,
        pin_hash: digest(ctx.codeKey, id, pin),
        channel,
        expires_at: new Date(Date.now() + LOGIN_CODE_TTL_MS),
      })
      // Asking again for the same request replaces its PIN; its guesses stay counted.
      .onConflict((oc) =>
        oc.columns(["user_id", "client_timestamp"]).doUpdateSet({
          id,
          pin_hash: digest(ctx.codeKey, id, pin),
          channel,
          expires_at: new Date(Date.now() + LOGIN_CODE_TTL_MS),
          verified_at: null,
        }),
      )
      .execute();
    const recipient = channel === "sms" ? smsRecipient(user.country_code, user.mobile!) : user.email;
    await ctx.outbox.enqueue(tx, pinMessage(channel, recipient, pin));
  });
  return { sent: true as const, channel, expiresInSeconds: LOGIN_CODE_TTL_MS / 1000 };
}

export async function verifyPin(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { pin: string; timestamp: number },
) {
  const actor = requireUser(req);
  const counters: LimitCheck[] = [
    [LIMITS.pinFailuresUser, actor.userId],
    [LIMITS.pinFailuresIp, clientIp(req)],
  ];
  await ensureNotLimited(ctx.limiter, counters, reply);
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    // Only the caller's own PINs are looked at: another user's request is simply not found.
    const row = await tx
      .selectFrom("customer_pins")
      .selectAll()
      .where("user_id", "=", actor.userId)
      .where("client_timestamp", "=", String(input.timestamp))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "missing" as const;
    const usable =
      row.verified_at === null &&
      new Date(row.expires_at).getTime() > Date.now() &&
      row.attempts < LOGIN_CODE_MAX_ATTEMPTS;
    if (
      !usable ||
      !isWellFormedCode(input.pin) ||
      !safeEqual(digest(ctx.codeKey, row.id, input.pin), row.pin_hash)
    ) {
      await tx
        .updateTable("customer_pins")
        .set({ attempts: sql`attempts + 1` })
        .where("id", "=", row.id)
        .execute();
      return "wrong" as const;
    }
    await tx.updateTable("customer_pins").set({ verified_at: sql`now()` }).where("id", "=", row.id).execute();
    if (row.channel === "sms") {
      await tx.updateTable("users").set({ mobile_verified: true }).where("id", "=", actor.userId).execute();
    }
    return "ok" as const;
  });
  if (outcome === "missing") throw notFound(NO_PIN, "pin_not_found");
  if (outcome === "wrong") {
    await countFailure(ctx.limiter, counters);
    throw new AppError(400, "wrong_pin", WRONG_PIN);
  }
  await ctx.limiter.reset(LIMITS.pinFailuresUser, actor.userId);
  return { verified: true as const };
}
