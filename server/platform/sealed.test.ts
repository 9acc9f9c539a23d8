import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SealError, seal, sealKey, unseal } from "./sealed.ts";

describe("a sealed value (AES-256-GCM envelope)", () => {
  const key = sealKey(randomBytes(32));

  it("opens with its key and context, and never carries the secret in clear", () => {
    const sealed = seal(key, "hunter2-password", "store:d-manhattan");
    expect(sealed).toMatch(new RegExp(`^v1\\.${key.id}\\.[\\w-]{16}\\.[\\w-]{22}\\.[\\w-]+$`));
    expect(sealed).not.toContain("hunter2");
    expect(Buffer.from(sealed.split(".")[4], "base64url").toString()).not.toContain("hunter2");
    expect(unseal([key], sealed, "store:d-manhattan")).toBe("hunter2-password");
  });

  it("takes a fresh IV each time: the same secret never seals the same", () => {
    const a = seal(key, "same", "c");
    const b = seal(key, "same", "c");
    expect(a).not.toBe(b);
    expect(a.split(".")[2]).not.toBe(b.split(".")[2]);
  });

  it("refuses another context, an altered byte, an unknown key, an unknown format", () => {
    const sealed = seal(key, "secret", "store:a");
    expect(() => unseal([key], sealed, "store:b")).toThrow(SealError);
    const parts = sealed.split(".");
    const ct = Buffer.from(parts[4], "base64url");
    ct[0] ^= 1;
    parts[4] = ct.toString("base64url");
    expect(() => unseal([key], parts.join("."), "store:a")).toThrow(/does not open/);
    const other = sealKey(randomBytes(32));
    expect(() => unseal([other], sealed, "store:a")).toThrow(/not configured/);
    expect(() => unseal([key], `v2${sealed.slice(2)}`, "store:a")).toThrow(/known format/);
    expect(() => unseal([key], "plain text", "store:a")).toThrow(SealError);
  });

  it("opens a value sealed under an older key still in the ring", () => {
    const old = sealKey(randomBytes(32));
    const sealed = seal(old, "kept", "c");
    expect(unseal([key, old], sealed, "c")).toBe("kept");
    expect(key.id).not.toBe(old.id);
  });

  it("takes only 32-byte keys", () => {
    expect(() => sealKey(randomBytes(16))).toThrow(SealError);
  });
});
