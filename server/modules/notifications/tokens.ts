import { randomUUID } from "node:crypto";
import type { Platform } from "#domain/accounts/roles.ts";
import { checkPushToken } from "#domain/notifications/push-token.ts";
import { AppError } from "#server/errors.ts";
import type { NotificationsContext } from "./context.ts";

/** A user's devices past this many: the least recently registered are forgotten. */
export const MAX_TOKENS_PER_USER = 20;

/**
 * POST /customer/{id}/fcm-token: the signed-in user registers this device's push token (only their own: another
 * id answers 404 as if there were no such user). A token another account registered before moves to this one
 * (the device changed hands); registering again changes nothing else. The token keeps the session that sent it:
 * once that session is signed out or ends, the device gets no more of the account's notifications. An unusable token is a failed registration:
 * 400 with the code `failed` (spec §8).
 */
export async function registerPushToken(
  ctx: NotificationsContext,
  actor: { userId: string; sessionId: string; platform: Platform },
  userId: string,
  input: unknown,
): Promise<{ status: "ok" }> {
  if (userId !== actor.userId) throw new AppError(404, "user_not_found", "No such user.");
  const checked = checkPushToken(input, ctx.pushHostAllowed);
  if (!checked.ok) throw new AppError(400, "failed", checked.message);
  const t = checked.token;
  const row =
    t.kind === "webpush"
      ? { kind: "webpush" as const, token: t.endpoint, p256dh: t.p256dh, auth: t.auth }
      : { kind: "fcm" as const, token: t.token, p256dh: null, auth: null };
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("push_tokens")
      .values({
        id: randomUUID(),
        user_id: userId,
        session_id: actor.sessionId,
        platform: actor.platform,
        ...row,
      })
      .onConflict((oc) =>
        oc.column("token").doUpdateSet({
          user_id: userId,
          session_id: actor.sessionId,
          platform: actor.platform,
          kind: row.kind,
          p256dh: row.p256dh,
          auth: row.auth,
          updated_at: new Date(),
        }),
      )
      .execute();
    const stale = await tx
      .selectFrom("push_tokens")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("updated_at", "desc")
      .orderBy("id")
      .offset(MAX_TOKENS_PER_USER)
      .limit(1000)
      .execute();
    if (stale.length > 0)
      await tx
        .deleteFrom("push_tokens")
        .where(
          "id",
          "in",
          stale.map((s) => s.id),
        )
        .execute();
  });
  return { status: "ok" };
}
