import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { HttpShopper } from "../scripts/fleet-shopper.ts";
import { openDb } from "../server/platform/db.ts";
import { createUser } from "../tests/factories/accounts.ts";
import { stockedSkus } from "../tests/support/shopping.ts";
import { startStorefront } from "../tests/support/storefront-process.ts";
import type { ClientJob, ClientResult, FromClient, ToClient } from "./checkout-http-client.ts";
import { percentile } from "./search-latency.ts";

const SHOPPERS = 50;
const CLIENTS = Number(process.env.BENCH_CHECKOUT_CLIENTS ?? 2);
const WARMUP_MS = 5_000;
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 20);
const ADDRESS = "1425 N Damen Ave, Chicago, IL 60622";
const STEPS = ["cart add", "address", "delivery time", "card token", "place order"];

export interface CheckoutHttpFigures {
  shoppers: number;
  clients: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  steps: { name: string; calls: number; p50: number; p95: number }[];
  errors: [string, number][];
  /** CPU milliseconds per order over the timed window (PostgreSQL: every postgres process on this machine). */
  cpuPerOrder: { server: number; postgres: number; clients: number };
}

/**
 * What a shopper does at checkout, over HTTP: one storefront process in production settings on a fresh PostgreSQL
 * database (made and dropped here) with the seeded catalogue, and client processes (bench/checkout-http-client.ts)
 * each driving a share of 50 signed-in shoppers in a closed loop (cart add → address → delivery time → card token →
 * place order, no pause) for SECONDS after a warm-up. Orders per second and each step's p50/p95.
 * BENCH_SERVER_PROFILE=file.cpuprofile writes the server's CPU profile of the timed window.
 */
export async function measureCheckoutHttp(pgUrl: string): Promise<CheckoutHttpFigures> {
  const name = `nightcap_bench_checkout_${process.pid}`;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const admin = (await openDb({ kind: "postgres", url: pgUrl })).db;
  await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
  await sql.raw(`create database ${name}`).execute(admin);
  const profileDir = process.env.BENCH_SERVER_PROFILE
    ? fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-profile-"))
    : null;
  let window = { fromUs: 0, untilUs: 0 };
  try {
    const storefront = await startStorefront({
      env: {
        DATABASE_URL: url.toString(),
        // Each shopper names an address of its own in X-Forwarded-For, from this machine (ADR 50).
        TRUST_PROXY: "loopback",
      },
      nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    });
    try {
      const job = await prepare(url.toString(), storefront.base);
      const clients = Array.from({ length: CLIENTS }, () =>
        fork(fileURLToPath(new URL("./checkout-http-client.ts", import.meta.url)), [], {
          execArgv: ["--import", "tsx"],
        }),
      );
      try {
        const ready = clients.map((c, i) => {
          const shoppers = job.shoppers.filter((_, n) => n % CLIENTS === i);
          c.send({ type: "job", job: { ...job, shoppers } } satisfies ToClient);
          return reply(c);
        });
        await Promise.all(ready);
        const from = Date.now() + WARMUP_MS;
        const until = from + SECONDS * 1000;
        const fromUs = Number(process.hrtime.bigint() / 1000n) + WARMUP_MS * 1000;
        window = { fromUs, untilUs: fromUs + SECONDS * 1_000_000 };
        const done = clients.map(reply);
        for (const c of clients) c.send({ type: "go", go: { from, until } } satisfies ToClient);
        const cpu = await serverCpuBetween(storefront.pid, from, until);
        const results = (await Promise.all(done)).map((m) => (m as { result: ClientResult }).result);
        return figures(results, cpu);
      } finally {
        for (const c of clients) c.kill();
      }
    } finally {
      await storefront.stop();
    }
  } finally {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin);
    await admin.destroy();
    if (profileDir && process.env.BENCH_SERVER_PROFILE) {
      if (window.untilUs) trimProfile(profileDir, window, process.env.BENCH_SERVER_PROFILE);
      fs.rmSync(profileDir, { recursive: true, force: true });
    }
  }
}

