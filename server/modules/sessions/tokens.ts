import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Opaque bearer secrets (session tokens, reset links, the kept social sign-in data): 256 random bits, only
 * their SHA-256 is stored, so a database leak gives no working token. The prefix lets secret scanners spot a
 * leaked session token.
 */
export const SESSION_TOKEN_PREFIX = "ncs_";
const SESSION_TOKEN = /^ncs_[A-Za-z0-9_-]{43}$/;

export function newSecret(prefix = ""): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

export function newSessionToken(): string {
  return newSecret(SESSION_TOKEN_PREFIX);
}

export function isSessionTokenShape(value: string): boolean {
  return SESSION_TOKEN.test(value);
}

export function hashSecret(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
