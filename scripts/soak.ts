import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Availability } from "../domain/availability/types.ts";
import { hashPassword } from "../server/modules/accounts/index.ts";
import { type Db, openDb } from "../server/platform/db.ts";
import { firstDeliveryTime, sellableSkus } from "../tests/support/shopping.ts";
import { type Fleet, startFleet } from "./fleet.ts";
import { type CheckResult, runChecks, type SoakLedger } from "./fleet-checks.ts";
import {
  type Answer,
  type DeliveryWhen,
  HttpShopper,
  placeOrderBody,
  sandboxToken,
  signIn,
} from "./fleet-shopper.ts";

/**
 * `npm run soak`: virtual shoppers on a fleet (scripts/fleet.ts: N instances behind nginx, PostgreSQL, Redis) on
 * a fresh database, each looping browse → search → cart → checkout (sandbox card) → tracking with think time;
 * prints per-step requests, errors and p50/p95/p99, and the orders placed. `--faults` restarts PostgreSQL, stops
 * and starts Redis and SIGKILLs an instance mid-checkout during the run, reports each, then checks the store's
 * books (scripts/fleet-checks.ts). Design and figures: docs/adr/0040-fleet-behind-nginx.md.
 */

const { values: args } = parseArgs({
  options: {
    shoppers: { type: "string", default: process.env.SOAK_SHOPPERS ?? "200" },
    seconds: { type: "string", default: process.env.SOAK_SECONDS ?? "60" },
    think: { type: "string", default: process.env.SOAK_THINK_MS ?? "1000" },
    instances: { type: "string", default: "2" },
    port: { type: "string", default: process.env.SOAK_PORT ?? "3300" },
    /** A PostgreSQL server (no database in the URL): the soak creates a fresh database on it. */
    pg: { type: "string", default: process.env.SOAK_PG_URL ?? "postgres://postgres@127.0.0.1:5432" },
    db: { type: "string", default: process.env.SOAK_DB ?? `nightcap_soak_${process.pid}` },
    redis: { type: "string", default: process.env.SOAK_REDIS_URL ?? "redis://127.0.0.1:6379/0" },
    faults: { type: "boolean", default: false },
    /** The PostgreSQL cluster `--faults` restarts ("15 fleet"): a private one, never the shared server. */
    "pg-cluster": { type: "string", default: process.env.SOAK_PG_CLUSTER },
    /** `--faults` runs a Redis of its own on this port, to stop and start. */
    "redis-port": { type: "string", default: process.env.SOAK_REDIS_PORT ?? "6399" },
    keep: { type: "boolean", default: false },
    /** Writes every request's sample (ms since the start, step, status, ms) here as JSON, to look at over time. */
    samples: { type: "string" },
    /** Exit 1 when more requests than this failed, or no order was placed (CI). */
    "max-errors": { type: "string" },
  },
});

const SHOPPERS = Number(args.shoppers);
const SECONDS = Number(args.seconds);
const THINK_MS = Number(args.think);
const ADDRESS = "1425 N Damen Ave, Chicago, IL 60622";
const PASSWORD = "soak shopper password";
const QUERIES = ["vodka", "whiskey", "red wine", "tequila", "gin", "ipa", "bourbon", "champagne"];
const STEPS = [
  "home page",
  "category page",
  "search",
  "cart add",
  "card token",
  "checkout",
  "order status",
  "tracking page",
] as const;
type Step = (typeof STEPS)[number];

interface Sample {
  t: number;
  step: Step;
  status: number;
  ms: number;
  error?: string;
}

const samples: Sample[] = [];
const ledger: SoakLedger = { answeredOrderIds: [], checkoutIds: [], stockAtStart: [] };
let checkoutsInFlight = 0;
let retriedCheckouts = 0;
let t0 = 0;

const ok = (a: Answer) => a.status >= 200 && a.status < 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));
/** A shopper's loop (below) thinks this many times. */
const THINKS_PER_LOOP = 7;
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

function record(step: Step, a: Answer): Answer {
  samples.push({ t: performance.now() - t0, step, status: a.status, ms: a.ms, error: a.error });
  return a;
}

interface World {
  storeId: string;
  skus: string[];
  categoryPaths: string[];
  when: DeliveryWhen;
}

