import type { FastifyContextConfig, FastifyRequest } from "fastify";
import { isApiPath } from "#server/api-paths.ts";

/**
 * Which requests change state, and which of them are exempt from the CSRF check.
 *
 * Spec §7 defines some reads as POSTs (search queries with a body). They change nothing, and page loaders call
 * them while rendering a GET, so they need no token: such a route says so with route config `{ csrf: false }`.
 * Every other POST/PUT/PATCH/DELETE needs one. The OpenAPI document reads the same config.
 */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];

export const isStateChangingMethod = (method: string) => STATE_CHANGING.includes(method.toUpperCase());

/** A route whose state-changing requests need no CSRF token (a read-only POST). */
export const isCsrfExemptRoute = (config: FastifyContextConfig | undefined) => config?.csrf === false;

export function isCsrfExempt(req: FastifyRequest): boolean {
  return isCsrfExemptRoute(req.routeOptions.config);
}

/**
 * API paths served only for state-changing methods. A GET for one of them is refused with 403 (a state change
 * over GET) instead of falling through to a 404 or a page.
 */
export class StateChangingRoutes {
  private readonly patterns: RegExp[] = [];

  add(url: string, methods: string | string[]): void {
    const list = Array.isArray(methods) ? methods : [methods];
    if (!isApiPath(url) || !list.some((m) => STATE_CHANGING.includes(m))) return;
    const source = url
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : escapeRegExp(part)))
      .join("/");
    this.patterns.push(new RegExp(`^${source}/?$`));
  }

  /** True when a state-changing route serves this path (asked only when no GET route matched it). */
  changesState(pathname: string): boolean {
    return this.patterns.some((p) => p.test(pathname));
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
