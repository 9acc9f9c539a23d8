import path from "node:path";
import proxyAddr from "@fastify/proxy-addr";
import { z } from "zod";
import {
  DEFAULT_STAFF_ADJUSTMENT_LIMITS,
  type StaffAdjustmentLimits,
} from "../domain/loyalty/staff-adjustment.ts";
import { PRODUCT_TAX_CLASSES } from "../domain/tax/classes.ts";
import type { TaxClass } from "../domain/tax/types.ts";

/** Every environment variable the server reads, parsed once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "PORT must be a number" })
    .int("PORT must be an integer")
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "DATA_DIR must not be empty").default("./.data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional(),
  // Load shedding (docs/adr/0042-shared-page-cache.md): page renders at once per instance; past it, the busy page.
  PAGE_RENDER_LIMIT: z.coerce
    .number({ message: "PAGE_RENDER_LIMIT must be a number" })
    .int("PAGE_RENDER_LIMIT must be an integer")
    .min(1, "PAGE_RENDER_LIMIT must be at least 1")
    .optional(),
  // How long a page request may wait at the door for a render's place (docs/adr/0076-shed-at-the-door.md).
  PAGE_QUEUE_MS: z.coerce
    .number({ message: "PAGE_QUEUE_MS must be a number of milliseconds" })
    .int("PAGE_QUEUE_MS must be an integer")
    .min(0, "PAGE_QUEUE_MS must be 0 or more")
    .max(10_000, "PAGE_QUEUE_MS must be at most 10000 (10 seconds)")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_ORIGIN: z
    .string()
    .url("PUBLIC_ORIGIN must be a URL such as https://nightcap.example")
    .regex(
      /^https?:\/\//,
      "PUBLIC_ORIGIN must be an http:// or https:// URL such as https://nightcap.example",
    )
    .optional(),
  // Which peers may say who the client is (X-Forwarded-For/-Proto/-Host): docs/adr/0050-trusted-proxy-and-origin.md.
  TRUST_PROXY: z.string().trim().optional(),
  GEOCODER: z
    .enum(["offline", "hosted"], { message: "GEOCODER must be offline or hosted" })
    .default("offline"),
  GEOCODER_URL: z
    .string()
    .url("GEOCODER_URL must be a URL such as https://geocoder.example/search")
    .optional(),
  GEOCODER_API_KEY: z.string().min(1).optional(),
  // Accounts (docs/adr/0002-sessions-and-csrf.md): without SESSION_SECRET a random one is kept in the database.
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  ...oidcEnv("GOOGLE"),
  ...oidcEnv("APPLE"),
  ...oidcEnv("FACEBOOK"),
  // Messages (docs/adr/0020-job-queue.md): without a provider the embedded default keeps them in the local mailbox.
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/\S+$/,
      "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example:465",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, "MAIL_FROM must be an address, e.g. Nightcap <hello@nightcap.example>")
    .optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.string().url("TWILIO_API_URL must be a URL such as https://api.twilio.com").optional(),
  // Payments (docs/adr/0022-stripe-provider.md): without the STRIPE_* keys the built-in sandbox takes cards.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, "STRIPE_SECRET_KEY must be a secret key: sk_test_… or sk_live_…")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\S+$/, "STRIPE_PUBLISHABLE_KEY must be a publishable key: pk_test_… or pk_live_…")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret: whsec_…")
    .optional(),
  STRIPE_API_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/\s]+\/?$/,
      "STRIPE_API_URL must be an http(s) origin without a path, such as https://api.stripe.com",
    )
    .optional(),
  // Web Push (docs/adr/0030-order-notifications.md): without the VAPID keys a pair is generated once and kept in the
  // database, so every instance signs with it and browsers' subscriptions outlive restarts.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      "VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, URL-safe base64 (87 characters)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      "VAPID_PRIVATE_KEY must be a P-256 private key, URL-safe base64 (43 characters)",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https:// URL")
    .optional(),
  // Operations (docs/adr/0039-health-metrics-shutdown.md).
  // Taxes (docs/adr/0069-tax-service.md): the embedded rate table, or Stripe Tax on the payments' Stripe account.
  TAX_SERVICE: z
    .enum(["embedded", "stripe"], { message: "TAX_SERVICE must be embedded or stripe" })
    .default("embedded"),
  STRIPE_TAX_CODES: z.string().optional(),
  // Payouts to stores (docs/adr/0072-statements-and-payouts.md): the sandbox, or Stripe Connect on the payments' account.
  PAYOUTS: z.enum(["sandbox", "stripe"], { message: "PAYOUTS must be sandbox or stripe" }).default("sandbox"),
  // Product photos (docs/adr/0071-product-photos.md): a directory (DATA_DIR/photos) or an S3-compatible bucket.
  PHOTO_STORE: z.enum(["disk", "s3"], { message: "PHOTO_STORE must be disk or s3" }).default("disk"),
  PHOTO_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots, dashes)",
    )
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: "S3_ENDPOINT must be an http(s) URL" }).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { message: "S3_FORCE_PATH_STYLE must be true or false" })
    .optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+\/$/, "S3_PREFIX must be a folder name ending in /, such as photos/")
    .optional(),
  // Scheduled shelf feeds (docs/adr/0073-scheduled-shelf-feeds.md): the key sealing stores' feed credentials
  // (32 bytes, base64); without it a key generated once is kept in the database.
  FEED_CREDENTIALS_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32,
      "FEED_CREDENTIALS_KEY must be 32 bytes in base64 (openssl rand -base64 32)",
    )
    .optional(),
  // Tests only: feed addresses may be http:// and on this machine (the tests' local file server).
  FEED_FETCH_ALLOW_LOCAL: z
    .enum(["true", "false"], { message: "FEED_FETCH_ALLOW_LOCAL must be true or false" })
    .optional(),
  // Tests only: the time of day the law's sale hours are judged at when an order goes out ("America/Chicago 15:00").
  LAW_CLOCK: z
    .string()
    .regex(
      /^[A-Za-z_]+\/[A-Za-z_/]+ ([01]\d|2[0-3]):[0-5]\d$/,
      "LAW_CLOCK must be a time zone and a time of day, such as America/Chicago 15:00",
    )
    .optional(),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: "SHUTDOWN_TIMEOUT_MS must be a number of milliseconds" })
    .int("SHUTDOWN_TIMEOUT_MS must be an integer")
    .min(1000, "SHUTDOWN_TIMEOUT_MS must be at least 1000")
    .max(600_000, "SHUTDOWN_TIMEOUT_MS must be at most 600000")
    .default(10_000),
  // OpenTelemetry's own variables: traces are sent only when one of these asks for them.
  OTEL_TRACES_EXPORTER: z
    .enum(["otlp", "none"], {
      message: "OTEL_TRACES_EXPORTER must be otlp or none (the only exporter built in)",
    })
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url("OTEL_EXPORTER_OTLP_ENDPOINT must be a URL such as http://collector:4318")
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .string()
    .url("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be a URL such as http://collector:4318/v1/traces")
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("nightcap"),
  // Staff adjustments of loyalty points (docs/adr/0051-console-safeguards.md): larger ones need an administrator.
  LOYALTY_STAFF_MAX_POINTS: z.coerce
    .number({ message: "LOYALTY_STAFF_MAX_POINTS must be a number of points" })
    .int("LOYALTY_STAFF_MAX_POINTS must be an integer")
    .min(1, "LOYALTY_STAFF_MAX_POINTS must be at least 1")
    .max(100_000, "LOYALTY_STAFF_MAX_POINTS must be at most 100000")
    .default(DEFAULT_STAFF_ADJUSTMENT_LIMITS.perAdjustment),
  LOYALTY_STAFF_DAILY_POINTS: z.coerce
    .number({ message: "LOYALTY_STAFF_DAILY_POINTS must be a number of points" })
    .int("LOYALTY_STAFF_DAILY_POINTS must be an integer")
    .min(1, "LOYALTY_STAFF_DAILY_POINTS must be at least 1")
    .max(10_000_000, "LOYALTY_STAFF_DAILY_POINTS must be at most 10000000")
    .default(DEFAULT_STAFF_ADJUSTMENT_LIMITS.perDay),
  DEMO_MERCHANT_REDIRECT_URLS: z
    .string()
    .regex(/^https?:\/\/\S+(,https?:\/\/\S+)*$/, "DEMO_MERCHANT_REDIRECT_URLS must be comma-separated URLs")
    .optional(),
});

/** Social sign-in providers (spec §7: Apple, Google, Facebook), each an OpenID Connect issuer. */
export const SSO_PROVIDERS = { google: "Google", apple: "Apple", facebook: "Facebook" } as const;
export type SsoProviderId = keyof typeof SSO_PROVIDERS;

