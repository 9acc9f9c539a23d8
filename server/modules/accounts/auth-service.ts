import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  formatCalendarDate,
  INVALID_BIRTHDAY,
  isAfter,
  isUnderAge,
  parseBirthday,
  todayForAgeCheck,
  UNDER_AGE_MESSAGE,
} from "#domain/accounts/age.ts";
import { INVALID_EMAIL, isValidEmail, normalizeEmail } from "#domain/accounts/email.ts";
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "#domain/accounts/password.ts";
import { INVALID_MOBILE, normalizeUsMobile } from "#domain/accounts/phone.ts";
import type { CodeSent, LoggedIn } from "#domain/accounts/types.ts";
import { LOGIN_FAILED } from "#domain/copy.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { countAndLimit, countFailure, ensureNotLimited, type LimitCheck } from "#server/route-limits.ts";
import {
  ANONYMOUS_COOKIE,
  CSRF_HEADER,
  clearUserCookie,
  hashSecret,
  newSecret,
  revokeSession,
  revokeUserSessions,
} from "../sessions/index.ts";
import { checkLoginCode, type LoginCodeRow, type PendingSignup, storeLoginCode } from "./codes.ts";
import { type AccountsContext, clientIp, publicOrigin } from "./context.ts";
import { LIMITS } from "./limits.ts";
import {
  loginCodeMessage,
  loginUnknownMessage,
  passwordResetMessage,
  passwordResetUnknownMessage,
  signupCodeMessage,
  signupExistingMessage,
  smsRecipient,
} from "./messages.ts";
import { checkPassword, hashPassword, needsRehash } from "./passwords.ts";
import { deliverSession, type StartedSession, startSession } from "./sign-in.ts";
import {
  clearPendingSsoCookie,
  consumePendingSso,
  linkIdentity,
  type PendingSso,
  readPendingSso,
} from "./sso/pending.ts";
import { findUserByEmail, findUserByLogin, type UserRow } from "./users.ts";

export const CODE_SENT =
  "If an account uses this email, we sent it a 6-digit code. It expires in 10 minutes.";
export const SIGNUP_CODE_SENT = "We sent a 6-digit code to your email. Enter it to finish signing up.";
export const RESET_SENT = "If an account uses this email, we sent it a link to reset the password.";
export const RESET_LINK_INVALID =
  "This reset link has expired or was already used. Please ask for a new one.";
const CODE_LOCK_HINT = "You can also log in with your password or reset it.";
const LOGIN_LOCK_HINT = "You can still log in with a code sent to your email.";
export const RESET_TTL_MS = 30 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------------
// Signup (spec §5): first name, last name, email (the username) and birthday required; password, gender, mobile
// and source optional. The email is proven with a code before the account exists, so the answer is the same
// whether the email is new or taken (no account enumeration).

export interface SignupInput {
  firstname: string;
  lastname: string;
  email: string;
  birthday: string;
  password?: string;
  gender?: string;
  mobile?: string;
  source?: string;
  promo?: string;
  ref?: string;
  direct_only?: boolean;
  sso_token?: string;
}