/** Shoppers straight in the database (one password hash for all: argon2 is not what is measured). */
async function createShoppers(db: Db, n: number): Promise<{ id: string; email: string }[]> {
  const hash = await hashPassword(PASSWORD);
  const users = Array.from({ length: n }, (_, i) => {
    const email = `soak-${i}-${randomUUID().slice(0, 8)}@example.com`;
    return { id: randomUUID(), email };
  });
  await db
    .insertInto("users")
    .values(
      users.map((u) => ({
        id: u.id,
        firstname: "Soak",
        lastname: "Shopper",
        birthday: "1990-05-17",
        email_verified: true,
        email: u.email,
        username: u.email,
        password_hash: hash,
      })) as never,
    )
    .execute();
  return users;
}

/** The store the address is served by, its SKUs with plenty of stock, the category pages, when to deliver. */
async function prepareWorld(db: Db, origin: string): Promise<World> {
  const probe = new HttpShopper(origin);
  const set = await probe.post("/order/address", { address: ADDRESS });
  if (set.status !== 200) throw new Error(`address answered ${set.status}: ${set.body}`);
  const { store_id: storeId } = (await probe.get("/menu/vendor")).json<{ store_id: string }>();
  const availability = (await probe.get("/menu/availability")).json<Availability>();
  const when: DeliveryWhen = firstDeliveryTime(availability);
  const skus = await sellableSkus(db, storeId, { minPriceCents: 3000, limit: 100 });
  const rows = await db
    .updateTable("inventory")
    .set({ stock: 100_000 })
    .where("store_id", "=", storeId)
    .where("sku_id", "in", skus)
    .returning(["store_id", "sku_id", "stock"])
    .execute();
  ledger.stockAtStart = rows;
  const categories = (await probe.get("/menu/categories")).json<{ url: string }[]>();
  return { storeId, skus, categoryPaths: categories.map((c) => c.url).slice(0, 8), when };
}

/**
 * Every shopper signs in and sets the address before the clock starts, a few at a time: a password check is
 * argon2id (tens of ms of CPU by design), and 200 of them at once is a sign-in storm, not the evening being measured.
 */
async function signInAll(origin: string, users: { id: string; email: string }[]): Promise<HttpShopper[]> {
  const shoppers: HttpShopper[] = [];
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const i = next++;
      const s = new HttpShopper(origin, 60_000);
      await signIn(s, users[i].email, PASSWORD);
      const set = await s.post("/order/address", { address: ADDRESS });
      if (set.status !== 200) throw new Error(`address answered ${set.status}: ${set.body || set.error}`);
      s.timeoutMs = 10_000;
      shoppers[i] = s;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return shoppers;
}

/** One virtual shopper, signed in: loops until the deadline. */
async function shopper(s: HttpShopper, user: { id: string }, world: World, until: number) {
  // Arrivals spread over one loop's think time: shoppers out of step from the start, as a store's are at any moment.
  // Started within 2 s, all 200 reached checkout in the same 3 s, a burst of 2.6× the steady checkout rate that only
  // the soak's own start makes (docs/adr/0040-fleet-behind-nginx.md, "A fresh fleet's first seconds").
  await sleep(Math.random() * THINK_MS * THINKS_PER_LOOP);
  const live = () => performance.now() < until;
  while (live()) {
    record("home page", await s.get("/"));
    await think();
    if (!live()) break;
    record("category page", await s.get(pick(world.categoryPaths)));
    await think();
    if (!live()) break;
    record("search", await s.post("/menu/search/v4", { query: pick(QUERIES), hitsPerPage: 20 }));
    await think();
    if (!live()) break;
    const added = record(
      "cart add",
      await s.post("/menu/cart/v2", { skus: [{ sku: pick(world.skus), qty: 1, store_id: world.storeId }] }),
    );
    await think();
    if (!live() || !ok(added)) continue;
    const card = await sandboxToken(s);
    record("card token", card);
    if (!card.token) continue;
    const orderId = await checkout(s, user.id, card.token, world.when);
    await think();
    if (!orderId || !live()) continue;
    record("order status", await s.get(`/order/status/${orderId}`));
    await think();
    if (!live()) break;
    // The storefront reaches the live page by a client navigation: its data request, as the browser sends it
    // (the root's data stays; ADR 40). Opening it as a document is measured by npm run bench's personal pages.
    record(
      "tracking page",
      await s.get(`/tracking/${orderId}.data?_routes=${encodeURIComponent("routes/tracking-order")}`),
    );
    await think();
  }
}