function oidcEnv<P extends string>(provider: P) {
  const url = z.string().url(`OIDC_${provider}_ISSUER must be a URL such as https://accounts.example.com`);
  return {
    [`OIDC_${provider}_ISSUER`]: url.optional(),
    [`OIDC_${provider}_CLIENT_ID`]: z.string().min(1).optional(),
    [`OIDC_${provider}_CLIENT_SECRET`]: z.string().min(1).optional(),
  } as Record<
    `OIDC_${P}_ISSUER` | `OIDC_${P}_CLIENT_ID` | `OIDC_${P}_CLIENT_SECRET`,
    z.ZodOptional<z.ZodString>
  >;
}

/**
 * The demo store: development, tests and the embedded default (npm start), never a store on a real database in
 * production. It has a demo merchant for /sos and demo promo codes a newcomer can try.
 */
export function isDemoStore(config: Pick<Config, "env" | "databaseUrl">): boolean {
  return config.env !== "production" || !config.databaseUrl;
}

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: string;
  /**
   * The store's address for links in emails, sign-in redirects, canonical links and the sitemap: PUBLIC_ORIGIN;
   * required in production on a real database. See `siteOrigin` (server/site-origin.ts) for the fallbacks.
   */
  publicOrigin?: string;
  /** Which peers' forwarding headers are believed (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Page renders at once per instance before the busy page (default DEFAULT_PAGE_RENDER_LIMIT). */
  pageRenderLimit?: number;
  /** How long a page request waits at the door for a render's place (default DEFAULT_PAGE_QUEUE_MS). */
  pageQueueMs?: number;
  /** Address → point: offline US ZIP centroids, or a hosted geocoder at `url` (GEOCODER=hosted). */
  geocoder: { kind: "offline" } | { kind: "hosted"; url: string; apiKey?: string };
  auth: AuthConfig;
  messaging: MessagingConfig;
  payments: PaymentsConfig;
  push: PushConfig;
  ops: OpsConfig;
  /** What store staff may do to loyalty points without an administrator. */
  loyalty: { staffAdjustments: StaffAdjustmentLimits };
  /**
   * Tests only (LAW_CLOCK): the law's sale hours are judged, when an order goes out, at this time of day in this
   * zone (running on from it), so browser journeys send orders out at any hour CI runs them. Unset: the real clock.
   */
  lawClock?: { timeZone: string; minute: number };
  /** Who computes taxes: the embedded rate table, or Stripe Tax (TAX_SERVICE=stripe) with its product tax codes. */
  tax: TaxConfig;
  /** Who pays stores their closed statements: the sandbox (recorded in the database) or Stripe Connect (PAYOUTS). */
  payouts: PayoutsConfig;
  /** Where product photos are kept: a directory (the embedded default), or an S3-compatible bucket. */
  photos: PhotoStoreConfig;
  /**
   * Scheduled shelf feeds: the key sealing their credentials (FEED_CREDENTIALS_KEY; absent, one kept in the database)
   * and, in tests only (FEED_FETCH_ALLOW_LOCAL), whether http:// and loopback addresses may be fetched.
   */
  feeds: { credentialsKey?: Buffer; allowLocal: boolean };
};

