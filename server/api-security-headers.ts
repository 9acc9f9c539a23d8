import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The security headers of JSON API answers, computed once. @fastify/helmet builds a new helmet middleware (and
 * parses the CSP) on every request; pages need that for their per-request script nonce, but API answers are
 * all the same, so they get one precomputed set (docs/adr/0007-product-answer-cache.md). JSON is never a
 * document to run scripts in: its CSP allows nothing.
 */
export function apiSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.hsts ? undefined : false,
  };
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(config)({} as IncomingMessage, res, () => {});
  return headers;
}
