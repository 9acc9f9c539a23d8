import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { openPayoutProvider, type PayoutProvider } from "#server/platform/payouts/index.ts";
import { CLOSE_STATEMENTS, PAY_STATEMENT } from "./jobs.ts";
import { payStatement } from "./payouts.ts";
import { type StatementsContext, statementRoutes } from "./routes.ts";
import { closeDueStatements, storesWithEvents } from "./statements.ts";

/** The statements module's public face (issue 34 §3). */
export { CLOSE_STATEMENTS, PAY_STATEMENT } from "./jobs.ts";
export { payStatement } from "./payouts.ts";
export { closeDueStatements } from "./statements.ts";

/** How often the workers send each store's close job: its ended weeks close within the hour. */
export const CLOSE_SWEEP_MS = 60 * 60 * 1000;

/**
 * Statements' routes and, when `workers`, the jobs: closing each store's ended weeks (sent for every store by an
 * hourly sweep), and paying each closed statement.
 */
export async function registerStatements(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    jobs: JobQueue;
    workers: boolean;
    now?: () => Date;
    /** Another payout provider than the configuration's (tests). */
    payouts?: PayoutProvider;
  },
): Promise<{ payouts: PayoutProvider }> {
  const payouts = deps.payouts ?? openPayoutProvider(deps.db, deps.config);
  const ctx: StatementsContext = {
    db: deps.db,
    config: deps.config,
    jobs: deps.jobs,
    payouts,
    now: deps.now ?? (() => new Date()),
  };
  await deps.jobs.define(CLOSE_STATEMENTS);
  await deps.jobs.define(PAY_STATEMENT);
  await app.register(statementRoutes, { ctx });
  if (!deps.workers) return { payouts };
  await deps.jobs.work(CLOSE_STATEMENTS, async (job) => {
    await closeDueStatements(ctx.db, ctx.jobs, job.data.storeId, ctx.now());
  });
  await deps.jobs.work(PAY_STATEMENT, async (job) => {
    await payStatement(ctx, job.data.statementId);
  });
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const sweep = async () => {
    try {
      const hour = ctx.now().toISOString().slice(0, 13);
      for (const storeId of await storesWithEvents(ctx.db))
        await ctx.jobs.send(CLOSE_STATEMENTS, { storeId }, { singletonKey: `${storeId}:${hour}` });
    } catch (err) {
      app.log.warn({ err }, "statements sweep failed");
    }
    if (!closed) timer = setTimeout(sweep, CLOSE_SWEEP_MS).unref();
  };
  app.addHook("onReady", async () => {
    void sweep();
  });
  app.addHook("preClose", async () => {
    closed = true;
    clearTimeout(timer);
  });
  return { payouts };
}
