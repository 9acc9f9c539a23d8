/**
 * Request logs keep the path and the query, minus the values that open something: a gift claim's token, a reset
 * or sign-in code, a PIN, a provider's client secret. Anyone who can read logs must not be able to use them.
 */
const SECRET_PARAMS = new Set([
  "token",
  "code",
  "pin",
  "oid",
  "client_secret",
  "payment_intent_client_secret",
]);

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of new Set(params.keys()))
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, "[redacted]");
      changed = true;
    }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Fastify's request serializer, with the URL redacted. */
export function requestForLog(req: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
