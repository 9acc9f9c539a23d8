import type { FastifyInstance } from "fastify";

/**
 * Graceful shutdown of one instance (docs/adr/0039-health-metrics-shutdown.md), in this order:
 * 1. /readyz answers 503 ("shutdown") and the listening socket closes: no new connection is accepted, so a proxy
 *    sends the next requests to another instance (nginx retries a refused connection on the next upstream);
 * 2. the app closes: live streams get a reconnect hint and end (their modules' preClose), the job queue stops
 *    fetching and waits for running jobs, failing those still running at the deadline so another instance
 *    retries them; requests in flight finish, idle keep-alive connections close;
 * 3. at `timeoutMs` whatever connection is still open is cut, so shutdown never hangs on a slow client.
 * The caller closes the database afterwards and exits.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  opts: { timeoutMs: number },
): Promise<{ forced: boolean }> {
  if (app.hasDecorator("readiness")) app.readiness.markDraining();
  if (app.server.listening) {
    // Stops accepting; Fastify's own close later finds it closed and waits for the connections as usual.
    app.server.close();
    app.server.closeIdleConnections();
  }
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.log.warn({ timeoutMs: opts.timeoutMs }, "shutdown: cutting the connections still open");
    app.server.closeAllConnections();
  }, opts.timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  return { forced };
}

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT. A repeated SIGTERM is ignored (the orchestrator's SIGKILL
 * comes anyway); a second SIGINT exits at once (an operator who presses Ctrl-C twice means it).
 */
export function onTerminationSignal(shutdown: (signal: NodeJS.Signals) => Promise<void>): void {
  let running = false;
  const handle = (signal: NodeJS.Signals) => {
    if (running) {
      if (signal === "SIGINT") process.exit(1);
      return;
    }
    running = true;
    void shutdown(signal);
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
}
