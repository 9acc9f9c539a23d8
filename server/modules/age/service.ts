import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AgeVerificationReason } from "#db/schema-age.ts";
import { formatCalendarDate, todayForAgeCheck } from "#domain/accounts/age.ts";
import { parseAamva } from "#domain/age/aamva.ts";
import { AGE_MESSAGES, decideAge } from "#domain/age/decide.ts";
import { DOCUMENT_ACCOUNT_LIMIT, documentKey, holdsOn, SCAN_SESSION_MINUTES } from "#domain/age/rules.ts";
import { NO_SCANNER_TOKEN } from "#domain/copy.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { findUser, setAgeVerificationStatus } from "../accounts/index.ts";
import { readCart, servingOf } from "../cart/index.ts";
import { requireUser } from "../sessions/index.ts";
import { AGE_LIMITS } from "./limits.ts";
import {
  accountsVerifiedBy,
  decideSession,
  findVerification,
  latestDecided,
  lockDocument,
  type Outcome,
  openSession,
  type VerificationRow,
} from "./repository.ts";
import type { ScanBody } from "./schemas.ts";

/** Everything the age services share, built once per app. */
export interface AgeContext {
  db: Db;
  limiter: RateLimiter;
  /** Keys the HMAC of document numbers, so the table cannot be matched against a list of licences offline. */
  documentKey: Buffer;
  /** Keys a scan session's token, derived from its id: asking again for an open session gives the same token. */
  tokenKey: Buffer;
  now: () => Date;
}

export const VERIFICATION_NOT_FOUND = "We couldn't find that ID check.";
export const SCAN_TOKEN_INVALID = "This ID check has a different token. Please start the ID check again.";
export const SCAN_SESSION_USED = "This ID check was already used. Please start a new one.";
export const SCAN_SESSION_EXPIRED = "This ID check has expired. Please start a new one.";
export const SCAN_PENDING = "Waiting for the scan of your ID.";

/** POST /menu/cart/verify (ADR 24). */
export type CartVerifyAnswer =
  | { result: "not_required" }
  | { result: "success"; id: string; expires_at: string }
  | {
      result: "failed";
      id: string;
      reason: AgeVerificationReason;
      message: string;
      expires_at: string | null;
    }
  | { result: "unknown"; id: string; token: string; expires_at: string }
  | { result: "unknown"; message: typeof NO_SCANNER_TOKEN };

/** POST /menu/verify/{id}. */
export interface ScanAnswer {
  id: string;
  result: "success" | "failed";
  reason?: AgeVerificationReason;
  message: string;
  expires_at?: string;
}

/** GET /menu/verify/result/{id}. */
export interface ResultAnswer {
  id: string;
  result: "pending" | "success" | "failed";
  reason: AgeVerificationReason | null;
  message: string;
  jurisdiction: string | null;
  verified_at: string | null;
  /** YYYY-MM-DD, the last day it holds, once decided; the scan session's end (an instant) while pending. */
  expires_at: string | null;
}

/** The day a scan is decided on: the US date where the day starts last (never later than any store's). */
const scanDay = (now: Date) => formatCalendarDate(todayForAgeCheck(now));

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const scanToken = (ctx: AgeContext, sessionId: string) =>
  createHmac("sha256", ctx.tokenKey).update(sessionId).digest("base64url");

/**
 * Where this shopper stands for the current cart: nothing needed; a verification (or an under-age refusal) that
 * still holds; else a new scan session, while the attempts last.
 */
export async function cartVerification(ctx: AgeContext, req: FastifyRequest): Promise<CartVerifyAnswer> {
  const { userId } = requireUser(req);
  const cart = await readCart(
    ctx.db,
    `user:${userId}`,
    await servingOf(ctx.db, req.headers as { lat?: number; lng?: number }),
  );
  if (!cart.verification_required) return { result: "not_required" };

  const now = ctx.now();
  const standing = await latestDecided(ctx.db, userId);
  if (standing && holdsOn(standing.expires_on, scanDay(now))) {
    if (standing.status === "success")
      return { result: "success", id: standing.id, expires_at: standing.expires_on! };
    if (standing.reason === "under_age")
      return {
        result: "failed",
        id: standing.id,
        reason: "under_age",
        message: AGE_MESSAGES.under_age,
        expires_at: standing.expires_on,
      };
  }

  // Only peeked: opening a session costs nothing; each barcode submitted counts.
  const limits = await Promise.all([
    ctx.limiter.peek(AGE_LIMITS.scansUser, userId),
    ctx.limiter.peek(AGE_LIMITS.scansIp, clientIp(req)),
  ]);
  if (limits.some((l) => l.exhausted)) return { result: "unknown", message: NO_SCANNER_TOKEN };

  // A page loaded twice, or the app asking again, gets the open session and its same token (with fresh time),
  // so the scanner a shopper already opened keeps working.
  const expiresAt = new Date(now.getTime() + SCAN_SESSION_MINUTES * 60_000);
  const newId = `av_${randomUUID()}`;
  const id = await openSession(ctx.db, {
    id: newId,
    userId,
    tokenHash: hashToken(scanToken(ctx, newId)),
    expiresAt,
  });
  return { result: "unknown", id, token: scanToken(ctx, id), expires_at: expiresAt.toISOString() };
}