export async function signup(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: SignupInput,
): Promise<CodeSent | LoggedIn> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(INVALID_EMAIL, "invalid_email");
  const birthday = parseBirthday(input.birthday);
  const today = todayForAgeCheck(new Date());
  if (!birthday || isAfter(birthday, today)) throw badRequest(INVALID_BIRTHDAY, "invalid_birthday");
  if (isUnderAge(birthday, today)) throw badRequest(UNDER_AGE_MESSAGE, "under_age");
  const mobile = input.mobile ? normalizeUsMobile(input.mobile) : null;
  if (input.mobile && !mobile) throw badRequest(INVALID_MOBILE, "invalid_mobile");
  if (input.password && input.password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(PASSWORD_TOO_SHORT, "weak_password");
  }
  await countAndLimit(
    ctx.limiter,
    [
      [LIMITS.signupsIp, clientIp(req)],
      [LIMITS.signupsEmail, email],
    ],
    reply,
  );

  const sso = await readPendingSso(ctx, req, input.sso_token);
  // Hashing happens for taken emails too: the same work either way.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const pending: PendingSignup = {
    firstname: input.firstname,
    lastname: input.lastname,
    birthday: formatCalendarDate(birthday),
    passwordHash,
    gender: input.gender ?? null,
    mobile: mobile?.mobile ?? null,
    countryCode: mobile?.countryCode ?? null,
    source: input.source ?? null,
    promo: input.promo ?? null,
    referral: input.ref ?? null,
    directOnly: input.direct_only === true,
    platform: req.actor.platform,
    userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"].slice(0, 300) : null,
    ssoTokenHash: sso?.tokenHash ?? null,
  };
  const origin = publicOrigin(req, ctx.config);

  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    // The provider already proved this email: no code needed (spec §4: the provider's data completes the profile).
    if (!existing && sso?.emailVerified && sso.email === email) {
      const userId = await createUser(ctx, tx, email, pending, true);
      if (userId) {
        await linkIdentity(tx, sso, userId);
        await consumePendingSso(tx, sso);
        return { kind: "signed-in" as const, started: await startSession(ctx, req, tx, userId) };
      }
    }
    if (existing) {
      const { oid, code } = await storeLoginCode(tx, ctx.codeKey, {
        purpose: "login",
        email,
        userId: existing.id,
        channel: "email",
      });
      await ctx.outbox.enqueue(tx, signupExistingMessage(existing.email, code, origin));
      return { kind: "code" as const, oid };
    }
    const { oid, code } = await storeLoginCode(tx, ctx.codeKey, {
      purpose: "signup",
      email,
      userId: null,
      channel: "email",
      pending,
    });
    await ctx.outbox.enqueue(tx, signupCodeMessage(email, code));
    return { kind: "code" as const, oid };
  });
  if (outcome.kind === "signed-in") {
    if (sso) clearPendingSsoCookie(ctx, req, reply);
    return deliverSession(ctx, req, reply, outcome.started);
  }
  return { status: "code_sent", oid: outcome.oid, channel: "email", message: SIGNUP_CODE_SENT };
}

/** Inserts the account; null when the email was taken meanwhile (the unique index settles races). */
async function createUser(
  ctx: AccountsContext,
  tx: Transaction<Database>,
  email: string,
  p: PendingSignup,
  emailVerified: boolean,
): Promise<string | null> {
  const row = await tx
    .insertInto("users")
    .values({
      id: randomUUID(),
      email,
      username: email,
      firstname: p.firstname,
      lastname: p.lastname,
      password_hash: p.passwordHash,
      gender: p.gender as UserRow["gender"],
      mobile: p.mobile,
      country_code: p.countryCode,
      birthday: p.birthday,
      stated_source: p.source,
      signup_platform: p.platform,
      signup_promo: p.promo,
      user_agent: p.userAgent,
      email_verified: emailVerified,
      direct_only: p.directOnly,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) await ctx.links.created({ userId: row.id, referral: p.referral ?? null }, tx);
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Two-step login (spec §5): step 1 takes the email and sends a code; step 2 takes oid and the code.

export async function loginStep1(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; channel?: "email" | "sms" },
): Promise<CodeSent> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(INVALID_EMAIL, "invalid_email");
  await countAndLimit(
    ctx.limiter,
    [
      [LIMITS.codeSendsIp, clientIp(req)],
      [LIMITS.codeSendsEmail, email],
    ],
    reply,
  );
  const channel = input.channel ?? "email";
  const origin = publicOrigin(req, ctx.config);
  const oid = await ctx.db.transaction().execute(async (tx) => {
    const user = await findUserByEmail(tx, email);
    const stored = await storeLoginCode(tx, ctx.codeKey, {
      purpose: "login",
      email,
      userId: user?.id ?? null,
      channel,
    });
    if (!user) {
      await ctx.outbox.enqueue(tx, loginUnknownMessage(email, origin));
    } else if (channel === "sms" && user.mobile) {
      await ctx.outbox.enqueue(
        tx,
        loginCodeMessage("sms", smsRecipient(user.country_code, user.mobile), stored.code),
      );
    } else {
      await ctx.outbox.enqueue(tx, loginCodeMessage("email", user.email, stored.code));
    }
    return stored.oid;
  });
  return { status: "code_sent", oid, channel, message: CODE_SENT };
}