export type PhotoStoreConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      prefix?: string;
    };

export type PayoutsConfig = { kind: "sandbox" } | { kind: "stripe"; secretKey: string; apiUrl?: string };

export type TaxConfig =
  | { kind: "embedded" }
  | { kind: "stripe"; secretKey: string; apiUrl?: string; taxCodes: Partial<Record<TaxClass, string>> };

/**
 * /metrics, shutdown and traces: the bearer token /metrics asks for (open without one), how long shutdown may wait,
 * and where traces go (null: none are made).
 */
export interface OpsConfig {
  metricsToken?: string;
  shutdownTimeoutMs: number;
  tracing: TracingConfig | null;
}

/** OTLP/HTTP traces: the collector's traces URL and the service name spans carry. */
export interface TracingConfig {
  url: string;
  serviceName: string;
}

/**
 * Web Push's VAPID identity: the key pair from the environment, or null to use the pair generated and kept in the
 * database; the subject push services may contact.
 */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string } | null;
  subject: string;
}

/** Who takes cards: the built-in sandbox (the default), or Stripe with the account's keys. */
export type PaymentsConfig =
  | { kind: "sandbox" }
  | { kind: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string };

/**
 * Where each channel's messages go: a provider; the local mailbox (development, tests, and the embedded default
 * with no provider: nothing leaves the machine); or nowhere (a real database and no provider: the start-up log
 * says so, and each message fails saying why).
 */
