import type { FastifyRequest } from "fastify";
import { isApiPath } from "../../api-paths.ts";

/**
 * Which requests change state, and which of them are exempt from the CSRF check.
 *
 * Spec §7 defines some reads as POSTs (search queries with a body). They change nothing, and page loaders call
 * them while rendering a GET, so they need no token; every other POST/PUT/PATCH/DELETE does. A new read-only
 * POST opts out with route config `{ csrf: false }`.
 */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];

const READ_ONLY_POSTS = new Set([
  "/menu/search/v4",
  "/menu/search/v4/categories",
  "/menu/category-tags/:tag/filter",
  "/menu/brands",
]);

export function isCsrfExempt(req: FastifyRequest): boolean {
  const config = req.routeOptions.config as { csrf?: false } | undefined;
  return config?.csrf === false || READ_ONLY_POSTS.has(req.routeOptions.url ?? "");
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
