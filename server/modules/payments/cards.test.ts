import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { SavedCard } from "./cards.ts";

describe.each(testDatabases)("saved cards on %s", (kind) => {
  const s = useTestApp(kind);

  /** What the provider's card page does in the browser: the number goes to the provider, a token comes back. */
  async function tokenise(number: string, exp_year = 2031) {
    const res = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/tokens",
      payload: { number, exp_month: 4, exp_year, cvc: number.startsWith("3") ? "1234" : "123" },
    });
    return res;
  }
  const token = async (number = "4242424242424242") => (await tokenise(number)).json().id as string;

  it("saves a card by its token, lists it first, keeps no number, and makes the first card primary", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const first = await browser.post("/order/card", { token: await token() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      brand: "visa",
      last4: "4242",
      exp_month: 4,
      exp_year: 2031,
      country: "US",
      is_primary: true,
    });
    const second = (
      await browser.post("/order/card", { token: await token("5555555555554444") })
    ).json<SavedCard>();
    expect(second.is_primary).toBe(false);

    const cards = (await browser.get("/cards")).json<SavedCard[]>();
    expect(cards.map((c) => [c.last4, c.is_primary])).toEqual([
      ["4444", false],
      ["4242", true],
    ]);
    const stored = JSON.stringify(
      await s.db.selectFrom("cards").selectAll().where("user_id", "=", user.id).execute(),
    );
    expect(stored).not.toMatch(/4242424242424242|5555555555554444/);
    const customer = await s.db
      .selectFrom("users")
      .select("payment_customer_id")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(customer.payment_customer_id).toMatch(/^cus_/);
  });

  it("sets the primary card and removes cards; the newest left becomes primary", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    const a = (await browser.post("/order/card", { token: await token() })).json<SavedCard>();
    const b = (
      await browser.post("/order/card", { token: await token("378282246310005") })
    ).json<SavedCard>();
    const afterPatch = (await browser.request("PATCH", "/order/card", { cardId: b.id })).json<SavedCard[]>();
    expect(afterPatch.find((c) => c.is_primary)?.id).toBe(b.id);
    const afterDelete = (await browser.request("DELETE", "/order/card", { cardId: b.id })).json<
      SavedCard[]
    >();
    expect(afterDelete).toEqual([expect.objectContaining({ id: a.id, is_primary: true })]);
  });

  it("answers 404 for another user's card, and 401 to a visitor", async () => {
    const owner = await signedInBrowser(s.app, await createUser(s.db));
    const card = (await owner.post("/order/card", { token: await token() })).json<SavedCard>();
    const other = await signedInBrowser(s.app, await createUser(s.db));
    for (const method of ["PATCH", "DELETE"] as const) {
      const res = await other.request(method, "/order/card", { cardId: card.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: "card_not_found",
        message: "That card is not on your account.",
      });
    }
    expect((await new TestBrowser(s.app).get("/cards")).statusCode).toBe(401);
  });

  it("shows the provider's words when it refuses, and never takes a card number for a token", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    const used = await token();
    await browser.post("/order/card", { token: used });
    const again = await browser.post("/order/card", { token: used });
    // The same token twice is the same card (the provider's idempotency), not an error nor a second card.
    expect(again.statusCode).toBe(200);
    expect((await browser.get("/cards")).json()).toHaveLength(1);

    const expired = await tokenise("4242424242424242", 2020);
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error.message).toBe("Your card's expiration year is in the past.");

    const number = await browser.post("/order/card", { token: "4242424242424242" });
    expect(number.statusCode).toBe(400);
    expect(number.json().error.message).toContain("must be the token the card page gave");
    const unknown = await browser.post("/order/card", { token: "tok_doesnotexist" });
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().error.message).toBe("This card was already used or has expired: enter it again.");
  });

  it("limits how many cards one account may try in a while (card testing)", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await browser.post("/order/card", { token: `tok_missing${i}` })).statusCode);
    expect(codes).toEqual([402, 402, 402, 402, 402, 429]);
  });

  it("tells the card form how this store takes cards", async () => {
    const res = await s.app.inject({ method: "GET", url: "/order/payment-config" });
    expect(res.json()).toMatchObject({
      provider: "sandbox",
      cardFrameUrl: "/sandbox-pay/elements/card",
      walletTokenUrl: "/sandbox-pay/v1/wallet-tokens",
      defaults: { country: "US", currency: "USD", language: "EN" },
      wallets: ["applePay", "googlePay"],
    });
    const methods = res.json().walletMethods as { wallet: string; supportedMethods: string }[];
    expect(methods.map((m) => [m.wallet, m.supportedMethods])).toEqual([
      ["applePay", "https://apple.com/apple-pay"],
      ["googlePay", "https://google.com/pay"],
    ]);
  });
});
