/**
 * node --import tsx bench/checkout-statements.ts — the SQL statements each call of the HTTP checkout loop
 * (bench/checkout-http.ts) sends to PostgreSQL, counted and listed per step: one signed-in shopper, in-process
 * (app.inject), production settings, on a fresh schema of BENCH_DATABASE_URL (or the local server) with the seeded
 * catalogue. `--texts` prints each statement's text too. `--rounds N` runs N loops and prints, besides, the
 * process's CPU per step (user + system, mean of the loops after the first three): one call at a time, so a
 * steadier measure of a change than the closed loop's throughput on a busy machine. The workers are off: what they
 * run after an order (settling's jobs) is not the request's.
 */
import zlib from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import pg from "pg";
import { seedCatalogue } from "../db/seed/index.ts";
import type { Availability } from "../domain/availability/types.ts";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import { migrate } from "../server/platform/db.ts";
import { createUser, signedInBrowser } from "../tests/factories/accounts.ts";
import { firstDeliveryTime, stockedSkus } from "../tests/support/shopping.ts";
import { productionApp } from "./bench-app.ts";
import { ADDRESS } from "./checkout-throughput.ts";
import { openBenchDb } from "./search-latency.ts";

const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const texts = process.argv.includes("--texts");
const roundsAt = process.argv.indexOf("--rounds");
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;

/** Answers compressed as a browser accepts them (the bench's clients do), read back here. */
const accept = { "accept-encoding": "br, gzip" };
function json<T>(res: LightMyRequestResponse): T {
  const encoding = res.headers["content-encoding"];
  const raw = res.rawPayload;
  const text =
    encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
  return JSON.parse(text.toString()) as T;
}

let sent: string[] | null = null;
const query = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this one only records the text.
pg.Client.prototype.query = function (this: pg.Client, config: any, ...rest: any[]) {
  const text = typeof config === "string" ? config : config?.text;
  if (sent && typeof text === "string") sent.push(text.replace(/\s+/g, " ").slice(0, 160));
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  return (query as any).call(this, config, ...rest);
} as typeof pg.Client.prototype.query;

const { db, close } = await openBenchDb("postgres", pgUrl);
try {
  await migrate(db);
  await seedCatalogue(db);
  const app = await productionApp(db);
  try {
    const user = await createUser(db);
    const browser = await signedInBrowser(app, user);
    await browser.post("/order/address", { address: ADDRESS });
    const { store_id: storeId } = (await browser.get("/menu/vendor")).json<{ store_id: string }>();
    const skus = await stockedSkus(db, storeId, { minPriceCents: 3000, limit: 5, stock: 1_000_000 });
    const counts: Record<string, number> = {};
    const cpu: Record<string, number> = {};
    let round = 0;
    const step = async <T>(name: string, call: () => Promise<T>): Promise<T> => {
      sent = [];
      const before = process.cpuUsage();
      const out = await call();
      const used = process.cpuUsage(before);
      if (round >= 3) cpu[name] = (cpu[name] ?? 0) + (used.user + used.system) / 1000;
      counts[name] = sent.length;
      if (texts) for (const t of sent) console.log(`  ${name}: ${t}`);
      sent = null;
      return out;
    };
    for (round = 0; round < ROUNDS; round++) {
      const added = await step("cart add", () =>
        browser.post(
          "/menu/cart/v2",
          {
            skus: [{ sku: skus[round % skus.length], qty: 1, store_id: storeId, meta: { engraving: null } }],
          },
          accept,
        ),
      );
      const cart = json<{ total: number; split_cart: Record<string, { sale_classes: string[] }> }>(added);
      await step("address", () => browser.post("/order/address", { address: ADDRESS }, accept));
      const classes = cart.split_cart[storeId]?.sale_classes ?? [];
      const times = await step("delivery time", () =>
        browser.get(`/menu/availability${classes.length ? `?classes=${classes.join(",")}` : ""}`, {
          "x-store-id": storeId,
          ...accept,
        }),
      );
      const card = await step("card token", () =>
        browser.post(
          "/sandbox-pay/v1/tokens",
          {
            number: "4242424242424242",
            exp_month: 12,
            exp_year: 2031,
            cvc: "123",
          },
          accept,
        ),
      );
      const placed = await step("place order", () =>
        browser.post(
          "/order/v3",
          {
            id: checkoutIdFor(user.id, new Date()),
            expectedTotal: cart.total,
            paymentMethod: { type: "token", token: json<{ id: string }>(card).id, save: false },
            ...firstDeliveryTime(json<Availability>(times)),
            isGift: false,
            address: { type: "Residential" },
          },
          accept,
        ),
      );
      if (json<{ status: string }>(placed).status !== "succeeded") throw new Error(`place: ${placed.body}`);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if (round < 3 || round === ROUNDS - 1)
        console.log(
          `round ${round + 1}: ${Object.entries(counts)
            .map(([k, n]) => `${k} ${n}`)
            .join(", ")}; loop ${total}`,
        );
    }
    if (ROUNDS > 3) {
      const per = Object.entries(cpu).map(([k, ms]) => [k, ms / (ROUNDS - 3)] as const);
      const total = per.reduce((n, [, ms]) => n + ms, 0);
      console.log(
        `CPU per step over ${ROUNDS - 3} loops (ms): ${per.map(([k, ms]) => `${k} ${ms.toFixed(2)}`).join(", ")}; loop ${total.toFixed(2)}`,
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await close();
}
