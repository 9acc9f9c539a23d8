import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { AccountRole, Platform } from "#domain/accounts/roles.ts";
import { compiledOnce, type Db } from "#server/platform/db.ts";
import { forgetKeptSessions, keptSessionsOf } from "./kept-sessions.ts";
import { hashSecret, isSessionTokenShape, newSessionToken } from "./tokens.ts";

/** Sessions live as long as their cookie (spec §9: 1 year) unless logged out or revoked. */
export const SESSION_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (a write per request would cost more than it tells). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  role: AccountRole;
  storeId: string | null;
}

export interface NewSession {
  userId: string;
  kind: "web" | "mobile" | "merchant";
  platform: Platform;
  merchantId?: string | null;
  userAgent?: string | null;
  ip?: string | null;
}

/** Creates a session and answers its token (the only time the token exists in clear). */
export async function createSession(db: Db, s: NewSession): Promise<{ sessionId: string; token: string }> {
  const token = newSessionToken();
  const sessionId = randomUUID();
  await db
    .insertInto("sessions")
    .values({
      id: sessionId,
      token_hash: hashSecret(token),
      user_id: s.userId,
      kind: s.kind,
      platform: s.platform,
      merchant_id: s.merchantId ?? null,
      user_agent: s.userAgent?.slice(0, 300) ?? null,
      ip: s.ip ?? null,
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    })
    .execute();
  return { sessionId, token };
}

/** Read on every request with a session: compiled once (ADR 77). */
const liveSessionOf = compiledOnce((db, tokenHash: string) =>
  db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.user_id", "s.last_seen_at", "s.expires_at", "u.role", "u.store_id"])
    .where("s.token_hash", "=", tokenHash)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", sql<Date>`now()`),
);

/**
 * The live session behind a token, or null (unknown, expired, revoked, malformed). A session this instance read
 * lately is kept (kept-sessions.ts) and read again only once its end or its user's change is announced.
 */
export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | null> {
  if (!isSessionTokenShape(token)) return null;
  const tokenHash = hashSecret(token);
  const kept = keptSessionsOf(db);
  const now = Date.now();
  let row = kept?.get(tokenHash, now);
  if (!row) {
    const mark = kept?.mark ?? 0;
    [row] = await liveSessionOf(db, tokenHash);
    if (!row) return null;
    kept?.keep(tokenHash, row, mark, now);
  }
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    // The kept row is touched too (a touch announces nothing): one write an hour, as before.
    row.last_seen_at = new Date(now);
    await db.updateTable("sessions").set({ last_seen_at: sql`now()` }).where("id", "=", row.id).execute();
  }
  return { sessionId: row.id, userId: row.user_id, role: row.role, storeId: row.store_id };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: sql`now()` })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
  forgetKeptSessions({ sessionId });
}

/** Ends every session of a user (password reset), except one when given. */
export async function revokeUserSessions(db: Db, userId: string, except?: string): Promise<void> {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (except) query = query.where("id", "<>", except);
  await query.execute();
  forgetKeptSessions({ userId });
}
