import { randomUUID } from "node:crypto";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import { applySetCookies } from "../server/ssr.ts";

/** One answer as a shopper saw it over the network: status (0 when there was none), time taken, body. */
export interface Answer {
  status: number;
  ms: number;
  body: string;
  headers: Headers | null;
  /** Why there was no answer (timeout, connection refused…). */
  error?: string;
  json<T = unknown>(): T;
}

const rand = () => Math.floor(Math.random() * 250) + 1;

/**
 * A shopper over real HTTP (fetch), as the storefront's browser code talks to the API: keeps cookies, holds the
 * CSRF token (GET /auth/session, renewed from x-csrf-token answers) and sends it on state changes. Each has an
 * address of its own in X-Forwarded-For (nginx appends to it; the fleet trusts proxies on this machine,
 * TRUST_PROXY=loopback, and the shopper connects from it), as real shoppers have, so per-IP limits count each
 * shopper apart. `origin` may be changed between requests: nginx or one instance.
 */
export class HttpShopper {
  cookie = `nc_anon=${randomUUID()}`;
  csrf: string | null = null;
  readonly ip = `10.${rand()}.${rand()}.${rand()}`;
  /** The request this shopper is waiting on, if any. */
  waitingOn: { path: string; since: number } | null = null;

  constructor(
    public origin: string,
    /** How long a request may take before it counts as unanswered. */
    public timeoutMs = 10_000,
  ) {}

  async request(
    method: string,
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    origin = this.origin,
  ): Promise<Answer> {
    const changes = method !== "GET" && method !== "HEAD";
    if (changes && this.csrf === null) await this.refresh(origin);
    const started = performance.now();
    this.waitingOn = { path: `${method} ${path}`, since: started };
    // A timer of our own, not AbortSignal.timeout(): under load some of those never fired (the soak saw requests
    // waiting a minute past their 10 s).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("no answer in time")), this.timeoutMs);
    try {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: {
          "x-forwarded-for": this.ip,
          cookie: this.cookie,
          ...(payload !== undefined ? { "content-type": "application/json" } : {}),
          ...(changes && this.csrf ? { "x-csrf-token": this.csrf } : {}),
          ...headers,
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        redirect: "manual",
        signal: controller.signal,
      });
      const body = await res.text();
      const setCookies = res.headers.getSetCookie();
      if (setCookies.length) this.cookie = applySetCookies(this.cookie, setCookies);
      const renewed = res.headers.get("x-csrf-token");
      if (renewed) this.csrf = renewed;
      return answer(res.status, performance.now() - started, body, res.headers);
    } catch (err) {
      const cause =
        err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      return answer(0, performance.now() - started, "", null, cause);
    } finally {
      clearTimeout(timer);
      this.waitingOn = null;
    }
  }

  /** The page's session info (as the root loader reads it), keeping its CSRF token. */
  async refresh(origin = this.origin): Promise<Answer> {
    const res = await this.request("GET", "/auth/session", undefined, {}, origin);
    if (res.status === 200) this.csrf = res.json<{ csrfToken: string | null }>().csrfToken;
    return res;
  }

  get = (path: string, headers?: Record<string, string>, origin?: string) =>
    this.request("GET", path, undefined, headers, origin);
  post = (path: string, payload: unknown = {}, headers?: Record<string, string>, origin?: string) =>
    this.request("POST", path, payload, headers, origin);
}

function answer(status: number, ms: number, body: string, headers: Headers | null, error?: string): Answer {
  return {
    status,
    ms,
    body,
    headers,
    error,
    json: <T>() => JSON.parse(body) as T,
  };
}

/** Signs in with email and password; throws with the answer when that fails. */
export async function signIn(shopper: HttpShopper, email: string, password: string): Promise<void> {
  const res = await shopper.post("/auth/login", { username: email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body || res.error}`);
}

/** A sandbox card token, as the provider's card page hands it over (the 4242 card: always authorised). */
export async function sandboxToken(shopper: HttpShopper): Promise<Answer & { token?: string }> {
  const res = await shopper.post("/sandbox-pay/v1/tokens", {
    number: "4242424242424242",
    exp_month: 12,
    exp_year: 2031,
    cvc: "123",
  });
  return { ...res, token: res.status === 200 ? res.json<{ id: string }>().id : undefined };
}

export type DeliveryWhen = { deliveryTime: "asap" } | { deliveryTime: string; deliveryDate: string };

/** POST /order/v3 with a sandbox token: one checkout id per attempt (the server makes a retry of it idempotent). */
export function placeOrderBody(userId: string, token: string, when: DeliveryWhen) {
  return {
    id: checkoutIdFor(userId, new Date(Date.now() + Math.floor(Math.random() * 1e6))),
    paymentMethod: { type: "token", token },
    ...when,
  };
}
