/**
 * What `POST /customer/{id}/fcm-token` accepts as `fcm_token` (docs/adr/0030-order-notifications.md): a browser's
 * Web Push subscription (its JSON: an https endpoint and the keys to encrypt for it), as an object or as JSON text;
 * or a mobile app's FCM registration token (kept for when apps are delivered to; the web is delivered by Web Push).
 * Anything else is a failed registration.
 */
export type PushToken =
  | { kind: "webpush"; endpoint: string; p256dh: string; auth: string }
  | { kind: "fcm"; token: string };

export type PushTokenCheck = { ok: true; token: PushToken } | { ok: false; message: string };

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const FCM_TOKEN = /^[A-Za-z0-9_:.-]{32,4096}$/;
export const MAX_ENDPOINT_LENGTH = 2048;

/** Bytes of unpadded (or padded) URL-safe base64 text, or -1 when it is not that. */
function base64urlBytes(text: string): number {
  if (!BASE64URL.test(text)) return -1;
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/** The first byte of a base64url text (0x04 starts an uncompressed P-256 point). */
function firstByte(text: string): number {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const a = chars.indexOf(text[0] ?? "");
  const b = chars.indexOf(text[1] ?? "");
  return a < 0 || b < 0 ? -1 : (a << 2) | (b >> 4);
}

/**
 * Checks a push token. `hostAllowed` decides which push services' hosts we post to (the server sends to the
 * endpoint: an arbitrary URL would let anyone make it post to any address).
 */
export function checkPushToken(input: unknown, hostAllowed: (host: string) => boolean): PushTokenCheck {
  let value = input;
  if (typeof value === "string") {
    const text = value.trim();
    if (!text.startsWith("{")) {
      return FCM_TOKEN.test(text)
        ? { ok: true, token: { kind: "fcm", token: text } }
        : { ok: false, message: "This push token is not one we can use." };
    }
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, message: "This push subscription is not valid JSON." };
    }
  }
  if (typeof value !== "object" || value === null)
    return { ok: false, message: "This push token is not one we can use." };
  const sub = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof sub.endpoint !== "string" || sub.endpoint.length > MAX_ENDPOINT_LENGTH)
    return { ok: false, message: "The push subscription has no usable endpoint." };
  let url: URL;
  try {
    url = new URL(sub.endpoint);
  } catch {
    return { ok: false, message: "The push subscription's endpoint is not a URL." };
  }
  if (url.protocol !== "https:" || url.username || url.password || url.hash)
    return { ok: false, message: "The push subscription's endpoint must be an https URL." };
  if (!hostAllowed(url.hostname))
    return { ok: false, message: "The push subscription's endpoint is not a push service we deliver to." };
  const p256dh = sub.keys?.p256dh;
  const auth = sub.keys?.auth;
  if (typeof p256dh !== "string" || base64urlBytes(p256dh) !== 65 || firstByte(p256dh) !== 4)
    return { ok: false, message: "The push subscription's p256dh key is not a P-256 public key." };
  if (typeof auth !== "string" || base64urlBytes(auth) !== 16)
    return { ok: false, message: "The push subscription's auth secret is not 16 bytes." };
  return { ok: true, token: { kind: "webpush", endpoint: url.href, p256dh, auth } };
}

/** The push services browsers subscribe with (Chrome/Edge/Opera: FCM; Firefox: Mozilla; Safari: Apple; Windows). */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  "web.push.apple.com",
  "push.apple.com",
  "notify.windows.com",
];

/** A known push service's host (or a subdomain of one), or a loopback host when `loopback` (development, tests). */
export function isPushServiceHost(host: string, loopback: boolean): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (loopback && (h === "localhost" || h === "127.0.0.1" || h === "[::1]")) return true;
  return PUSH_SERVICE_HOSTS.some((known) => h === known || h.endsWith(`.${known}`));
}
