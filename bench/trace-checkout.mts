import pg from "pg";
const seen: string[] = [];
let on = false;
const orig = pg.Client.prototype.query;
// biome-ignore lint: scratch
(pg.Client.prototype as any).query = function (this: unknown, q: any, ...rest: unknown[]) {
  if (on) seen.push(typeof q === "string" ? q : (q?.text ?? q?.name ?? String(q)));
  return (orig as any).call(this, q, ...rest);
};
const { seedCatalogue } = await import("../db/seed/index.ts");
const { checkoutIdFor } = await import("../domain/checkout/request.ts");
const { buildApp } = await import("../server/app.ts");
const { loadConfig } = await import("../server/config.ts");
const { migrate } = await import("../server/platform/db.ts");
const { createUser, signedInBrowser } = await import("../tests/factories/accounts.ts");
const { firstDeliveryTime, sellableSkus } = await import("../tests/support/shopping.ts");
const { openBenchDb } = await import("./search-latency.ts");
const { db, close } = await openBenchDb("postgres", process.argv[2]);
await migrate(db);
await seedCatalogue(db);
const app = await buildApp({ config: loadConfig({ NODE_ENV: "production" }), db, logger: false });
const user = await createUser(db);
const browser = await signedInBrowser(app, user);
await browser.post("/order/address", { address: "1425 N Damen Ave, Chicago, IL 60622" });
const { store_id } = (await browser.get("/menu/vendor")).json<{ store_id: string }>();
const when = firstDeliveryTime((await browser.get("/menu/availability")).json());
const skus = await sellableSkus(db, store_id, { minPriceCents: 3000, limit: 5 });
for (let n = 0; n < 3; n++) {
  await browser.post("/menu/cart/v2", { skus: [{ sku: skus[n], qty: 1, store_id }] });
  const token = (await app.inject({ method: "POST", url: "/sandbox-pay/v1/tokens", payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" } })).json<{ id: string }>().id;
  on = n === 2;
  const res = await browser.post("/order/v3", { id: checkoutIdFor(user.id, new Date()), paymentMethod: { type: "token", token }, ...when });
  on = false;
  if (res.statusCode !== 200) console.log(res.body);
}
seen.forEach((s, i) => console.log(`${i + 1}. ${s.replace(/\s+/g, " ").slice(0, 220)}`));
await app.close();
await close();
process.exit(0);
