import type { FastifyRequest } from "fastify";
import { checkMerchant, type MerchantRegistration } from "#domain/accounts/merchant.ts";
import { type Config, isDemoStore } from "#server/config.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { createSession, requireUser, revokeSession } from "../sessions/index.ts";
import { type AccountsContext, clientIp } from "./context.ts";

/**
 * Direct-merchant sign-on (spec §2 /sos, §6): a merchant sends the shopper to /sos; once signed in, the account is
 * linked to the merchant and a session token of its own is posted back — server to server, and only to one of
 * the merchant's registered redirect URLs (exact match; anything else is refused). The browser then goes to
 * that same URL with the merchant's `state`, never carrying the token itself.
 */
export const DEMO_MERCHANT_ID = "demo";
export const REDIRECT_NOT_REGISTERED = "This merchant has not registered that return address.";
export const MERCHANT_UNREACHABLE = "We could not reach the merchant. Please try again.";
const POSTBACK_TIMEOUT_MS = 5000;

/** Where a shopper can try /sos without a real merchant: the demo store (config.ts isDemoStore). */
export const hasDemoMerchant = isDemoStore;

/** The demo merchant, where there is one (DEMO_MERCHANT_REDIRECT_URLS, else this server's own echo page). */
export async function ensureDemoMerchant(db: Db, config: Config): Promise<void> {
  if (!hasDemoMerchant(config)) return;
  const urls = config.auth.demoMerchantRedirectUrls.length
    ? config.auth.demoMerchantRedirectUrls
    : [`http://localhost:${config.port}/api/dev/merchant-postback`];
  await db
    .insertInto("merchants")
    .values({ id: DEMO_MERCHANT_ID, name: "Demo Merchant", redirect_urls: urls })
    .onConflict((oc) => oc.column("id").doUpdateSet({ redirect_urls: urls }))
    .execute();
}

/**
 * Registers a merchant for direct sign-on, or updates its name and return addresses (the admin command
 * `npm run merchants`; the store console will take it over). Throws with every problem found.
 */
export async function registerMerchant(db: Db, merchant: MerchantRegistration) {
  const problems = checkMerchant(merchant);
  if (problems.length > 0) throw badRequest(problems.map((p) => p.message).join(" "), "invalid_merchant");
  const values = {
    id: merchant.id,
    name: merchant.name.trim(),
    redirect_urls: [...new Set(merchant.redirectUrls)],
  };
  return db
    .insertInto("merchants")
    .values(values)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ name: values.name, redirect_urls: values.redirect_urls }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listMerchants(db: Db) {
  return db.selectFrom("merchants").selectAll().orderBy("id").execute();
}

async function findMerchant(db: Db, id: string) {
  const merchant = await db.selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirst();
  if (!merchant) throw notFound("No such merchant.", "merchant_not_found");
  return merchant;
}

function registeredRedirect(
  merchant: { redirect_urls: string[] },
  requested: string | undefined,
): string | null {
  if (requested === undefined) return merchant.redirect_urls[0] ?? null;
  return merchant.redirect_urls.includes(requested) ? requested : null;
}

/** GET /auth/sos/merchant: who is asking, and whether the return address is one they registered. */
export async function merchantInfo(ctx: AccountsContext, merchantId: string, redirectUri?: string) {
  const merchant = await findMerchant(ctx.db, merchantId);
  return {
    id: merchant.id,
    name: merchant.name,
    redirect_allowed: registeredRedirect(merchant, redirectUri) !== null,
  };
}

/** POST /users/merchant-association {merchant_id, is_signup} (spec §7). */
export async function associateMerchant(
  ctx: AccountsContext,
  req: FastifyRequest,
  input: { merchant_id: string; is_signup: boolean },
) {
  const actor = requireUser(req);
  const merchant = await findMerchant(ctx.db, input.merchant_id);
  await ctx.db
    .insertInto("user_merchants")
    .values({ user_id: actor.userId, merchant_id: merchant.id, is_signup: input.is_signup })
    .onConflict((oc) => oc.columns(["user_id", "merchant_id"]).doNothing())
    .execute();
  if (input.is_signup) {
    await ctx.db.updateTable("users").set({ direct_only: true }).where("id", "=", actor.userId).execute();
  }
  const link = await ctx.db
    .selectFrom("user_merchants")
    .select(["is_signup", "created_at"])
    .where("user_id", "=", actor.userId)
    .where("merchant_id", "=", merchant.id)
    .executeTakeFirstOrThrow();
  return {
    merchant_id: merchant.id,
    is_signup: link.is_signup,
    linkedAt: new Date(link.created_at).toISOString(),
  };
}

/** POST /auth/sos/postback: links the account, posts a merchant session token back, answers where to go next. */
export async function sosPostback(
  ctx: AccountsContext,
  req: FastifyRequest,
  input: { merchant_id: string; redirect_uri?: string; state?: string; is_signup?: boolean },
) {
  const actor = requireUser(req);
  const merchant = await findMerchant(ctx.db, input.merchant_id);
  const target = registeredRedirect(merchant, input.redirect_uri);
  if (!target) throw badRequest(REDIRECT_NOT_REGISTERED, "redirect_not_registered");
  await associateMerchant(ctx, req, { merchant_id: merchant.id, is_signup: input.is_signup === true });

  const { sessionId, token } = await createSession(ctx.db, {
    userId: actor.userId,
    kind: "merchant",
    platform: actor.platform,
    merchantId: merchant.id,
    userAgent: `merchant:${merchant.id}`,
    ip: clientIp(req),
  });
  const postback = { token, user_id: actor.userId, merchant_id: merchant.id, state: input.state };
  try {
    const res = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(postback),
      redirect: "manual",
      signal: AbortSignal.timeout(POSTBACK_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`merchant answered ${res.status}`);
  } catch (err) {
    // The token never arrived: it must not stay usable.
    await revokeSession(ctx.db, sessionId);
    req.log.warn({ err, merchant: merchant.id }, "merchant postback failed");
    throw new AppError(502, "merchant_unreachable", MERCHANT_UNREACHABLE);
  }
  const redirect = new URL(target);
  if (input.state) redirect.searchParams.set("state", input.state);
  redirect.searchParams.set("status", "signed_in");
  return { redirect: redirect.href, merchant: { id: merchant.id, name: merchant.name } };
}
