import { describe, expect, it } from "vitest";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { SandboxProvider } from "./sandbox-provider.ts";

describe.each(testDatabases)("the sandbox provider's pages on %s", (kind) => {
  const s = useTestApp(kind);

  it("serves its card page to be framed by the store's own pages only, with its own script", async () => {
    const page = await s.app.inject({ method: "GET", url: "/sandbox-pay/elements/card" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.body).toContain('<script src="/sandbox-pay/elements/card.js"></script>');
    expect(page.body).toContain('autocomplete="cc-number"');
    const script = await s.app.inject({ method: "GET", url: "/sandbox-pay/elements/card.js" });
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.body).toContain('fetch("/sandbox-pay/v1/tokens"');
  });

  it("plays the bank's challenge: a page for the payment, and the shopper sent back to the store", async () => {
    const sandbox = new SandboxProvider(s.db);
    const { id: token } = await sandbox.createToken({
      number: "4000002760003184",
      expMonth: 1,
      expYear: 2040,
      cvc: "123",
    });
    const intent = await sandbox.authorise({
      amount: 6150,
      currency: "usd",
      customerId: null,
      source: { kind: "token", token },
      returnUrl: "http://localhost:3000/3dscb",
      description: "Nightcap order",
      metadata: {},
      idempotencyKey: `k-${kind}-${Date.now()}`,
    });
    const page = await s.app.inject({ method: "GET", url: intent.nextActionUrl! });
    expect(page.body).toContain("Nightcap order: <strong>$61.50</strong> on your visa card ending 3184");
    const answer = await s.app.inject({
      method: "POST",
      url: intent.nextActionUrl!,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=pass",
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(
      `http://localhost:3000/3dscb?payment_intent=${intent.id}&redirect_status=succeeded`,
    );
    expect((await sandbox.retrieve(intent.id)).status).toBe("requires_capture");
    const again = await s.app.inject({ method: "GET", url: intent.nextActionUrl! });
    expect(again.statusCode).toBe(409);
    expect((await s.app.inject({ method: "GET", url: "/sandbox-pay/3ds/pi_nope" })).statusCode).toBe(404);
  });

  it("turns what a wallet handed back into a token that pays as Stripe's card with those digits, without 3-D Secure", async () => {
    const sandbox = new SandboxProvider(s.db);
    const pay = async (last4: string) => {
      const res = await s.app.inject({
        method: "POST",
        url: "/sandbox-pay/v1/wallet-tokens",
        payload: { wallet: "googlePay", network: "visa", last4, token: "examplePaymentMethodToken" },
      });
      expect(res.statusCode, res.body).toBe(200);
      return sandbox.authorise({
        amount: 2500,
        currency: "usd",
        customerId: null,
        source: { kind: "token", token: res.json().id },
        returnUrl: "http://localhost:3000/3dscb",
        description: "Nightcap order",
        metadata: {},
        idempotencyKey: `w-${kind}-${last4}-${Date.now()}`,
      });
    };
    expect(await pay("3184")).toMatchObject({
      status: "requires_capture",
      card: { brand: "visa", last4: "3184" },
    });
    expect(await pay("0002")).toMatchObject({
      status: "failed",
      failure: { message: "Your card was declined." },
    });
    const bad = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/wallet-tokens",
      payload: { wallet: "samsungPay", network: "visa", last4: "4242", token: "t" },
    });
    expect(bad.statusCode).toBe(400);
    const session = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/apple-pay/sessions",
      payload: {},
    });
    expect(session.json()).toMatchObject({
      displayName: "Nightcap",
      merchantSessionIdentifier: expect.any(String),
    });
  });
});
