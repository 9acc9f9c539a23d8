import type { FastifyReply } from "fastify";

/**
 * The security headers of JSON API answers, computed once (docs/adr/0007-product-answer-cache.md). Pages get
 * @fastify/helmet with a per-request script nonce; API answers are never documents, so they carry the set the
 * OWASP REST Security Cheat Sheet lists for APIs instead of helmet's document headers (COOP, Origin-Agent-
 * Cluster, the Flash switch): a CSP that allows nothing, no framing, no sniffing, no
 * referrer, no cross-origin reads, and HSTS in production.
 */
export function apiSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none';frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(options.hsts ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Headers @fastify/helmet sets for documents that an API answer does not carry. */
const DOCUMENT_ONLY_HEADERS = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-permitted-cross-domain-policies",
];

/**
 * The JSON 404 of a path under an API prefix that no API route serves. Such requests reach the catch-all route,
 * which is a page route (helmet's document headers on it): they leave with the API set instead.
 */
export function sendApiNotFound(reply: FastifyReply, apiHeaders: Record<string, string>) {
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  return reply
    .headers(apiHeaders)
    .code(404)
    .send({ error: { code: "not_found", message: "No such API route" } });
}
