import type { FastifyContextConfig } from "fastify";
import { isCsrfExemptRoute, isStateChangingMethod, type RouteAuth } from "../modules/sessions/index.ts";
import type { RateLimitRule } from "../platform/rate-limit.ts";
import type { ErrorReasonName } from "./error-answers.ts";

/** Statuses a handler gives on its own, declared by its route (429 comes from `rateLimits` instead). */
export type DeclaredErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 422 | 502 | 503;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The errors the handler itself answers, each with when, in a few words: `{ 404: "No product has that SKU." }`.
     * Input validation, sessions, CSRF, body limits and rate limits are added from the route's schema and config.
     */
    errors?: Partial<Record<DeclaredErrorStatus, string>>;
    /** The route answers with a redirect (302): where to. */
    redirects?: string;
  }
}

const DECLARED_REASON: Record<DeclaredErrorStatus, ErrorReasonName> = {
  400: "InvalidInput",
  401: "NotAccepted",
  402: "PaymentRefused",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  410: "Gone",
  422: "Unprocessable",
  502: "BadGateway",
  503: "Unavailable",
};

/** What the contract reads of a route: the same options Fastify runs it with. */
export interface RouteFacts {
  method: string | string[];
  url: string;
  config?: FastifyContextConfig;
  schema?: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    headers?: unknown;
    response?: Record<string, unknown>;
  };
}

export type SecurityRequirement = Record<string, string[]>;

/** One status of an operation: why it is given, in the route's own words where it has them (config.errors). */
export type ErrorAnswer = { reason: ErrorReasonName; note?: string }[];

export interface OperationContract {
  auth: RouteAuth;
  /** A cookie-riding call must send `x-csrf-token`. */
  csrf: boolean;
  security: SecurityRequirement[];
  /** Success statuses: 302 for redirects, the response schema's 2xx/3xx, else 200. */
  success: number[];
  errors: Map<number, ErrorAnswer>;
  rateLimits: readonly RateLimitRule[];
}

/** The security scheme names of the document (components/securitySchemes). */
export const SCHEMES = {
  session: "sessionCookie",
  visitor: "visitorCookie",
  mobile: "mobileSession",
  csrf: "csrfToken",
} as const;

/** Methods Fastify reads a body for: they can answer 400 (bad JSON), 413 and 415 whatever their schema. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The security and error answers of one route, derived from what drives its behaviour: `config.auth` (the
 * sessions hook refuses anyone but a signed-in user when "user"), the method and `config.csrf` (the CSRF check),
 * `config.allowEndedSession`, `config.rateLimits` (the limiter refuses to count anything else), the input schemas
 * (validation) and `config.errors` (what the handler throws itself).
 */
export function contractOf(route: RouteFacts): OperationContract {
  const method = singleMethod(route);
  const config = route.config ?? {};
  const auth = config.auth;
  if (!auth) throw new Error(`${method} ${route.url}: route config.auth is missing`);
  const stateChanging = isStateChangingMethod(method);
  const csrf = stateChanging && !isCsrfExemptRoute(config);

  const errors = new Map<number, ErrorAnswer>();
  const add = (reason: ErrorReasonName, status: number, note?: string) => {
    const answer = errors.get(status) ?? [];
    const known = answer.find((a) => a.reason === reason);
    if (known) known.note = [known.note, note].filter(Boolean).join(" ") || undefined;
    else answer.push({ reason, note });
    errors.set(status, answer);
  };

  const schema = route.schema ?? {};
  const hasInput = Boolean(schema.body || schema.querystring || schema.params || schema.headers);
  if (hasInput || BODY_METHODS.has(method)) add("InvalidInput", 400);
  // The input guard (server/input-guard.ts) reads every route's URL and headers, whatever its schema.
  add("UnstorableInput", 400);
  if (auth === "user") add("LoginRequired", 401);
  if (auth === "user" || (stateChanging && !config.allowEndedSession)) add("SessionEnded", 401);
  if (csrf) add("CsrfRefused", 403);
  if (stateChanging) add("CrossSite", 403);
  if (BODY_METHODS.has(method)) {
    add("PayloadTooLarge", 413);
    add("UnsupportedMediaType", 415);
  }
  for (const [status, note] of Object.entries(config.errors ?? {})) {
    const code = Number(status) as DeclaredErrorStatus;
    add(DECLARED_REASON[code], code, note);
  }
  const rateLimits = config.rateLimits ?? [];
  if (rateLimits.length > 0) add("TooManyAttempts", 429);
  add("Internal", 500);
  // Any call that reads the database or Redis while one cannot be reached (server/platform/unavailable.ts).
  add(
    "Unavailable",
    503,
    "A dependency cannot be reached right now (`unavailable`): try again after `Retry-After` seconds.",
  );

  return {
    auth,
    csrf,
    security: securityOf(auth, csrf),
    success: successOf(route),
    errors: new Map([...errors].sort(([a], [b]) => a - b)),
    rateLimits,
  };
}

/**
 * Who may call, as OpenAPI security alternatives (any one suffices; `{}` means no credentials at all):
 * web calls ride on the session or visitor cookie (plus `x-csrf-token` on a CSRF-protected state change), the
 * apps send the session token in `x-user` (never needs the CSRF token). A public read says `[]`.
 */
function securityOf(auth: RouteAuth, csrf: boolean): SecurityRequirement[] {
  const web = (scheme: string): SecurityRequirement =>
    csrf ? { [scheme]: [], [SCHEMES.csrf]: [] } : { [scheme]: [] };
  const mobile = { [SCHEMES.mobile]: [] };
  switch (auth) {
    case "user":
      return [web(SCHEMES.session), mobile];
    case "optional":
      return [{}, web(SCHEMES.visitor), web(SCHEMES.session), mobile];
    case "public":
      // Identity is not read; only a cookie-riding state change needs the CSRF token.
      return csrf ? [{}, web(SCHEMES.visitor), web(SCHEMES.session)] : [];
  }
}

function successOf(route: RouteFacts): number[] {
  if (route.config?.redirects) return [302];
  const declared = Object.keys(route.schema?.response ?? {})
    .map(Number)
    .filter((status) => status >= 200 && status < 400);
  return declared.length > 0 ? declared : [200];
}

function singleMethod(route: RouteFacts): string {
  if (typeof route.method === "string") return route.method.toUpperCase();
  throw new Error(`${route.url}: a documented route serves one method (got ${route.method.join(", ")})`);
}