/**
 * Places the order; when no answer came (an instance died, a dependency was away) the shopper's page sends the same
 * checkout id again, as the storefront's checkout does, and the server answers that one attempt's outcome.
 */
async function checkout(s: HttpShopper, userId: string, token: string, when: DeliveryWhen) {
  const body = placeOrderBody(userId, token, when);
  ledger.checkoutIds.push(body.id);
  for (let attempt = 0; attempt < 3; attempt++) {
    checkoutsInFlight++;
    const res = record("checkout", await s.post("/order/v3", body));
    checkoutsInFlight--;
    if (res.status === 200) {
      const orders = res.json<{ orders: { _id: string }[] }>().orders;
      for (const o of orders) ledger.answeredOrderIds.push(o._id);
      return orders[0]?._id ?? null;
    }
    if (res.status !== 0 && res.status < 500) return null;
    retriedCheckouts++;
    await sleep(1000);
  }
  return null;
}

// ---- faults ----

interface FaultReport {
  fault: string;
  at: number;
  until: number;
  observed: string;
}

function startRedis(port: number): ChildProcess {
  return spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

async function runFaults(
  fleet: Fleet,
  redis: { child: ChildProcess; port: number },
  cluster: string | undefined,
) {
  const reports: FaultReport[] = [];
  const now = () => performance.now() - t0;
  const slice = SECONDS * 1000;
  await sleep(slice * 0.25);
  if (cluster) {
    const at = now();
    const [version, name] = cluster.split(/[\s/]+/);
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, name, "restart"], {
      stdio: "ignore",
    });
    reports.push({ fault: `PostgreSQL ${cluster} restarted`, at, until: now(), observed: "" });
  }
  await sleep(Math.max(0, slice * 0.5 - now()));
  {
    const at = now();
    await stopRedis(redis.child);
    await sleep(5000);
    redis.child = startRedis(redis.port);
    reports.push({ fault: "Redis stopped for 5 s, started", at, until: now(), observed: "" });
  }
  await sleep(Math.max(0, slice * 0.75 - now()));
  {
    const deadline = performance.now() + 10_000;
    while (checkoutsInFlight === 0 && performance.now() < deadline) await sleep(5);
    const at = now();
    const inFlight = checkoutsInFlight;
    const victim = fleet.instances[fleet.instances.length - 1];
    await victim.kill("SIGKILL");
    const killedAt = now();
    await sleep(3000);
    await victim.restart();
    reports.push({
      fault: `instance ${victim.index} SIGKILLed with ${inFlight} checkout(s) in flight, restarted 3 s later`,
      at,
      until: killedAt,
      observed: "",
    });
  }
  return reports;
}

