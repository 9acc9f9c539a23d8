/**
 * CI's proof that a backup restores (`.ci/run`, docs/DEPLOY.md "Backups and restore"). On an empty source database
 * it does what a store does: migrates, seeds the catalogue, and a shopper places a paid order through the API. It
 * backs the source up with `pg_dump -Fc`, restores the file with `pg_restore` into an empty target database, and
 * checks the target: every table holds as many rows as the source's, migrating again is a no-op, and the app
 * started on it answers as on the source — the same menu, the shopper signs in with their password and sees their
 * order, and places a second one whose number follows the first (the sequences came back too).
 *
 * Usage: node --import tsx scripts/backup-restore-check.ts <source database URL> <target database URL>
 * Both databases must exist and be empty. Exits non-zero, saying what failed, otherwise.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import type { Order } from "../domain/orders/types.ts";
import { type App, buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { type Db, migrate, openDb } from "../server/platform/db.ts";
import { createUser, signedInBrowser } from "../tests/factories/accounts.ts";
import type { TestBrowser } from "../tests/support/browser.ts";

/** A Chicago address inside a seeded store's delivery zone (the checkout journeys' too). */
const WICKER_PARK = "1425 N Damen Ave, Chicago, IL 60622";
/** Tables a store cannot lose: each must hold rows in the source, so "the counts match" means something. */
const KEY_TABLES = ["kysely_migration", "stores", "products", "inventory", "users", "orders", "payments"];

function step(message: string) {
  console.log(`== backup/restore: ${message}`);
}

function fail(message: string): never {
  throw new Error(message);
}

async function main() {
  const [sourceUrl, targetUrl] = process.argv.slice(2);
  if (!sourceUrl || !targetUrl)
    fail("usage: backup-restore-check.ts <source database URL> <target database URL> (both empty)");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-backup-"));
  const dumpFile = path.join(work, "nightcap.dump");
  try {
    const source = await openDb({ kind: "postgres", url: sourceUrl });
    let firstOrder: Order;
    let shopper: Awaited<ReturnType<typeof createUser>>;
    let menu: string;
    try {
      await expectEmpty(source.db, "source");
      step("migrating and seeding the source");
      await migrate(source.db);
      const { seedCatalogue } = await import("../db/seed/index.ts");
      await seedCatalogue(source.db);
      const app = await appOn(source.db, sourceUrl);
      try {
        shopper = await createUser(source.db);
        firstOrder = await placeOrder(app, source.db, await signedInBrowser(app, shopper));
        step(`a shopper placed order #${firstOrder.order_number} through POST /order/v3`);
        menu = await menuOf(app);
      } finally {
        await app.close();
      }
    } finally {
      await source.db.destroy();
    }
    const sourceCounts = await rowCounts(sourceUrl);
    for (const table of KEY_TABLES)
      if (!sourceCounts.get(`public.${table}`))
        fail(`the source's ${table} table is empty: nothing to compare`);

    step(`pg_dump -Fc → ${dumpFile}`);
    execFileSync("pg_dump", ["--format=custom", "--no-owner", "--file", dumpFile, sourceUrl], {
      stdio: "inherit",
    });
    step(`pg_restore into the target (${(fs.statSync(dumpFile).size / 1e6).toFixed(1)} MB)`);
    const target = await openDb({ kind: "postgres", url: targetUrl });
    try {
      await expectEmpty(target.db, "target");
      execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", targetUrl, dumpFile], {
        stdio: "inherit",
      });

      const targetCounts = await rowCounts(targetUrl);
      const differences = [...new Set([...sourceCounts.keys(), ...targetCounts.keys()])]
        .filter((t) => sourceCounts.get(t) !== targetCounts.get(t))
        .map(
          (t) =>
            `${t}: ${sourceCounts.get(t) ?? "missing"} in the source, ${targetCounts.get(t) ?? "missing"} restored`,
        );
      if (differences.length > 0) fail(`row counts differ:\n  ${differences.join("\n  ")}`);
      step(
        `${sourceCounts.size} tables hold the same rows (${KEY_TABLES.map((t) => `${t} ${sourceCounts.get(`public.${t}`)}`).join(", ")})`,
      );

      const pending = await migrate(target.db);
      if (pending.length > 0) fail(`migrating the restored database applied ${pending.join(", ")}`);
      step("migrating the restored database is a no-op");

      const app = await appOn(target.db, targetUrl);
      try {
        if ((await menuOf(app)) !== menu)
          fail("GET /menu/categories answers differently on the restored database");
        const browser = await signedInBrowser(app, shopper);
        const history = (await browser.get("/order/history")).json<{ orders: Order[] }>();
        if (!history.orders.some((o) => o._id === firstOrder._id))
          fail("the shopper's order is missing from their history on the restored database");
        const second = await placeOrder(app, target.db, browser);
        if (second.order_number <= firstOrder.order_number)
          fail(
            `the restored database numbered a new order ${second.order_number}, not after ${firstOrder.order_number}`,
          );
        step(
          `the app on the restored database: same menu; the shopper signed in, saw order #${firstOrder.order_number} and placed #${second.order_number}`,
        );
      } finally {
        await app.close();
      }
    } finally {
      await target.db.destroy();
    }
    step("ok");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The API as production builds it on this database (no page rendering, no job workers). */