export async function loginStep2(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { oid: string; code: string },
): Promise<LoggedIn> {
  const started = await withSpentCode(ctx, req, reply, input, ["login", "signup"], async (tx, attempt) => {
    let userId = attempt.user_id;
    if (attempt.purpose === "signup" && attempt.pending) {
      userId = await createUser(ctx, tx, attempt.email, attempt.pending, true);
      // Taken meanwhile (two signups raced): the code proved this mailbox, which is what a code login proves too.
      userId ??= (await findUserByEmail(tx, attempt.email))?.id ?? null;
      const sso = attempt.pending.ssoTokenHash
        ? await readPendingSsoByHash(tx, attempt.pending.ssoTokenHash)
        : null;
      if (userId && sso) {
        await linkIdentity(tx, sso, userId);
        await consumePendingSso(tx, sso);
      }
    } else if (userId) {
      await tx.updateTable("users").set({ email_verified: true }).where("id", "=", userId).execute();
    }
    return userId ? startSession(ctx, req, tx, userId) : null;
  });
  return deliverSession(ctx, req, reply, started);
}

/**
 * Spends a login code and, in the same transaction, runs `use` with its attempt. Refuses (429) when this IP or
 * the attempt's account has guessed too often; a wrong guess is counted and kept; every failure reads the same
 * (spec §5 wording). `use` answering null also fails (an unknown email's attempt never signs anyone in).
 */
export async function withSpentCode<T>(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { oid: string; code: string },
  purposes: ("login" | "signup")[],
  use: (tx: Transaction<Database>, attempt: LoginCodeRow) => Promise<T | null>,
): Promise<T> {
  const preview = await ctx.db
    .selectFrom("login_codes")
    .select("email")
    .where("oid", "=", input.oid)
    .executeTakeFirst();
  const counters: LimitCheck[] = [[LIMITS.codeFailuresIp, clientIp(req)]];
  if (preview) counters.push([LIMITS.codeFailuresAccount, preview.email]);
  await ensureNotLimited(ctx.limiter, counters, reply, CODE_LOCK_HINT);
  const result = await ctx.db.transaction().execute(async (tx) => {
    const check = await checkLoginCode(tx, ctx.codeKey, input.oid, input.code, purposes);
    if (!check.ok) return { ok: false as const };
    const value = await use(tx, check.attempt);
    return value === null ? { ok: false as const } : { ok: true as const, value };
  });
  if (!result.ok) {
    await countFailure(ctx.limiter, counters);
    throw new AppError(401, "invalid_code", LOGIN_FAILED);
  }
  if (preview) await ctx.limiter.reset(LIMITS.codeFailuresAccount, preview.email);
  return result.value;
}