/** Status codes in a fault's window (from its start to 5 s after it ended), and when answers were clean again. */
function observe(report: FaultReport, nextAt: number): string {
  const inWindow = samples.filter((s) => s.t >= report.at && s.t <= report.until + 5000);
  const codes = new Map<string, number>();
  for (const s of inWindow) {
    const key = s.status === 0 ? `no answer (${s.error ?? "?"})` : String(s.status);
    codes.set(key, (codes.get(key) ?? 0) + 1);
  }
  const failures = samples.filter((s) => s.t >= report.at && !(s.status >= 200 && s.status < 400));
  const lastFailure = failures.length ? Math.max(...failures.map((s) => s.t)) : report.at;
  // Until the next fault began: its errors are its own.
  const afterFault = samples.filter((s) => s.t > report.until + 10_000 && s.t < nextAt);
  const lateErrors = afterFault.filter((s) => !(s.status >= 200 && s.status < 400)).length;
  const slowest = inWindow.length ? Math.max(...inWindow.map((s) => s.ms)) : 0;
  return [
    [...codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}×${n}`)
      .join(", "),
    `slowest ${Math.round(slowest)} ms`,
    `last failure ${((lastFailure - report.until) / 1000).toFixed(1)} s after the fault ended`,
    `${lateErrors} errors from 10 s after it to the next fault`,
  ].join("; ");
}

// ---- report ----

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r, n) =>
      [
        r
          .map((c, i) =>
            typeof c === "number" ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]),
          )
          .join(" | "),
        ...(n === 0 ? [widths.map((w) => "-".repeat(w)).join("-|-")] : []),
      ].join("\n"),
    )
    .join("\n");
}

function stepTable(list: Sample[]): { text: string; errors: number } {
  const rows: (string | number)[][] = [
    ["step", "requests", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms"],
  ];
  let errors = 0;
  for (const step of [...STEPS, "all" as const]) {
    const mine = step === "all" ? list : list.filter((s) => s.step === step);
    const bad = mine.filter((s) => !(s.status >= 200 && s.status < 400)).length;
    if (step !== "all") errors += bad;
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    rows.push([
      step,
      mine.length,
      bad,
      Math.round(percentile(ms, 50)),
      Math.round(percentile(ms, 95)),
      Math.round(percentile(ms, 99)),
      Math.round(ms.at(-1) ?? 0),
    ]);
  }
  return { text: table(rows), errors };
}

function errorKinds(list: Sample[]): string {
  const kinds = new Map<string, number>();
  for (const s of list.filter((x) => !(x.status >= 200 && x.status < 400))) {
    const key = `${s.step}: ${s.status === 0 ? `no answer (${s.error})` : s.status}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return [...kinds.entries()].map(([k, n]) => `  ${k} ×${n}`).join("\n");
}

async function main() {
  const admin = `${args.pg.replace(/\/$/, "")}/postgres`;
  const databaseUrl = `${args.pg.replace(/\/$/, "")}/${args.db}`;
  const psql = (q: string) =>
    execFileSync("psql", [admin, "-qAtc", q], { stdio: ["ignore", "pipe", "inherit"] });
  psql(`drop database if exists ${args.db} with (force)`);
  psql(`create database ${args.db}`);

  let redisUrl = args.redis;
  const redis = { child: null as unknown as ChildProcess, port: Number(args["redis-port"]) };
  if (args.faults) {
    if (!args["pg-cluster"])
      console.log(
        "--faults without --pg-cluster: PostgreSQL is not restarted (never restart the shared one).",
      );
    redis.child = startRedis(redis.port);
    process.once("exit", () => redis.child.kill("SIGKILL"));
    redisUrl = `redis://127.0.0.1:${redis.port}/0`;
    await sleep(300);
  }

  let fleet: Fleet | null = null;
  let checks: CheckResult[] = [];
  const { db } = await openDb({ kind: "postgres", url: databaseUrl });
  let failed = false;
  let done = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  process.on("beforeExit", () => {
    if (!done)
      console.log("soak: the event loop emptied before the soak ended (a request waiting on nothing)");
  });
  try {
    console.log(`Starting ${args.instances} instances behind nginx on ${databaseUrl} and ${redisUrl}…`);
    fleet = await startFleet({
      databaseUrl,
      redisUrl,
      instances: Number(args.instances),
      port: Number(args.port),
    });
    console.log(
      `Migrated and seeded in ${fleet.timings.migrateMs} ms; instances ready ${fleet.timings.startMs} ms later.`,
    );
    const world = await prepareWorld(db, fleet.origin);
    const users = await createShoppers(db, SHOPPERS);
    const signedIn = performance.now();
    const shoppers = await signInAll(fleet.origin, users);
    console.log(
      `${SHOPPERS} shoppers signed in, address set, in ${Math.round(performance.now() - signedIn)} ms.`,
    );
    console.log(
      `${SHOPPERS} shoppers for ${SECONDS} s (think ${THINK_MS} ms) at ${fleet.origin}, store ${world.storeId}, delivery ${world.when.deliveryTime}${args.faults ? ", with faults" : ""}; logs in ${fleet.logDir}`,
    );
    t0 = performance.now();
    const until = t0 + SECONDS * 1000;
    const faults = args.faults ? runFaults(fleet, redis, args["pg-cluster"]) : Promise.resolve([]);
    // A line every 5 s; its timer also keeps the process alive while every request waits on the network
    // (fetch's own timeout timers do not).
    let reported = 0;
    const progress = setInterval(() => {
      const bad = samples.filter((x) => !(x.status >= 200 && x.status < 400)).length;
      // The last 5 s's latency too: a tail from the first seconds' cold caches reads apart from a steady one.
      const recent = samples
        .slice(reported)
        .map((x) => x.ms)
        .sort((a, b) => a - b);
      reported = samples.length;
      const p = (q: number) =>
        Math.round(recent[Math.min(recent.length - 1, Math.ceil(q * recent.length) - 1)] ?? 0);
      console.log(
        `  ${Math.round((performance.now() - t0) / 1000)} s: ${samples.length} requests, ${bad} errors, ${new Set(ledger.answeredOrderIds).size} orders; last 5 s p50/p99 ${p(0.5)}/${p(0.99)} ms`,
      );
    }, 5000);
    const loops = Promise.allSettled(users.map((u, i) => shopper(shoppers[i], u, world, until)));
    // Bounded: a shopper still waiting 30 s after the end is reported, not waited for.
    const outcomes = await Promise.race([loops, sleep(SECONDS * 1000 + 30_000).then(() => null)]);
    clearInterval(progress);
    const stuck = shoppers.filter((s) => s.waitingOn);
    if (!outcomes)
      console.log(
        `${stuck.length} shoppers still waiting 30 s after the end: ${stuck
          .slice(0, 5)
          .map(
            (s) =>
              `${s.waitingOn!.path} for ${Math.round((performance.now() - s.waitingOn!.since) / 1000)} s`,
          )
          .join("; ")}`,
      );
    const crashed = (outcomes ?? []).filter((o) => o.status === "rejected");
    const reports = await faults;
    const wall = (performance.now() - t0) / 1000;
    // Settling jobs (a checkout cut off mid-way) get a moment before the books are read.
    if (args.faults) await sleep(15_000);

    if (args.samples) writeFileSync(args.samples, JSON.stringify(samples));
    const { text, errors } = stepTable(samples);
    const placed = new Set(ledger.answeredOrderIds).size;
    console.log(`\n${text}\n`);
    console.log(
      `orders placed: ${placed} (${(placed / wall).toFixed(1)}/s); checkout retries after no answer or 5xx: ${retriedCheckouts}; shoppers that stopped on an error: ${crashed.length}`,
    );
    if (crashed.length)
      console.log(`  first: ${(crashed[0] as PromiseRejectedResult).reason?.message ?? crashed[0]}`);
    if (errors) console.log(`errors:\n${errorKinds(samples)}`);
    if (reports.length) {
      console.log(
        `\n${table([["fault", "at s", "observed"], ...reports.map((r, i) => [r.fault, (r.at / 1000).toFixed(1), observe(r, reports[i + 1]?.at ?? Infinity)])])}`,
      );
    }
    // A checkout cut off mid-way (the SIGKILL) is settled or released by the recovery sweep 30–40 s after it began
    // (server/modules/checkout/recover.ts): the books are read once no order waits for its payment, or after 2 min.
    const recovered = await waitForRecovery(db, 120_000);
    if (recovered.waitedMs > 0)
      console.log(
        `\nwaited ${(recovered.waitedMs / 1000).toFixed(0)} s for cut-off checkouts to be recovered`,
      );
    checks = await runChecks(db, ledger);
    console.log(
      `\n${table([["check", "ok", "detail"], ...checks.map((c) => [c.check, c.ok ? "yes" : "NO", c.detail])])}`,
    );
    const maxErrors = args["max-errors"] === undefined ? null : Number(args["max-errors"]);
    if (checks.some((c) => !c.ok)) failed = true;
    if (maxErrors !== null && (errors + crashed.length + stuck.length > maxErrors || placed === 0))
      failed = true;
  } finally {
    await fleet?.stop();
    await db.destroy();
    if (args.faults) await stopRedis(redis.child);
    if (!args.keep) psql(`drop database if exists ${args.db} with (force)`);
  }
  done = true;
  if (failed) {
    console.log("\nsoak: FAILED");
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

/** Waits until no order is left awaiting its payment's answer (the recovery sweep's work), up to `maxMs`. */
async function waitForRecovery(db: Db, maxMs: number): Promise<{ waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const waiting = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_status", "=", -1)
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) === 0 || Date.now() - started > maxMs) return { waitedMs: Date.now() - started };
    await new Promise((r) => setTimeout(r, 1000));
  }
}
