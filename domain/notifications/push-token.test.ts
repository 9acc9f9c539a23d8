import { describe, expect, it } from "vitest";
import { checkPushToken, isPushServiceHost } from "./push-token.ts";

// A real P-256 public key (uncompressed, 65 bytes) and a 16-byte auth secret, URL-safe base64.
const P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const AUTH = "tBHItJI5svbpez7KI4CCXg";
const FCM_ENDPOINT = "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf";
const sub = (over: Record<string, unknown> = {}, keys: Record<string, unknown> = {}) => ({
  endpoint: FCM_ENDPOINT,
  keys: { p256dh: P256DH, auth: AUTH, ...keys },
  ...over,
});
const known = (host: string) => isPushServiceHost(host, false);

describe("a push token", () => {
  it("a browser's subscription, as an object or JSON text, is a Web Push token", () => {
    const want = { ok: true, token: { kind: "webpush", endpoint: FCM_ENDPOINT, p256dh: P256DH, auth: AUTH } };
    expect(checkPushToken(sub(), known)).toEqual(want);
    expect(checkPushToken(JSON.stringify(sub({ expirationTime: null })), known)).toEqual(want);
  });

  it("an app's FCM registration token is kept as such", () => {
    const token = `cXk3:APA91b${"A".repeat(140)}`;
    expect(checkPushToken(token, known)).toEqual({ ok: true, token: { kind: "fcm", token } });
  });

  it.each<[string, unknown]>([
    ["an http endpoint", sub({ endpoint: FCM_ENDPOINT.replace("https", "http") })],
    ["credentials in the endpoint", sub({ endpoint: "https://user:pw@fcm.googleapis.com/fcm/send/x" })],
    ["a host that is no push service", sub({ endpoint: "https://10.0.0.5/hook" })],
    ["a look-alike host", sub({ endpoint: "https://fcm.googleapis.com.evil.example/x" })],
    ["an endpoint too long", sub({ endpoint: `${FCM_ENDPOINT}${"a".repeat(2100)}` })],
    ["no endpoint", sub({ endpoint: undefined })],
    ["a p256dh of the wrong size", sub({}, { p256dh: P256DH.slice(0, 40) })],
    ["a p256dh that is no uncompressed point", sub({}, { p256dh: `A${P256DH.slice(1)}` })],
    ["a p256dh that is not base64url", sub({}, { p256dh: `${P256DH.slice(0, 80)}+/+/+/+` })],
    ["an auth secret of the wrong size", sub({}, { auth: "c2hvcnQ" })],
    ["no keys", { endpoint: FCM_ENDPOINT }],
    ["broken JSON", '{"endpoint": '],
    ["a short word", "failed"],
    ["a number", 42],
    ["null", null],
  ])("%s is refused", (_why, token) => {
    expect(checkPushToken(token, known).ok).toBe(false);
  });

  it("push services are known by host (and subdomain); loopback only when allowed", () => {
    expect(known("fcm.googleapis.com")).toBe(true);
    expect(known("updates.push.services.mozilla.com")).toBe(true);
    expect(known("web.push.apple.com")).toBe(true);
    expect(known("wns2-par02p.notify.windows.com")).toBe(true);
    expect(known("127.0.0.1")).toBe(false);
    expect(isPushServiceHost("127.0.0.1", true)).toBe(true);
    expect(known("example.com")).toBe(false);
  });
});
