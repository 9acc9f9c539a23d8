import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";

/**
 * The browser's half of order notifications (docs/adr/0030-order-notifications.md): asked only when a signed-in
 * shopper presses the button, never on page load. Permission, then the service worker (/sw.js), then a Web Push
 * subscription for the server's VAPID key, then POST /customer/{id}/fcm-token. The answer is what the spec names:
 * 'failed' when the registration fails (any step after the permission).
 */
export type PushOptInResult = "ok" | "failed" | "denied" | "unsupported";

export function webPushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The permission already given or refused on this device ("default": not asked yet). */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return webPushSupported() ? Notification.permission : "unsupported";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/** Registers this device for the user's order notifications. */
export async function enablePush(userId: string): Promise<PushOptInResult> {
  if (!webPushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    const key = await browserApi<ApiAnswer<"getVapidPublicKey">>("/api/push/vapid-public-key");
    if (!key.ok) return "failed";
    const applicationServerKey = keyBytes(key.data.publicKey);
    let subscription = await registration.pushManager.getSubscription();
    // Made for another key (the store's keys changed): a push service refuses the new key's messages for it.
    if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
    const res = await browserApi(`/customer/${encodeURIComponent(userId)}/fcm-token`, {
      method: "POST",
      body: { fcm_token: subscription.toJSON() },
    });
    return res.ok ? "ok" : "failed";
  } catch {
    return "failed";
  }
}
