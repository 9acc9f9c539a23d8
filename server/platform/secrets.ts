import { createHash, randomBytes } from "node:crypto";
import type { Db } from "./db.ts";

/**
 * A server key by name (CSRF tokens, sign-in flow cookies). From SESSION_SECRET when configured; otherwise a
 * random key generated on first start and kept in the database, so every instance on one database shares it
 * and restarts keep it. Two instances starting together agree: the first insert wins, both read it back.
 */
export async function serverKey(db: Db, name: string, configured?: string): Promise<Buffer> {
  if (configured) return createHash("sha256").update(`${name}:${configured}`).digest();
  return Buffer.from(await keptSecret(db, name, randomBytes(32).toString("base64")), "base64");
}

/**
 * The secret kept in the database (app_secrets) under `name`: `fresh` when none is kept yet. Two instances starting
 * together agree: the first insert wins, both read it back.
 */
export async function keptSecret(db: Db, name: string, fresh: string): Promise<string> {
  await db
    .insertInto("app_secrets")
    .values({ name, value: fresh })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
