import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import {
  checkPassword,
  decoyHash,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_POLICY,
  storedHashParameters,
} from "./passwords.ts";

describe("password hashing", () => {
  it("uses argon2id at the OWASP minimum (m=19456 KiB, t=2, p=1) with a random salt", async () => {
    expect(PASSWORD_HASH_POLICY).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(storedHashParameters(a)).toEqual({
      algorithm: "argon2id",
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(needsRehash(a)).toBe(false);
    expect(await checkPassword(a, "same password")).toBe(true);
    expect(await checkPassword(a, "Same password")).toBe(false);
  });

  it("asks for a rehash below the policy or for another algorithm", async () => {
    expect(
      needsRehash(await hash("pw", { algorithm: 2, memoryCost: 8192, timeCost: 2, parallelism: 1 })),
    ).toBe(true);
    expect(
      needsRehash(await hash("pw", { algorithm: 2, memoryCost: 19456, timeCost: 1, parallelism: 1 })),
    ).toBe(true);
    expect(
      needsRehash(await hash("pw", { algorithm: 1, memoryCost: 19456, timeCost: 2, parallelism: 1 })),
    ).toBe(true);
    expect(needsRehash("not a hash")).toBe(true);
  });

  it("an account without a hash never matches, checked against a decoy made like every account's hash", async () => {
    expect(await checkPassword(null, "anything")).toBe(false);
    expect(await checkPassword(undefined, "anything")).toBe(false);
    // Same algorithm and cost as a real account's hash, so the answer takes as long (no timing in tests: ADR 0002).
    const decoy = await decoyHash();
    expect(decoy).toMatch(/^\$argon2id\$/);
    expect(needsRehash(decoy)).toBe(false);
  });
});
