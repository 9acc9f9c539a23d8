/**
 * One client process of bench/checkout-http.ts. Signs in its share of the shoppers (not timed), says "ready", and
 * on "go" every shopper loops, with no pause, through the calls the storefront's pages make: cart add, address,
 * delivery time, then placing (the sandbox card token as the provider's frame gets it, then the order), until the
 * parent's deadline. Answers with the latency of every call that ended inside the timed window.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import type { Availability } from "../domain/availability/types.ts";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import { firstDeliveryTime } from "../tests/support/shopping.ts";

export interface ClientJob {
  origin: string;
  shoppers: { id: string; email: string }[];
  password: string;
  address: string;
  storeId: string;
  skus: string[];
}

/** Epoch milliseconds: the loop runs until `until`; what ends before `from` is warm-up. */
export interface Go {
  from: number;
  until: number;
}

export interface ClientResult {
  samples: Record<string, number[]>;
  orders: number;
  /** Refused or failed calls after "go", by step and status. */
  errors: Record<string, number>;
  cpuMs: number;
}

export type ToClient = { type: "job"; job: ClientJob } | { type: "go"; go: Go };
export type FromClient = { type: "ready" } | { type: "done"; result: ClientResult };

interface Answer {
  status: number;
  ms: number;
  body: string;
  error?: string;
}

interface CartAnswer {
  total: number;
  split_cart: Record<string, { sale_classes: string[] }>;
}

const agent = new http.Agent({ keepAlive: true });
const octet = () => 1 + Math.floor(Math.random() * 250);

/**
 * A shopper over node:http with kept-alive connections: fetch costs several times its CPU per call here, and the
 * clients share the machine with the server. Keeps cookies, sends the CSRF token on state changes (renewed from
 * x-csrf-token answers) and accepts compressed answers, as a browser on the storefront does. An address of its own
 * in X-Forwarded-For, so per-address limits count each shopper apart.
 */
class Shopper {
  private readonly cookies = new Map<string, string>([["nc_anon", randomUUID()]]);
  private csrf = "";
  private readonly ip = `10.${octet()}.${octet()}.${octet()}`;

  constructor(private readonly origin: URL) {}

  async signIn(email: string, password: string) {
    const session = await this.request("GET", "/auth/session");
    this.csrf = JSON.parse(session.body).csrfToken;
    const res = await this.request("POST", "/auth/login", { username: email, password });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body || res.error}`);
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<Answer>((resolve) => {
      const done = (status: number, text: string, error?: string) =>
        resolve({ status, ms: performance.now() - started, body: text, error });
      const req = http.request(
        {
          host: this.origin.hostname,
          port: this.origin.port,
          path,
          method,
          agent,
          headers: {
            "x-forwarded-for": this.ip,
            "accept-encoding": "br, gzip",
            cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            ...(payload ? { "content-type": "application/json" } : {}),
            ...(method !== "GET" ? { "x-csrf-token": this.csrf } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            for (const c of res.headers["set-cookie"] ?? []) {
              const [pair] = c.split(";");
              const at = pair.indexOf("=");
              const value = pair.slice(at + 1);
              if (value) this.cookies.set(pair.slice(0, at), value);
              else this.cookies.delete(pair.slice(0, at));
            }
            const renewed = res.headers["x-csrf-token"];
            if (typeof renewed === "string") this.csrf = renewed;
            const raw = Buffer.concat(chunks);
            const encoding = res.headers["content-encoding"];
            const text =
              encoding === "br"
                ? zlib.brotliDecompressSync(raw)
                : encoding === "gzip"
                  ? zlib.gunzipSync(raw)
                  : raw;
            done(res.statusCode ?? 0, text.toString());
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error("no answer in time")));
      req.on("error", (err) => done(0, "", err.message));
      req.end(payload);
    });
  }
}

async function signInAll(job: ClientJob): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  // A few at a time: each sign-in is an argon2 check on the server.
  let next = 0;
  const worker = async () => {
    while (next < job.shoppers.length) {
      const i = next++;
      shoppers[i] = new Shopper(new URL(job.origin));
      await shoppers[i].signIn(job.shoppers[i].email, job.password);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return shoppers;
}

async function run(job: ClientJob, shoppers: Shopper[], go: Go): Promise<ClientResult> {
  const samples: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  let orders = 0;
  const inWindow = (t: number) => t >= go.from && t <= go.until;
  const step = async (name: string, call: Promise<Answer>): Promise<Answer | null> => {
    const a = await call;
    if (inWindow(Date.now())) {
      samples[name] ??= [];
      samples[name].push(a.ms);
    }
    if (a.status === 200) return a;
    const key = `${name}: ${a.status || a.error}`;
    errors[key] = (errors[key] ?? 0) + 1;
    return null;
  };

  const shop = async (s: Shopper, userId: string, n: number) => {
    while (Date.now() < go.until) {
      const sku = job.skus[n++ % job.skus.length];
      const line = { sku, qty: 1, store_id: job.storeId, meta: { engraving: null } };
      const added = await step("cart add", s.request("POST", "/menu/cart/v2", { skus: [line] }));
      if (!added) continue;
      const cart = JSON.parse(added.body) as CartAnswer;
      if (!(await step("address", s.request("POST", "/order/address", { address: job.address })))) continue;
      // As the checkout page asks (availabilityPath in app/features/checkout/load-checkout.ts).
      const classes = cart.split_cart[job.storeId]?.sale_classes ?? [];
      const query = classes.length ? `?classes=${classes.join(",")}` : "";
      const times = await step(
        "delivery time",
        s.request("GET", `/menu/availability${query}`, undefined, { "x-store-id": job.storeId }),
      );
      if (!times) continue;
      const card = await step(
        "card token",
        s.request("POST", "/sandbox-pay/v1/tokens", {
          number: "4242424242424242",
          exp_month: 12,
          exp_year: 2031,
          cvc: "123",
        }),
      );
      if (!card) continue;
      // The body the checkout form sends for a new card (app/features/checkout/checkout-form.tsx).
      const placed = await step(
        "place order",
        s.request("POST", "/order/v3", {
          id: checkoutIdFor(userId, new Date()),
          expectedTotal: cart.total,
          paymentMethod: { type: "token", token: JSON.parse(card.body).id, save: false },
          ...firstDeliveryTime(JSON.parse(times.body) as Availability),
          isGift: false,
          address: { type: "Residential" },
        }),
      );
      if (placed && JSON.parse(placed.body).status === "succeeded" && inWindow(Date.now())) orders++;
    }
  };

  // This process's CPU over the timed window.
  let cpu = process.cpuUsage();
  let cpuMs = 0;
  setTimeout(() => (cpu = process.cpuUsage()), go.from - Date.now());
  setTimeout(() => {
    const used = process.cpuUsage(cpu);
    cpuMs = (used.user + used.system) / 1000;
  }, go.until - Date.now());
  await Promise.all(shoppers.map((s, i) => shop(s, job.shoppers[i].id, i)));
  // Timers of the same deadline run in order: the window's end is read by then.
  await new Promise((resolve) => setTimeout(resolve, go.until - Date.now()));
  return { samples, orders, errors, cpuMs };
}

let job: ClientJob;
let shoppers: Shopper[];
process.on("message", async (message: ToClient) => {
  if (message.type === "job") {
    job = message.job;
    shoppers = await signInAll(job);
    process.send?.({ type: "ready" } satisfies FromClient);
  } else {
    process.send?.({ type: "done", result: await run(job, shoppers, message.go) } satisfies FromClient);
    process.disconnect();
    agent.destroy();
  }
});
