import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { codeFromOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750";
const BEER = "BC-9002-6X355";

/** Spec §4, §6: the anonymous visitor's cart moves to the account on login or signup (wired in registerModules). */
describe.each(testDatabases)("guest cart carried into the account on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  const skus = async (browser: TestBrowser) =>
    (await browser.get("/menu/cart/v2"))
      .json<{ products: { sku_id: string; qty: number }[] }>()
      .products.map((p) => [p.sku_id, p.qty]);

  it("at login: guest lines join the saved cart; another visitor's cart stays theirs", async () => {
    const user = await createUser(s.db);
    const earlier = await signedInBrowser(s.app, user);
    expect(
      (await earlier.post("/menu/cart/v2", { skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }] }))
        .statusCode,
    ).toBe(200);

    const guest = new TestBrowser(s.app);
    expect(
      (await guest.post("/menu/cart/v2", { skus: [{ sku: WHISKEY, qty: 2, store_id: "d-manhattan" }] }))
        .statusCode,
    ).toBe(200);
    const bystander = new TestBrowser(s.app);
    await bystander.post("/menu/cart/v2", { skus: [{ sku: WHISKEY, qty: 5, store_id: "d-manhattan" }] });

    expect(
      (await guest.post("/auth/login", { username: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(await skus(guest)).toEqual([[WHISKEY, 3]]);
    expect(await skus(bystander)).toEqual([[WHISKEY, 5]]);
  });

  it("at signup (code step): the guest cart becomes the new account's cart", async () => {
    const guest = new TestBrowser(s.app);
    await guest.post("/menu/cart/v2", { skus: [{ sku: BEER, qty: 1, store_id: "d-brooklyn" }] });
    const email = `cart-${Date.now()}@example.com`;
    const signup = await guest.post("/auth/signup", {
      firstname: "Cy",
      lastname: "Cart",
      email,
      birthday: "1980-01-01",
    });
    await guest.post("/auth/loginV2Step2", {
      oid: signup.json().oid,
      code: await codeFromOutbox(s.app, email),
    });
    expect(await skus(guest)).toEqual([[BEER, 1]]);
    await guest.post("/auth/logout");
    expect(await skus(guest)).toEqual([]);
  });
});
