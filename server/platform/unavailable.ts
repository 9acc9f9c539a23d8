/**
 * Whether an error says a dependency (PostgreSQL, Redis) cannot be reached right now — a restart, a failover, a
 * dropped connection — rather than that the request went wrong: such requests are answered 503 with Retry-After, so
 * clients and proxies try again instead of reporting a failure (issue 18, docs/adr/0039-health-metrics-shutdown.md).
 */
export function isDependencyDown(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NODE_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (typeof message === "string" && MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
/** SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash shutdown, cannot connect now). */
const PG_UNAVAILABLE = /^(08\w{3}|57P0[123])$/;
const MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection is closed",
];

export const UNAVAILABLE_RETRY_AFTER_S = 5;
