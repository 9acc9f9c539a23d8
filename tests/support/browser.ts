import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { applySetCookies } from "#server/ssr.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A web shopper for HTTP tests: keeps cookies like a browser, holds the CSRF token the page would have (from
 * GET /auth/session, renewed from x-csrf-token answers) and sends it on state changes, as the storefront does.
 * Each one has an IP of its own, so rate limits of one test do not leak into another.
 */
export class TestBrowser {
  cookie = "";
  csrf: string | null = null;
  readonly ip: string;

  constructor(
    private readonly app: FastifyInstance,
    opts: { ip?: string; anonymousId?: string | null } = {},
  ) {
    this.ip = opts.ip ?? `10.${rand()}.${rand()}.${rand()}`;
    const anonymousId = opts.anonymousId === undefined ? randomUUID() : opts.anonymousId;
    if (anonymousId) this.cookie = `nc_anon=${anonymousId}`;
  }

  get anonymousId(): string | null {
    return /(?:^|; )nc_anon=([^;]+)/.exec(this.cookie)?.[1] ?? null;
  }

  cookieValue(name: string): string | null {
    return new RegExp(`(?:^|; )${name}=([^;]+)`).exec(this.cookie)?.[1] ?? null;
  }

  /** Loads the page's session info (as the root loader does), keeping its CSRF token. */
  async refresh(): Promise<{ user: { id: string; firstname: string } | null; csrfToken: string | null }> {
    const res = await this.request("GET", "/auth/session");
    const body = res.json();
    this.csrf = body.csrfToken;
    return body;
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const changes = method !== "GET";
    if (changes && this.csrf === null && this.cookie) await this.refresh();
    const res = await this.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: {
        "x-forwarded-for": this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(changes && this.csrf ? { "x-csrf-token": this.csrf } : {}),
        ...headers,
      },
    });
    const setCookie = res.headers["set-cookie"];
    if (setCookie)
      this.cookie = applySetCookies(this.cookie, Array.isArray(setCookie) ? setCookie : [setCookie]);
    const renewed = res.headers["x-csrf-token"];
    if (typeof renewed === "string") this.csrf = renewed;
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request("GET", url, undefined, headers);
  post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request("POST", url, payload ?? {}, headers);
}

const rand = () => Math.floor(Math.random() * 250) + 1;

export interface OutboxMessage {
  id: number;
  template: string;
  subject: string | null;
  body: string;
  channel: string;
  recipient: string;
}

/** What the local mailbox holds for a recipient, newest first. */
export async function readOutbox(app: FastifyInstance, recipient: string): Promise<OutboxMessage[]> {
  const res = await app.inject({
    method: "GET",
    url: `/api/mailbox?recipient=${encodeURIComponent(recipient)}`,
  });
  return res.json<OutboxMessage[]>();
}

/** The newest 6-digit code the outbox holds for a recipient. */
export async function codeFromOutbox(
  app: FastifyInstance,
  recipient: string,
  template?: string,
): Promise<string> {
  const messages = await readOutbox(app, recipient);
  const message = messages.find((m) => !template || m.template === template);
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}
