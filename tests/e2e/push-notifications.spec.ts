import { createECDH, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { apiFromPage, shopperWithOrder, shot } from "./checkout-helpers.ts";

/**
 * Order updates by Web Push in Chromium (issue 15, spec §6 "registered only for a logged-in user who grants
 * permission", §8 "Failed push-token registration returns 'failed'"). Headless Chromium here has no way to Google's
 * push service, so pushManager.subscribe is stood in for (the stand-in answers what Chromium would: a subscription
 * for the key it was given); everything else is real: nothing asked on page load, the permission, the service
 * worker /sw.js under our CSP, the VAPID key from the API, POST /customer/{id}/fcm-token and the page's answer.
 */
test("a signed-in shopper turns on order updates from the tracking page: nothing asked on load; a failed registration says so; the retry registers", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const standIn = {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  const context = await browser.newContext({
    permissions: ["notifications"],
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript((sub) => {
    const w = window as unknown as {
      asks: number;
      subscribed: { userVisibleOnly?: boolean; key: string }[];
      endpoint: string;
    };
    w.asks = 0;
    // The first registration is sent to a host that is no push service: the server refuses it.
    w.endpoint = "https://push.example.invalid/e2e";
    w.subscribed = [];
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.asks++;
      return ask();
    };
    let current: unknown = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const raw = options?.applicationServerKey as Uint8Array;
      const key = btoa(String.fromCharCode(...raw))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      w.subscribed.push({ userVisibleOnly: options?.userVisibleOnly, key });
      const endpoint = w.endpoint;
      const made = {
        endpoint,
        options: { applicationServerKey: raw.buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      // Not kept: the next press subscribes again (to the endpoint set then).
      return made as unknown as PushSubscription;
    };
  }, standIn);
  const page = await context.newPage();
  const { orderPath } = await shopperWithOrder(page, request, "pushes");
  const orderId = orderPath.split("/").pop() ?? "";
  const { user } = await apiFromPage<{ user: { id: string } }>(page, "/auth/session");
  const tokenCall = `/customer/${user.id}/fcm-token`;

  await page.goto(`/tracking/${orderId}`);
  const offer = page.locator(".push-opt-in");
  const button = offer.getByRole("button", { name: "Get updates on this order" });
  await expect(button).toBeVisible();
  // Nothing is asked and nothing subscribed until the shopper presses the button (the service worker itself is
  // there from the first page: it keeps the offline page, ADR 37).
  expect(await page.evaluate(() => (window as unknown as { asks: number }).asks)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { subscribed: unknown[] }).subscribed.length)).toBe(
    0,
  );
  await shot(page, "push-offer");

  const failed = page.waitForResponse((r) => r.url().endsWith(tokenCall));
  await button.click();
  const refused = await failed;
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.code).toBe("failed");
  await expect(offer.getByRole("alert")).toHaveText(
    "We couldn't turn on notifications on this device. Please try again.",
  );
  await shot(page, "push-failed");

  // The retry, with the endpoint a browser's push service would give.
  await page.evaluate((endpoint) => {
    (window as unknown as { endpoint: string }).endpoint = endpoint;
  }, standIn.endpoint);
  const registered = page.waitForResponse((r) => r.url().endsWith(tokenCall));
  await button.click();
  const ok = await registered;
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ status: "ok" });
  const sent = ok.request().postDataJSON();
  expect(sent).toEqual({
    fcm_token: { endpoint: standIn.endpoint, expirationTime: null, keys: standIn.keys },
  });
  await expect(offer.getByRole("status")).toHaveText(
    "We'll let you know on this device as your order moves.",
  );
  await shot(page, "push-on");

  // The service worker is ours, from our origin, and the subscription was made for the server's VAPID key.
  const worker = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "",
  );
  expect(new URL(worker).pathname).toBe("/sw.js");
  const { publicKey } = await (await request.get("/api/push/vapid-public-key")).json();
  const subscribed = await page.evaluate(
    () => (window as unknown as { subscribed: { userVisibleOnly?: boolean; key: string }[] }).subscribed,
  );
  expect(subscribed).toEqual([
    { userVisibleOnly: true, key: publicKey },
    { userVisibleOnly: true, key: publicKey },
  ]);
  expect(await page.evaluate(() => (window as unknown as { asks: number }).asks)).toBe(2);
  await context.close();
});
