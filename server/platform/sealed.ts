import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database sealed (docs/adr/0073-scheduled-shelf-feeds.md): AES-256-GCM, a random 96-bit IV per
 * value, the 128-bit tag checked on opening, and the `context` (e.g. the store whose value it is) bound in as
 * associated data, so a value copied to another row does not open. The envelope names its format and its key:
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), the key id the first 8 hex digits of a hash of the key, so a
 * value sealed under an older key is told apart (and opened while that key is still in the ring).
 */
export interface SealKey {
  id: string;
  key: Buffer;
}

export class SealError extends Error {}

const VERSION = "v1";

/** A 32-byte key and its id. */
export function sealKey(key: Buffer): SealKey {
  if (key.length !== 32) throw new SealError("a sealing key is 32 bytes");
  const id = createHash("sha256").update("nightcap sealed key id\0").update(key).digest("hex").slice(0, 8);
  return { id, key };
}

export function seal(key: SealKey, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    key.id,
    iv.toString("base64url"),
    tag.toString("base64url"),
    ciphertext.toString("base64url"),
  ].join(".");
}

/** Opens an envelope with whichever of `keys` sealed it; a wrong key, context or altered byte is a SealError. */
export function unseal(keys: readonly SealKey[], envelope: string, context: string): string {
  const parts = envelope.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SealError("not a sealed value of a known format");
  const [, keyId, iv, tag, ciphertext] = parts;
  const key = keys.find((k) => k.id === keyId);
  if (!key) throw new SealError(`sealed under key ${keyId}, which is not configured`);
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SealError("the sealed value does not open: altered, or sealed for something else");
  }
}
