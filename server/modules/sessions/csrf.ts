import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * CSRF tokens (docs/adr/0002-sessions-and-csrf.md): HMAC-SHA256 of the request's binding — the session id when
 * signed in, else the anonymous visitor id — under a server key. Nobody without the key can make a token for
 * someone else's binding, and a token stops working when the binding changes (log in, log out). Each token handed
 * out is masked with fresh random bytes, so the secret never appears twice the same in a compressed page
 * (BREACH).
 */
const RAW_BYTES = 32;

export interface Csrf {
  tokenFor(binding: string): string;
  verify(token: string | undefined | null, binding: string): boolean;
}

export function createCsrf(key: Buffer): Csrf {
  const raw = (binding: string) => createHmac("sha256", key).update(`csrf:v1:${binding}`).digest();
  return {
    tokenFor(binding) {
      const mask = randomBytes(RAW_BYTES);
      const secret = raw(binding);
      const masked = Buffer.alloc(RAW_BYTES);
      for (let i = 0; i < RAW_BYTES; i++) masked[i] = secret[i] ^ mask[i];
      return Buffer.concat([mask, masked]).toString("base64url");
    },
    verify(token, binding) {
      if (typeof token !== "string" || token.length > 100) return false;
      const bytes = Buffer.from(token, "base64url");
      if (bytes.length !== RAW_BYTES * 2) return false;
      const unmasked = Buffer.alloc(RAW_BYTES);
      for (let i = 0; i < RAW_BYTES; i++) unmasked[i] = bytes[i] ^ bytes[i + RAW_BYTES];
      return timingSafeEqual(unmasked, raw(binding));
    },
  };
}
