import { Redis } from "ioredis";

/**
 * The shared Redis connection (only when REDIS_URL is set). A command waits for the connection at most one retry
 * and one second, so a Redis outage degrades the callers (they fall back) rather than stalling requests.
 */
export function openRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    // Reconnect quickly at first, then every 2 s at most.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
}

export type { Redis };
