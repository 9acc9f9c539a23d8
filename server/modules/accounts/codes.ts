import { createHmac, randomFillSync, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { LoginCodesTable } from "#db/schema-accounts.ts";
import {
  generateNumericCode,
  isWellFormedCode,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
} from "#domain/accounts/login-code.ts";
import { safeEqual } from "../sessions/index.ts";

/**
 * Login codes (spec §5 two-step login): six random digits from node:crypto, stored as an HMAC bound to the
 * attempt's oid, valid ten minutes, five guesses, used once.
 */
export function newCode(): string {
  return generateNumericCode((values) => randomFillSync(values));
}

export function codeDigest(key: Buffer, oid: string, code: string): string {
  return createHmac("sha256", key).update(`${oid}:${code}`).digest("hex");
}

export interface PendingSignup {
  firstname: string;
  lastname: string;
  birthday: string;
  passwordHash: string | null;
  gender: string | null;
  mobile: string | null;
  countryCode: string | null;
  source: string | null;
  promo: string | null;
  /** The referral code the signup came through (`/signup?ref=`); absent in attempts stored before it existed. */
  referral?: string | null;
  directOnly: boolean;
  platform: "web" | "ios" | "android";
  userAgent: string | null;
  /** The kept social sign-in data to link once the email is proven. */
  ssoTokenHash: string | null;
}

export async function storeLoginCode(
  db: Kysely<Database>,
  key: Buffer,
  attempt: {
    purpose: "login" | "signup";
    email: string;
    userId: string | null;
    channel: "email" | "sms";
    pending?: PendingSignup | null;
  },
): Promise<{ oid: string; code: string }> {
  const oid = randomUUID();
  const code = newCode();
  await db
    .insertInto("login_codes")
    .values({
      oid,
      purpose: attempt.purpose,
      email: attempt.email,
      user_id: attempt.userId,
      channel: attempt.channel,
      code_hash: codeDigest(key, oid, code),
      pending: attempt.pending ? JSON.stringify(attempt.pending) : null,
      expires_at: new Date(Date.now() + LOGIN_CODE_TTL_MS),
    })
    .execute();
  return { oid, code };
}

export type LoginCodeRow = Omit<Selectable<LoginCodesTable>, "pending"> & { pending: PendingSignup | null };

export type CodeCheck = { ok: true; attempt: LoginCodeRow } | { ok: false; email: string | null };

/**
 * Checks a code inside the caller's transaction, locking the attempt row so two guesses cannot both spend the
 * same code. A wrong guess is counted (the caller must commit that); the right one consumes the attempt.
 */
export async function checkLoginCode(
  tx: Kysely<Database>,
  key: Buffer,
  oid: string,
  code: string,
  purposes: ("login" | "signup")[],
): Promise<CodeCheck> {
  const row = await tx
    .selectFrom("login_codes")
    .selectAll()
    .where("oid", "=", oid)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { ok: false, email: null };
  const usable =
    purposes.includes(row.purpose) &&
    row.consumed_at === null &&
    new Date(row.expires_at).getTime() > Date.now() &&
    row.attempts < LOGIN_CODE_MAX_ATTEMPTS;
  if (!usable) return { ok: false, email: row.email };
  if (!isWellFormedCode(code) || !safeEqual(codeDigest(key, oid, code), row.code_hash)) {
    await tx.updateTable("login_codes").set({ attempts: sql`attempts + 1` }).where("oid", "=", oid).execute();
    return { ok: false, email: row.email };
  }
  await tx.updateTable("login_codes").set({ consumed_at: sql`now()` }).where("oid", "=", oid).execute();
  const pending = typeof row.pending === "string" ? JSON.parse(row.pending) : row.pending;
  return { ok: true, attempt: { ...row, pending: (pending as PendingSignup | null) ?? null } };
}