/**
 * The scanner's reading: parsed, decided by the one rule (domain/age/decide.ts), and kept as its outcome only.
 * The barcode text lives in this function's variables and nowhere else: not in the table, not in a log, not in an
 * error.
 */
export async function submitScan(
  ctx: AgeContext,
  req: FastifyRequest,
  reply: FastifyReply,
  id: string,
  body: ScanBody,
): Promise<ScanAnswer> {
  const { userId } = requireUser(req);
  await countAndLimit(
    ctx.limiter,
    [
      [AGE_LIMITS.scansUser, userId],
      [AGE_LIMITS.scansIp, clientIp(req)],
    ],
    reply,
  );
  const session = await findVerification(ctx.db, id, userId);
  if (!session) throw new AppError(404, "verification_not_found", VERIFICATION_NOT_FOUND);
  const tokenHash = hashToken(body.token);
  if (!timingSafeEqual(Buffer.from(tokenHash), Buffer.from(session.token_hash)))
    throw new AppError(403, "scan_token_invalid", SCAN_TOKEN_INVALID);
  const now = ctx.now();
  if (session.status !== "pending") throw new AppError(409, "scan_session_used", SCAN_SESSION_USED);
  if (new Date(session.session_expires_at).getTime() <= now.getTime())
    throw new AppError(409, "scan_session_expired", SCAN_SESSION_EXPIRED);

  const reading = parseAamva(body.barcode);
  // Nothing was read, so nothing is decided: the session stays open for another try (the attempt is counted).
  if (!reading.ok) return { id, result: "failed", reason: "unreadable", message: AGE_MESSAGES.unreadable };

  const { licence } = reading;
  const account = await findUser(ctx.db, userId);
  if (!account) throw new AppError(404, "verification_not_found", VERIFICATION_NOT_FOUND);
  const today = scanDay(now);
  const decision = decideAge({
    licence,
    account: { firstname: account.firstname, lastname: account.lastname },
    deliveryDate: today,
  });
  const documentHash = createHmac("sha256", ctx.documentKey).update(documentKey(licence)).digest("hex");

  const decided = await ctx.db.transaction().execute(async (tx) => {
    await lockDocument(tx, documentHash);
    let outcome: Outcome =
      decision.result === "success"
        ? {
            status: "success",
            reason: null,
            jurisdiction: licence.jurisdiction,
            documentHash,
            expiresOn: decision.expiresOn,
          }
        : {
            status: "failed",
            reason: decision.reason,
            jurisdiction: licence.jurisdiction,
            documentHash,
            expiresOn: decision.expiresOn ?? null,
          };
    if (
      outcome.status === "success" &&
      (await accountsVerifiedBy(tx, documentHash, userId, today)) >= DOCUMENT_ACCOUNT_LIMIT
    )
      outcome = { ...outcome, status: "failed", reason: "document_in_use", expiresOn: null };
    const row = await decideSession(tx, { id, tokenHash, now }, outcome);
    if (!row) return null;
    await setAgeVerificationStatus(
      tx,
      userId,
      outcome.status === "success" ? 1 : outcome.reason === "under_age" ? 2 : null,
      outcome.expiresOn,
    );
    return row;
  });
  if (!decided) throw new AppError(409, "scan_session_used", SCAN_SESSION_USED);
  return scanAnswer(decided);
}

function scanAnswer(row: VerificationRow): ScanAnswer {
  if (row.status === "success")
    return { id: row.id, result: "success", message: AGE_MESSAGES.success, expires_at: row.expires_on! };
  const reason = row.reason!;
  return {
    id: row.id,
    result: "failed",
    reason,
    message: AGE_MESSAGES[reason],
    ...(row.expires_on ? { expires_at: row.expires_on } : {}),
  };
}

export async function verificationResult(
  ctx: AgeContext,
  req: FastifyRequest,
  id: string,
): Promise<ResultAnswer> {
  const { userId } = requireUser(req);
  const row = await findVerification(ctx.db, id, userId);
  if (!row) throw new AppError(404, "verification_not_found", VERIFICATION_NOT_FOUND);
  if (row.status === "pending")
    return {
      id: row.id,
      result: "pending",
      reason: null,
      message: SCAN_PENDING,
      jurisdiction: null,
      verified_at: null,
      expires_at: new Date(row.session_expires_at).toISOString(),
    };
  const answer = scanAnswer(row);
  return {
    id: row.id,
    result: row.status,
    reason: row.reason,
    message: answer.message,
    jurisdiction: row.jurisdiction,
    verified_at: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    expires_at: row.expires_on,
  };
}

/**
 * Checkout's question (ADR 24): does the user hold a verification that is still valid on `through`, the last day
 * any of the order's deliveries is made (the store's local date)?
 */
export async function holdsAgeVerification(db: Db, userId: string, through: string): Promise<boolean> {
  const standing = await latestDecided(db, userId);
  return standing?.status === "success" && holdsOn(standing.expires_on, through);
}
