/**
 * Two-step login codes and customer PINs (spec §5): six random digits, single use, valid for ten minutes, and
 * bound to one login attempt (its `oid`). Generation takes the random source as an argument so the rule stays
 * pure; the server passes node:crypto, a browser would pass crypto.getRandomValues.
 */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses one login attempt survives; the next code must come from a new step 1. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/** Fills the array with uniformly random 32-bit values. */
export type RandomUint32 = (values: Uint32Array) => Uint32Array;

/** Largest multiple of 10 below 2^32: values at or above it are drawn again so every digit is equally likely. */
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / 10) * 10;

export function generateNumericCode(random: RandomUint32, length = LOGIN_CODE_LENGTH): string {
  let code = "";
  const values = new Uint32Array(length);
  while (code.length < length) {
    random(values);
    for (const value of values) {
      if (value < UNBIASED_LIMIT && code.length < length) code += String(value % 10);
    }
  }
  return code;
}

/** Whether text could be a code at all (checked before any lookup). */
export function isWellFormedCode(value: string, length = LOGIN_CODE_LENGTH): boolean {
  return value.length === length && /^\d+$/.test(value);
}
