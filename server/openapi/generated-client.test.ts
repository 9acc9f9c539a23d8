import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nightcapClient } from "../../tests/api-client/client.ts";
import { createDeliveryFixture } from "../../tests/factories/delivery-fixture.ts";
import { useTestApp } from "../../tests/support/app.ts";
import { codeFromOutbox } from "../../tests/support/browser.ts";
import { testDatabases } from "../../tests/support/db.ts";

/**
 * A mobile app's client generated from the served OpenAPI document (app/lib/api-schema.ts, written by
 * `npm run docs:api`): it signs up, fills a cart and reads /me. The calls are type-checked against the document by
 * `npm run typecheck`, so an operation renamed or a parameter dropped breaks this file before it runs.
 */
describe.each(testDatabases)("the generated TypeScript client on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("signs up, fills a cart and reads /me", async () => {
    const api = nightcapClient(s.app);
    const email = `client-${randomUUID().slice(0, 8)}@example.com`;
    const app = { "x-platform": "ios" } as const;

    const signup = await api.POST("/auth/signup", {
      params: { header: app },
      body: {
        firstname: "Ann",
        lastname: "Lee",
        email,
        birthday: "1990-04-17",
        password: "a long passphrase",
      },
    });
    expect(signup.response.status).toBe(200);
    // Answers are typed from the document: sign-up answers code_sent or logged_in.
    if (signup.data?.status !== "code_sent")
      throw new Error(`expected code_sent, got ${signup.data?.status}`);
    const { oid } = signup.data;

    const step2 = await api.POST("/auth/loginV2Step2", {
      params: { header: app },
      body: { oid, code: await codeFromOutbox(s.app, email) },
    });
    expect(step2.response.status).toBe(200);
    const sessionToken = step2.data?.sessionToken;
    expect(sessionToken).toMatch(/^ncs_/);
    const session = { "x-user": sessionToken! };

    const added = await api.POST("/menu/cart/v2", {
      headers: session,
      body: { skus: [{ sku: "IA-9001-750", qty: 2, store_id: "d-manhattan" }] },
    });
    expect(added.response.status).toBe(200);
    const cart = await api.GET("/menu/cart/v2", { headers: session, params: { query: { tipPercent: 10 } } });
    expect(cart.data?.count).toBe(2);
    expect(cart.data?.products.map((p) => [p.sku_id, p.qty])).toEqual([["IA-9001-750", 2]]);
    expect(cart.data?.total).toBe(cart.data?.line_items.at(-1)?.value);

    const me = await api.GET("/me", { headers: session });
    expect(me.response.status).toBe(200);
    expect([me.data?.user.email, me.data?.user.firstname]).toEqual([email, "Ann"]);
    expect(me.data?.loyalty.currentPoints).toBe(0);
  });

  it("gets the documented Error body, typed, for a refused call", async () => {
    const api = nightcapClient(s.app);
    const { error, response } = await api.GET("/me");
    expect(response.status).toBe(401);
    // `error` is typed from components/schemas/Error.
    expect(error?.error.code).toBe("login_required");
    const unknown = await api.GET("/menu/product-name/{id}", { params: { path: { id: "ZZ-0000-750" } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error).toEqual({ code: "product_not_found", message: "Product Not Found" });
  });
});