async function readPendingSsoByHash(
  tx: Transaction<Database>,
  tokenHash: string,
): Promise<PendingSso | null> {
  const row = await tx
    .selectFrom("sso_pending")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row
    ? {
        tokenHash: row.token_hash,
        provider: row.provider,
        subject: row.subject,
        email: row.email,
        emailVerified: row.email_verified,
        firstname: row.firstname,
        lastname: row.lastname,
      }
    : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Password login (spec §5): email or username and password; on failure the service's message.

export async function passwordLogin(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
): Promise<LoggedIn> {
  const user = await verifyCredentials(ctx, req, reply, input.username, input.password);
  const started = await ctx.db.transaction().execute((tx) => startSession(ctx, req, tx, user.id));
  return deliverSession(ctx, req, reply, started);
}

/**
 * Checks a login and password under the failed-login limits (per account and IP, per account, per IP); unknown
 * accounts cost the same time as known ones. Upgrades a hash below the current policy.
 */
export async function verifyCredentials(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  login: string,
  password: string,
): Promise<UserRow> {
  const account = login.trim().toLowerCase();
  const ip = clientIp(req);
  const counters: LimitCheck[] = [
    [LIMITS.loginFailuresAccountIp, `${account}|${ip}`],
    [LIMITS.loginFailuresAccount, account],
    [LIMITS.loginFailuresIp, ip],
  ];
  await ensureNotLimited(ctx.limiter, counters, reply, LOGIN_LOCK_HINT);
  const user = await findUserByLogin(ctx.db, account);
  const ok = await checkPassword(user?.password_hash, password);
  if (!ok || !user?.password_hash) {
    await countFailure(ctx.limiter, counters);
    throw new AppError(401, "invalid_credentials", LOGIN_FAILED);
  }
  await ctx.limiter.reset(LIMITS.loginFailuresAccountIp, `${account}|${ip}`);
  if (needsRehash(user.password_hash)) {
    const upgraded = await hashPassword(password);
    await ctx.db
      .updateTable("users")
      .set({ password_hash: upgraded, updated_at: sql`now()` })
      .where("id", "=", user.id)
      .where("password_hash", "=", user.password_hash)
      .execute();
  }
  return user;
}

// ---------------------------------------------------------------------------------------------------------------
// Logout: the session ends on the server, the cookie goes, and the page gets a CSRF token for the visitor again.

export async function logout(ctx: AccountsContext, req: FastifyRequest, reply: FastifyReply) {
  if (req.actor.sessionId) await revokeSession(ctx.db, req.actor.sessionId);
  if (req.actor.via === "cookie" || req.cookies.nc_user) clearUserCookie(req, reply, ctx.config);
  const anonymousId = req.actor.anonymousId ?? req.cookies[ANONYMOUS_COOKIE];
  if (anonymousId) reply.header(CSRF_HEADER, ctx.csrf.tokenFor(`anon:${anonymousId}`));
  req.actor = {
    ...req.actor,
    userId: null,
    role: "anonymous",
    sessionId: null,
    storeId: null,
    session: "none",
  };
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------------------------
// Forgot password: a single-use link (token stored hashed, 30 minutes), the same answer for every email.

export async function forgotPassword(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { email: string },
) {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(INVALID_EMAIL, "invalid_email");
  await countAndLimit(
    ctx.limiter,
    [
      [LIMITS.resetRequestsIp, clientIp(req)],
      [LIMITS.resetRequestsEmail, email],
    ],
    reply,
  );
  const origin = publicOrigin(req, ctx.config);
  await ctx.db.transaction().execute(async (tx) => {
    const user = await findUserByEmail(tx, email);
    const token = newSecret("ncr_");
    if (!user) {
      await ctx.outbox.enqueue(tx, passwordResetUnknownMessage(email, origin));
      return;
    }
    await tx
      .insertInto("password_resets")
      .values({
        token_hash: hashSecret(token),
        user_id: user.id,
        expires_at: new Date(Date.now() + RESET_TTL_MS),
      })
      .execute();
    await ctx.outbox.enqueue(tx, passwordResetMessage(user.email, `${origin}/reset-password?token=${token}`));
  });
  return { ok: true as const, message: RESET_SENT };
}

export async function resetPassword(
  ctx: AccountsContext,
  input: { token: string; password: string },
): Promise<{ ok: true }> {
  if (input.password.length < PASSWORD_MIN_LENGTH) throw badRequest(PASSWORD_TOO_SHORT, "weak_password");
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction().execute(async (tx) => {
    const reset = await tx
      .selectFrom("password_resets")
      .select(["user_id"])
      .where("token_hash", "=", hashSecret(input.token))
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!reset) return false;
    await tx
      .updateTable("password_resets")
      .set({ used_at: sql`now()` })
      .where("token_hash", "=", hashSecret(input.token))
      .execute();
    await tx
      .updateTable("users")
      .set({ password_hash: passwordHash, email_verified: true, updated_at: sql`now()` })
      .where("id", "=", reset.user_id)
      .execute();
    // Whoever knew the old password is signed out everywhere.
    await revokeUserSessions(tx, reset.user_id);
    return true;
  });
  if (!done) throw badRequest(RESET_LINK_INVALID, "invalid_reset_link");
  return { ok: true };
}

export type { StartedSession };
