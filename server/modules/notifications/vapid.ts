import webpush from "web-push";
import type { PushConfig } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { keptSecret } from "#server/platform/secrets.ts";

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
  const kept = JSON.parse(await keptSecret(db, SECRET_NAME, JSON.stringify(fresh))) as VapidKeys;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, generated: true };
}
