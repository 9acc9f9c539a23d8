import webpush from "web-push";
import type { PushConfig } from "../../config.ts";
import type { Db } from "../../platform/db.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = "vapid-keys";

/**
 * The VAPID key pair Web Push is signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise a pair
 * generated on first start and kept in the database (app_secrets), so every instance on one database signs with it
 * and the browsers' subscriptions (made for its public key) outlive restarts. Two instances starting together
 * agree: the first insert wins, both read it back.
 */
export async function vapidKeys(db: Db, config: PushConfig): Promise<VapidKeys & { generated: boolean }> {
  if (config.vapid) return { ...config.vapid, generated: false };
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insertInto("app_secrets")
    .values({ name: SECRET_NAME, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", SECRET_NAME)
    .executeTakeFirstOrThrow();
  const kept = JSON.parse(row.value) as VapidKeys;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, generated: true };
}