function appOn(db: Db, databaseUrl: string): Promise<App> {
  return buildApp({
    config: loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: "http://localhost",
    }),
    db,
    logger: false,
  });
}

async function expectEmpty(db: Db, name: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  if (rows[0].n > 0) fail(`the ${name} database is not empty (${rows[0].n} tables)`);
}

/** Exact row counts of every table in every schema (the store's and the job queue's), by "schema.table". */
async function rowCounts(url: string): Promise<Map<string, number>> {
  const { db } = await openDb({ kind: "postgres", url });
  try {
    const { rows: tables } = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`.execute(db);
    const counts = new Map<string, number>();
    for (const t of tables) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`${t.schema}.${t.name}`)}`.execute(db);
      counts.set(`${t.schema}.${t.name}`, rows[0].n);
    }
    return counts;
  } finally {
    await db.destroy();
  }
}

async function menuOf(app: App): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/menu/categories" });
  if (res.statusCode !== 200) fail(`GET /menu/categories answered ${res.statusCode}: ${res.body}`);
  return res.body;
}

/**
 * Address, an in-stock bottle of the store that delivers there (above its minimum order), a sandbox card:
 * POST /order/v3, as soon as possible when the store delivers now, else in its first slot.
 */
async function placeOrder(app: App, db: Db, browser: TestBrowser): Promise<Order> {
  const address = await browser.post("/order/address", { address: WICKER_PARK });
  if (address.statusCode !== 200) fail(`POST /order/address answered ${address.statusCode}: ${address.body}`);
  const {
    store_id: storeId,
    vendor,
    availability,
  } = address.json<{
    store_id: string;
    vendor: { store: { min_order_cents: number } };
    availability: { immediate_delivery: boolean; dates: { date: string; slots: { start: string }[] }[] };
  }>();
  const minimum = vendor.store.min_order_cents;
  const bottle = await db
    .selectFrom("inventory")
    .select(["store_id", "sku_id"])
    .where("store_id", "=", storeId)
    .where("stock", ">", 5)
    .where("price_cents", ">=", minimum)
    .orderBy("sku_id")
    .executeTakeFirst();
  if (!bottle) fail(`${storeId} (delivering to Wicker Park) has nothing in stock`);
  const added = await browser.post(
    "/menu/cart/v2",
    { skus: [{ store_id: bottle.store_id, sku: bottle.sku_id, qty: 1 }] },
    { "x-multi-store": "true" },
  );
  if (added.statusCode !== 200) fail(`POST /menu/cart/v2 answered ${added.statusCode}: ${added.body}`);
  const when = availability.immediate_delivery
    ? { deliveryTime: "asap" }
    : firstSlot(storeId, availability.dates);
  const token = await app.inject({
    method: "POST",
    url: "/sandbox-pay/v1/tokens",
    payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
  });
  const me = (await browser.get("/me")).json<{ user: { id: string } }>();
  const res = await browser.post("/order/v3", {
    id: checkoutIdFor(me.user.id, new Date()),
    paymentMethod: { type: "token", token: token.json().id },
    ...when,
  });
  if (res.statusCode !== 200) fail(`POST /order/v3 answered ${res.statusCode}: ${res.body}`);
  const [order] = res.json<{ orders: Order[] }>().orders;
  return order;
}

function firstSlot(storeId: string, dates: { date: string; slots: { start: string }[] }[]) {
  const date = dates.find((d) => d.slots.length > 0) ?? fail(`${storeId} has no delivery slot`);
  return { deliveryTime: date.slots[0].start, deliveryDate: date.date };
}

main().catch((err: unknown) => {
  console.error("backup/restore check failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
