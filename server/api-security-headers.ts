/**
 * The security headers of JSON API answers, computed once (docs/adr/0007-product-answer-cache.md). Pages get
 * @fastify/helmet with a per-request script nonce; API answers are never documents, so they carry the set the
 * OWASP REST Security Cheat Sheet lists for APIs instead of helmet's document headers (COOP, Origin-Agent-
 * Cluster, DNS prefetch, IE and Flash switches): a CSP that allows nothing, no framing, no sniffing, no
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