export interface MessagingConfig {
  email: { kind: "smtp"; url: string; from: string } | { kind: "mailbox" } | { kind: "none" };
  sms:
    | { kind: "twilio"; accountSid: string; authToken: string; from: string; apiUrl: string }
    | { kind: "mailbox" }
    | { kind: "none" };
}

export interface OidcProviderConfig {
  id: SsoProviderId;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

export interface AuthConfig {
  sessionSecret?: string;
  /** Configured social sign-in providers only. */
  providers: OidcProviderConfig[];
  /** Where the demo merchant (dev and test only) may receive its sign-on postback. */
  demoMerchantRedirectUrls: string[];
}

/**
 * Which peers are proxies whose X-Forwarded-For, -Proto and -Host the app believes: none (the socket's peer is
 * the client), the nearest `hops` peers whatever their address, or peers at these addresses (IPs, CIDR ranges, or
 * proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; addresses: string[] };

/** Outside production, unless told otherwise: proxies on this machine (Vite, a local nginx, the test clients). */
export const DEVELOPMENT_TRUST_PROXY: TrustProxy = { kind: "addresses", addresses: ["loopback"] };

const TRUST_PROXY_HELP =
  "TRUST_PROXY must be none, a hop count (1 for one proxy in front), or the proxies' addresses, comma-separated " +
  "(IPs, CIDR ranges such as 10.0.0.0/8, or loopback, linklocal, uniquelocal)";

function trustProxyConfig(e: z.infer<typeof envSchema>): TrustProxy {
  const value = e.TRUST_PROXY;
  if (value === undefined) return e.NODE_ENV === "production" ? { kind: "none" } : DEVELOPMENT_TRUST_PROXY;
  if (/^(none|false|0)$/i.test(value)) return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 16)
      throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${TRUST_PROXY_HELP} (at most 16 hops)`);
    return { kind: "hops", hops };
  }
  if (/^(true|all|\*)$/i.test(value))
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: "${value}" would believe any client's X-Forwarded-For; ${TRUST_PROXY_HELP}`,
    );
  const addresses = value.split(",").map((a) => a.trim());
  try {
    if (addresses.some((a) => a === "")) throw new TypeError("an empty entry");
    proxyAddr.compile(addresses);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${TRUST_PROXY_HELP} (${why})`);
  }
  return { kind: "addresses", addresses };
}

function publicOriginConfig(e: z.infer<typeof envSchema>): string | undefined {
  return e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined;
}

/**
 * What serving requests needs beyond what every command reads (the admin commands only open the database): in
 * production on a real database the store's address comes from configuration only, since links in emails, sign-in
 * redirects and the sitemap must not be built from a Host or X-Forwarded-Host header a client chose. main.ts
 * checks it before anything else, and buildApp again.
 */
export function checkServingConfig(config: Config): void {
  if (config.env === "production" && config.databaseUrl && !config.publicOrigin)
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_ORIGIN: required in production with DATABASE_URL: the address shoppers use, " +
        "such as https://shop.example (links in emails, sign-in redirects and the sitemap are built from it)",
    );
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    publicOrigin: publicOriginConfig(e),
    trustProxy: trustProxyConfig(e),
    pageRenderLimit: e.PAGE_RENDER_LIMIT,
    pageQueueMs: e.PAGE_QUEUE_MS,
    geocoder: geocoderConfig(e),
    auth: authConfig(e),
    messaging: messagingConfig(e),
    payments: paymentsConfig(e),
    push: pushConfig(e),
    ops: {
      metricsToken: e.METRICS_TOKEN,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      tracing: tracingConfig(e),
    },
    loyalty: { staffAdjustments: staffAdjustmentLimits(e) },
    lawClock: lawClockConfig(e),
    tax: taxConfig(e),
    payouts: payoutsConfig(e),
    photos: photoStoreConfig(e),
    feeds: feedsConfig(e),
  };
}

function feedsConfig(e: z.infer<typeof envSchema>): Config["feeds"] {
  const allowLocal = e.FEED_FETCH_ALLOW_LOCAL === "true";
  if (allowLocal && e.NODE_ENV !== "test")
    throw new ConfigError(
      "Invalid configuration:\n  FEED_FETCH_ALLOW_LOCAL is for tests only (NODE_ENV=test): a store's feed is fetched over HTTPS from the internet",
    );
  return {
    credentialsKey: e.FEED_CREDENTIALS_KEY ? Buffer.from(e.FEED_CREDENTIALS_KEY, "base64") : undefined,
    allowLocal,
  };
}

function photoStoreConfig(e: z.infer<typeof envSchema>): PhotoStoreConfig {
  if (e.PHOTO_STORE === "disk") {
    if (e.S3_BUCKET)
      throw new ConfigError("Invalid configuration:\n  S3_BUCKET is set without PHOTO_STORE=s3");
    return { kind: "disk", dir: path.resolve(e.PHOTO_DIR ?? path.join(e.DATA_DIR, "photos")) };
  }
  if (!e.S3_BUCKET) throw new ConfigError("Invalid configuration:\n  PHOTO_STORE=s3 needs S3_BUCKET");
  // The bucket's credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the instance's role.
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // An S3-compatible service (S3_ENDPOINT) mostly wants the bucket in the path.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : Boolean(e.S3_ENDPOINT),
    prefix: e.S3_PREFIX,
  };
}

function payoutsConfig(e: z.infer<typeof envSchema>): PayoutsConfig {
  if (e.PAYOUTS === "sandbox") return { kind: "sandbox" };
  if (!e.STRIPE_SECRET_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  PAYOUTS=stripe needs the Stripe account's keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)",
    );
  return { kind: "stripe", secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL };
}

function taxConfig(e: z.infer<typeof envSchema>): TaxConfig {
  if (e.TAX_SERVICE === "embedded") {
    if (e.STRIPE_TAX_CODES)
      throw new ConfigError("Invalid configuration:\n  STRIPE_TAX_CODES is set without TAX_SERVICE=stripe");
    return { kind: "embedded" };
  }
  if (!e.STRIPE_SECRET_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  TAX_SERVICE=stripe needs the Stripe account's keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)",
    );
  let codes: unknown = {};
  try {
    codes = e.STRIPE_TAX_CODES ? JSON.parse(e.STRIPE_TAX_CODES) : {};
  } catch {
    codes = null;
  }
  const shape = z.partialRecord(
    z.enum(PRODUCT_TAX_CLASSES as [TaxClass, ...TaxClass[]]),
    z.string().regex(/^txcd_\d{8}$/),
  );
  const parsed = shape.safeParse(codes);
  if (!parsed.success)
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_TAX_CODES must be a JSON object of product classes to Stripe tax codes, such as {"spirits":"txcd_12345678"}',
    );
  return { kind: "stripe", secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL, taxCodes: parsed.data };
}

function lawClockConfig(e: z.infer<typeof envSchema>): Config["lawClock"] {
  if (!e.LAW_CLOCK) return undefined;
  if (e.NODE_ENV !== "test")
    throw new ConfigError(
      "Invalid configuration:\n  LAW_CLOCK is for tests only (NODE_ENV=test): a store judges the law by the real clock",
    );
  const [timeZone, time] = e.LAW_CLOCK.split(" ");
  if (!Intl.supportedValuesOf("timeZone").includes(timeZone))
    throw new ConfigError(`Invalid configuration:\n  LAW_CLOCK: ${timeZone} is not a time zone`);
  const [hours, minutes] = time.split(":").map(Number);
  return { timeZone, minute: hours * 60 + minutes };
}

function staffAdjustmentLimits(e: z.infer<typeof envSchema>): StaffAdjustmentLimits {
  if (e.LOYALTY_STAFF_MAX_POINTS > e.LOYALTY_STAFF_DAILY_POINTS)
    throw new ConfigError(
      "Invalid configuration:\n  LOYALTY_STAFF_MAX_POINTS must not be more than LOYALTY_STAFF_DAILY_POINTS",
    );
  return { perAdjustment: e.LOYALTY_STAFF_MAX_POINTS, perDay: e.LOYALTY_STAFF_DAILY_POINTS };
}

/** Traces when OTEL_TRACES_EXPORTER=otlp or an OTLP endpoint is set (OpenTelemetry's defaults otherwise). */
function tracingConfig(e: z.infer<typeof envSchema>): TracingConfig | null {
  const traces = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (e.OTEL_TRACES_EXPORTER === "none") return null;
  if (e.OTEL_TRACES_EXPORTER !== "otlp" && !traces && !base) return null;
  const url = traces ?? `${(base ?? "http://localhost:4318").replace(/\/$/, "")}/v1/traces`;
  return { url, serviceName: e.OTEL_SERVICE_NAME };
}

function pushConfig(e: z.infer<typeof envSchema>): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together",
    );
  const origin = e.PUBLIC_ORIGIN?.startsWith("https://") ? e.PUBLIC_ORIGIN.replace(/\/$/, "") : undefined;
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    subject: e.VAPID_SUBJECT ?? origin ?? "mailto:push@nightcap.localhost",
  };
}

const DEFAULT_MAIL_FROM = "Nightcap <no-reply@nightcap.localhost>";

function messagingConfig(e: z.infer<typeof envSchema>): MessagingConfig {
  // A real database in production is a real store: its messages must really go out, or visibly not.
  const fallback = e.NODE_ENV === "production" && e.DATABASE_URL ? "none" : "mailbox";
  const email: MessagingConfig["email"] = e.SMTP_URL
    ? { kind: "smtp", url: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM }
    : { kind: fallback };
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean))
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together",
    );
  const sms: MessagingConfig["sms"] =
    e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
      ? {
          kind: "twilio",
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN,
          from: e.TWILIO_FROM,
          apiUrl: e.TWILIO_API_URL ?? "https://api.twilio.com",
        }
      : { kind: fallback };
  return { email, sms };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const secretKey = e.STRIPE_SECRET_KEY;
  const publishableKey = e.STRIPE_PUBLISHABLE_KEY;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  const keys = [secretKey, publishableKey, webhookSecret];
  if (!keys.some(Boolean)) {
    if (e.STRIPE_API_URL)
      throw new ConfigError(
        "Invalid configuration:\n  STRIPE_API_URL is set without STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
      );
    return { kind: "sandbox" };
  }
  if (!secretKey || !publishableKey || !webhookSecret)
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together",
    );
  // A test secret key with a live publishable key takes cards the server cannot charge, or the other way round.
  if (/_live_/.test(secretKey) !== /_live_/.test(publishableKey))
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys",
    );
  return { kind: "stripe", secretKey, publishableKey, webhookSecret, apiUrl: e.STRIPE_API_URL };
}

function geocoderConfig(e: z.infer<typeof envSchema>): Config["geocoder"] {
  if (e.GEOCODER === "offline") return { kind: "offline" };
  if (!e.GEOCODER_URL)
    throw new ConfigError("Invalid configuration:\n  GEOCODER_URL: required when GEOCODER=hosted");
  return { kind: "hosted", url: e.GEOCODER_URL, apiKey: e.GEOCODER_API_KEY };
}

function authConfig(e: z.infer<typeof envSchema>): AuthConfig {
  const providers: OidcProviderConfig[] = [];
  for (const [id, name] of Object.entries(SSO_PROVIDERS) as [SsoProviderId, string][]) {
    const key = id.toUpperCase() as "GOOGLE" | "APPLE" | "FACEBOOK";
    const issuer = e[`OIDC_${key}_ISSUER`];
    const clientId = e[`OIDC_${key}_CLIENT_ID`];
    if (!issuer && !clientId) continue;
    if (!issuer || !clientId)
      throw new ConfigError(
        `Invalid configuration:\n  OIDC_${key}_ISSUER and OIDC_${key}_CLIENT_ID must be set together`,
      );
    providers.push({ id, name, issuer, clientId, clientSecret: e[`OIDC_${key}_CLIENT_SECRET`] });
  }
  return {
    sessionSecret: e.SESSION_SECRET,
    providers,
    demoMerchantRedirectUrls: e.DEMO_MERCHANT_REDIRECT_URLS?.split(",") ?? [],
  };
}
