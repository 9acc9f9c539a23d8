import type { FastifyReply, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import { AppError } from "#server/errors.ts";
import { cookieOptions, hashSecret, newSecret } from "#server/modules/sessions/index.ts";
import type { AccountsContext } from "../context.ts";
import type { ProviderClaims } from "./oidc-clients.ts";

export type { ProviderClaims } from "./oidc-clients.ts";

/**
 * The provider's data, kept until the profile is completed or the account proven (spec §4). The browser holds
 * a random handle in an HttpOnly cookie; mobile apps get it in the body as `sso_token`. Only its hash is stored.
 */
export const SSO_COOKIE = "nc_sso";
export const SSO_PENDING_TTL_MS = 24 * 60 * 60 * 1000;
export const SSO_EXPIRED = "Your social sign-in has expired. Please start again.";
export const IDENTITY_TAKEN = "That sign-in is already linked to another Nightcap account.";

export interface PendingSso {
  tokenHash: string;
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstname: string | null;
  lastname: string | null;
}

type Q = Kysely<Database>;

export async function keepPendingSso(
  db: Q,
  provider: string,
  claims: ProviderClaims,
): Promise<{ token: string; pending: PendingSso }> {
  const token = newSecret("ncp_");
  const [first, ...rest] = (claims.name ?? "").trim().split(/\s+/);
  const pending: PendingSso = {
    tokenHash: hashSecret(token),
    provider,
    subject: claims.sub,
    email: claims.email ? claims.email.trim().toLowerCase() : null,
    emailVerified: claims.email_verified === true,
    firstname: claims.given_name ?? (first || null),
    lastname: claims.family_name ?? (rest.join(" ") || null),
  };
  await db
    .insertInto("sso_pending")
    .values({
      token_hash: pending.tokenHash,
      provider,
      subject: pending.subject,
      email: pending.email,
      email_verified: pending.emailVerified,
      firstname: pending.firstname?.slice(0, 50) ?? null,
      lastname: pending.lastname?.slice(0, 50) ?? null,
      expires_at: new Date(Date.now() + SSO_PENDING_TTL_MS),
    })
    .execute();
  return { token, pending };
}

export function setPendingSsoCookie(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  reply.setCookie(SSO_COOKIE, token, cookieOptions(req, ctx.config, SSO_PENDING_TTL_MS / 1000));
}

export function clearPendingSsoCookie(ctx: AccountsContext, req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SSO_COOKIE, { ...cookieOptions(req, ctx.config), maxAge: undefined });
}

/** The kept data for this browser (cookie) or app (`sso_token`), or null when absent or expired. */
export async function readPendingSso(
  ctx: AccountsContext,
  req: FastifyRequest,
  bodyToken?: string,
): Promise<PendingSso | null> {
  const token = bodyToken ?? req.cookies[SSO_COOKIE];
  if (!token || token.length > 100) return null;
  const row = await ctx.db
    .selectFrom("sso_pending")
    .selectAll()
    .where("token_hash", "=", hashSecret(token))
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  return {
    tokenHash: row.token_hash,
    provider: row.provider,
    subject: row.subject,
    email: row.email,
    emailVerified: row.email_verified,
    firstname: row.firstname,
    lastname: row.lastname,
  };
}

export async function consumePendingSso(db: Q, pending: PendingSso): Promise<void> {
  await db.deleteFrom("sso_pending").where("token_hash", "=", pending.tokenHash).execute();
}

/**
 * Links a provider identity to an account. One identity belongs to one account, and an account has at most one
 * identity per provider: linking someone else's identity is refused (409).
 */
export async function linkIdentity(
  db: Q,
  pending: Pick<PendingSso, "provider" | "subject" | "email">,
  userId: string,
) {
  const inserted = await db
    .insertInto("sso_identities")
    .values({ provider: pending.provider, subject: pending.subject, user_id: userId, email: pending.email })
    .onConflict((oc) => oc.doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (inserted) return;
  const owner = await db
    .selectFrom("sso_identities")
    .select("user_id")
    .where("provider", "=", pending.provider)
    .where("subject", "=", pending.subject)
    .executeTakeFirst();
  if (owner?.user_id === userId) return;
  throw new AppError(409, "identity_taken", IDENTITY_TAKEN);
}
