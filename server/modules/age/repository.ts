import { type Selectable, sql } from "kysely";
import type { AgeVerificationReason, AgeVerificationsTable } from "#db/schema-age.ts";
import type { Db } from "#server/platform/db.ts";

/** The age module's table: scan sessions and their outcomes (0014-age-verification). */
export type VerificationRow = Selectable<AgeVerificationsTable>;
type Q = Pick<Db, "selectFrom" | "insertInto" | "updateTable">;

export async function findVerification(
  db: Q,
  id: string,
  userId: string,
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom("age_verifications")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/**
 * The user's latest decided scan that an administrator has not cleared: the one that stands (or not) now. `lock`
 * holds it for the caller's transaction.
 */
export async function latestDecided(
  db: Q,
  userId: string,
  lock = false,
): Promise<VerificationRow | undefined> {
  let q = db
    .selectFrom("age_verifications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "<>", "pending")
    .where("cleared_at", "is", null)
    .orderBy("verified_at", "desc")
    .orderBy("id", "desc")
    .limit(1);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The user's decided scans, newest first, cleared ones too (the console's history). */
export async function decidedScans(db: Q, userId: string, limit = 20): Promise<VerificationRow[]> {
  return db
    .selectFrom("age_verifications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "<>", "pending")
    .orderBy("verified_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Marks a decided scan cleared by an administrator, once: false when it was cleared already. */
export async function markCleared(
  db: Q,
  id: string,
  clearing: { by: string; reason: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable("age_verifications")
    .set({ cleared_at: clearing.at, cleared_by: clearing.by, cleared_reason: clearing.reason })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .where("cleared_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Opens the user's scan session, or gives the open one fresh time, keeping its token (one pending row per user,
 * so opening sessions over and over keeps one row). Answers its id.
 */
export async function openSession(
  db: Q,
  session: { id: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto("age_verifications")
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      session_expires_at: session.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .where("status", "=", "pending")
        .doUpdateSet({ session_expires_at: session.expiresAt }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many other accounts a document verifies now (successes still holding on `today`). */
export async function accountsVerifiedBy(
  db: Q,
  documentHash: string,
  userId: string,
  today: string,
): Promise<number> {
  const row = await db
    .selectFrom("age_verifications")
    .select(sql<number>`count(distinct user_id)::int`.as("n"))
    .where("document_hash", "=", documentHash)
    .where("status", "=", "success")
    .where("user_id", "<>", userId)
    .where("expires_on", ">=", today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Outcome {
  status: "success" | "failed";
  reason: AgeVerificationReason | null;
  jurisdiction: string;
  documentHash: string;
  expiresOn: string | null;
}

/**
 * Writes the outcome on the session when it is still open with this token: false when another submission of the
 * same session (or a new token) got there first. The row lock makes concurrent submissions decide once.
 */
export async function decideSession(
  db: Q,
  session: { id: string; tokenHash: string; now: Date },
  outcome: Outcome,
): Promise<VerificationRow | undefined> {
  return db
    .updateTable("age_verifications")
    .set({
      status: outcome.status,
      reason: outcome.reason,
      jurisdiction: outcome.jurisdiction,
      document_hash: outcome.documentHash,
      expires_on: outcome.expiresOn,
      verified_at: session.now,
    })
    .where("id", "=", session.id)
    .where("status", "=", "pending")
    .where("token_hash", "=", session.tokenHash)
    .where("session_expires_at", ">", session.now)
    .returningAll()
    .executeTakeFirst();
}

/** Serialises decisions about one document (its account count), in the caller's transaction. */
export async function lockDocument(db: Db, documentHash: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`age-document:${documentHash}`}, 0))`.execute(db);
}
