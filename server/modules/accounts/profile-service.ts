import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { INVALID_MOBILE, normalizeUsMobile } from "#domain/accounts/phone.ts";
import type { ContactPreferences, DisplayMode, Gender, Me, SessionSummary } from "#domain/accounts/types.ts";
import { badRequest, notFound } from "#server/errors.ts";
import { loyaltyOf } from "../loyalty/index.ts";
import { requireUser, revokeSession } from "../sessions/index.ts";
import type { AccountsContext } from "./context.ts";
import { loadUserView } from "./users.ts";

/** GET /me (spec §7): the user and their loyalty. */
export async function me(ctx: AccountsContext, req: FastifyRequest): Promise<Me> {
  const actor = requireUser(req);
  const user = await loadUserView(ctx.db, actor.userId);
  if (!user) throw notFound("No such account.");
  const loyalty = await loyaltyOf(ctx.db, actor.userId);
  return {
    user: { ...user, loyaltyPoints: loyalty.currentPoints, loyaltyStatus: loyalty.currentStatus },
    loyalty,
  };
}

export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  gender?: Gender | null;
  mobile?: string | null;
  display_mode?: DisplayMode;
}

/** PATCH /me: the profile fields a shopper may change. Email and birthday are fixed once the account exists. */
export async function updateProfile(
  ctx: AccountsContext,
  req: FastifyRequest,
  changes: ProfileChanges,
): Promise<Me> {
  const actor = requireUser(req);
  const set: Record<string, unknown> = {};
  if (changes.firstname !== undefined) set.firstname = changes.firstname;
  if (changes.lastname !== undefined) set.lastname = changes.lastname;
  if (changes.gender !== undefined) set.gender = changes.gender;
  if (changes.display_mode !== undefined) set.display_mode = changes.display_mode;
  if (changes.mobile !== undefined) {
    if (changes.mobile === null || changes.mobile === "") {
      Object.assign(set, { mobile: null, country_code: null, mobile_verified: false });
    } else {
      const mobile = normalizeUsMobile(changes.mobile);
      if (!mobile) throw badRequest(INVALID_MOBILE, "invalid_mobile");
      const current = await ctx.db
        .selectFrom("users")
        .select("mobile")
        .where("id", "=", actor.userId)
        .executeTakeFirst();
      Object.assign(set, { mobile: mobile.mobile, country_code: mobile.countryCode });
      if (current?.mobile !== mobile.mobile) set.mobile_verified = false;
    }
  }
  if (Object.keys(set).length > 0) {
    await ctx.db
      .updateTable("users")
      .set({ ...set, updated_at: sql`now()` })
      .where("id", "=", actor.userId)
      .execute();
  }
  return me(ctx, req);
}

export async function setContactPreferences(
  ctx: AccountsContext,
  req: FastifyRequest,
  prefs: ContactPreferences,
): Promise<{ contactPreferences: ContactPreferences }> {
  const actor = requireUser(req);
  await ctx.db
    .updateTable("users")
    .set({
      contact_email: prefs.email,
      contact_sms: prefs.sms,
      contact_push: prefs.push,
      updated_at: sql`now()`,
    })
    .where("id", "=", actor.userId)
    .execute();
  return { contactPreferences: prefs };
}

/** POST /users/direct-only (spec §6, §7: direct-merchant sign-on mode). */
export async function setDirectOnly(ctx: AccountsContext, req: FastifyRequest, directOnly: boolean) {
  const actor = requireUser(req);
  await ctx.db
    .updateTable("users")
    .set({ direct_only: directOnly, updated_at: sql`now()` })
    .where("id", "=", actor.userId)
    .execute();
  return { direct_only: directOnly };
}

export async function listSessions(ctx: AccountsContext, req: FastifyRequest): Promise<SessionSummary[]> {
  const actor = requireUser(req);
  const rows = await ctx.db
    .selectFrom("sessions")
    .select(["id", "platform", "kind", "created_at", "last_seen_at", "user_agent"])
    .where("user_id", "=", actor.userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    kind: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    current: r.id === actor.sessionId,
    userAgent: r.user_agent,
  }));
}

/** DELETE /me/sessions/:id: signs one of the shopper's own devices out; anyone else's session is not found. */
export async function endSession(ctx: AccountsContext, req: FastifyRequest, sessionId: string) {
  const actor = requireUser(req);
  const row = await ctx.db
    .selectFrom("sessions")
    .select("id")
    .where("id", "=", sessionId)
    .where("user_id", "=", actor.userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound("No such session.", "session_not_found");
  await revokeSession(ctx.db, row.id);
  return { ok: true as const };
}