/** The shoppers (signed-up accounts, not timed), the store that serves the address, its SKUs with ample stock. */
async function prepare(databaseUrl: string, origin: string): Promise<ClientJob> {
  const { db } = await openDb({ kind: "postgres", url: databaseUrl });
  try {
    const probe = new HttpShopper(origin, 60_000);
    const set = await probe.post("/order/address", { address: ADDRESS });
    if (set.status !== 200) throw new Error(`address answered ${set.status}: ${set.body}`);
    const { store_id: storeId } = (await probe.get("/menu/vendor")).json<{ store_id: string }>();
    const skus = await stockedSkus(db, storeId, { minPriceCents: 3000, limit: 100, stock: 1_000_000 });
    const users = [];
    for (let i = 0; i < SHOPPERS; i++) users.push(await createUser(db));
    const password = users[0].password as string;
    return { origin, shoppers: users, password, address: ADDRESS, storeId, skus };
  } finally {
    await db.destroy();
  }
}

/** The client's next message; rejects if it exits first. */
function reply(child: ChildProcess): Promise<FromClient> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`a checkout client exited (${code})`));
    child.once("exit", exited);
    child.once("message", (m) => {
      child.off("exit", exited);
      resolve(m as FromClient);
    });
  });
}

/** CPU milliseconds of the server process and of PostgreSQL's processes between two epoch times. */
async function serverCpuBetween(pid: number, from: number, until: number) {
  const at = async (t: number) => {
    await new Promise((r) => setTimeout(r, t - Date.now()));
    return { server: processCpu(pid), postgres: postgresCpu() };
  };
  const start = await at(from);
  const end = await at(until);
  return { server: end.server - start.server, postgres: end.postgres - start.postgres };
}

function processCpu(pid: number | string, only?: string): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  if (only && !stat.includes(`(${only})`)) return 0;
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

function postgresCpu(): number {
  let ms = 0;
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      ms += processCpu(pid, "postgres");
    } catch {
      // It ended while read.
    }
  }
  return ms;
}

function figures(results: ClientResult[], cpu: { server: number; postgres: number }): CheckoutHttpFigures {
  const orders = results.reduce((n, r) => n + r.orders, 0);
  const errors = new Map<string, number>();
  for (const r of results)
    for (const [k, n] of Object.entries(r.errors)) errors.set(k, (errors.get(k) ?? 0) + n);
  const perOrder = (ms: number) => ms / Math.max(1, orders);
  return {
    shoppers: SHOPPERS,
    clients: CLIENTS,
    seconds: SECONDS,
    orders,
    ordersPerSecond: orders / SECONDS,
    steps: STEPS.map((name) => {
      const all = results.flatMap((r) => r.samples[name] ?? []).sort((a, b) => a - b);
      return { name, calls: all.length, p50: percentile(all, 50) ?? 0, p95: percentile(all, 95) ?? 0 };
    }),
    errors: [...errors],
    cpuPerOrder: {
      server: perOrder(cpu.server),
      postgres: perOrder(cpu.postgres),
      clients: perOrder(results.reduce((n, r) => n + r.cpuMs, 0)),
    },
  };
}

/**
 * The server's profile cut to the timed window (--cpu-prof's clock is the monotonic one process.hrtime reads).
 * The largest file is the main thread's (tsx's loader thread writes one too).
 */
function trimProfile(dir: string, window: { fromUs: number; untilUs: number }, out: string) {
  const files = fs.readdirSync(dir).map((f) => path.join(dir, f));
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) throw new Error("the server wrote no CPU profile");
  const p = JSON.parse(fs.readFileSync(file, "utf8"));
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let t = p.startTime;
  let last = window.fromUs;
  for (const [i, id] of (p.samples as number[]).entries()) {
    t += p.timeDeltas[i];
    if (t < window.fromUs || t > window.untilUs) continue;
    samples.push(id);
    timeDeltas.push(t - last);
    last = t;
  }
  const trimmed = { ...p, startTime: window.fromUs, endTime: window.untilUs, samples, timeDeltas };
  fs.writeFileSync(out, JSON.stringify(trimmed));
}
