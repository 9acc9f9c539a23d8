import { randomBytes } from "node:crypto";
import { hash, parseOptions, verify } from "@node-rs/argon2";

/**
 * Passwords are hashed with argon2id at the OWASP Password Storage Cheat Sheet's first configuration: 19 MiB of
 * memory, 2 passes, 1 lane (ASVS 4.0 §2.4.1). Hashes below it are upgraded at the next successful login.
 */
export const ARGON2_ARGON2ID = 2;
export const PASSWORD_HASH_POLICY = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2_ARGON2ID, ...PASSWORD_HASH_POLICY });
}

/** Stored hashes are PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash). */
export function storedHashParameters(stored: string) {
  const parsed = parseOptions(stored);
  return {
    algorithm: parsed.algorithm === ARGON2_ARGON2ID ? "argon2id" : `argon2-${parsed.algorithm}`,
    memoryCost: parsed.memoryCost,
    timeCost: parsed.timeCost,
    parallelism: parsed.parallelism,
  };
}

export function needsRehash(stored: string): boolean {
  try {
    const p = storedHashParameters(stored);
    return (
      p.algorithm !== "argon2id" ||
      p.memoryCost < PASSWORD_HASH_POLICY.memoryCost ||
      p.timeCost < PASSWORD_HASH_POLICY.timeCost
    );
  } catch {
    return true;
  }
}

let decoy: Promise<string> | null = null;

/** The hash a password is checked against when there is none: made like every account's, so as dear to check. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}

/**
 * Checks a password. Without a stored hash (unknown account, password-less account) it verifies against a decoy
 * hash anyway, so the answer takes as long as for a real account and gives nothing away.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
