import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#server/config.ts";

/**
 * The storefront's identity cookies (spec §9: user token, anonymous token and address, kept 1 year). The
 * address cookie belongs to the geo module; the cart used `nc_anon` for guests before this module existed and
 * keeps working with it.
 */
export const USER_COOKIE = "nc_user";
export const ANONYMOUS_COOKIE = "nc_anon";
export const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Secure everywhere except plain-HTTP local work: tests, and hosts on the loopback interface. */
export function secureCookies(req: FastifyRequest, config: Config): boolean {
  return config.env !== "test" && !LOOPBACK.has(req.hostname.replace(/:\d+$/, ""));
}

export function cookieOptions(req: FastifyRequest, config: Config, maxAge = COOKIE_MAX_AGE_S) {
  return {
    path: "/",
    maxAge,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secureCookies(req, config),
  };
}

export function clearUserCookie(req: FastifyRequest, reply: FastifyReply, config: Config): void {
  reply.clearCookie(USER_COOKIE, { ...cookieOptions(req, config), maxAge: undefined });
}
