import { randomUUID } from "node:crypto";
import type { PayoutStatus } from "#db/schema-statements.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { type PayoutProvider, PayoutUnavailable } from "#server/platform/payouts/index.ts";
import { PAY_STATEMENT } from "./jobs.ts";
import { dayText } from "./record.ts";

export const NO_PAYOUT_ACCOUNT = "The store has not set up its payout account yet: it is paid once it has.";

export interface PayoutsContext {
  db: Db;
  payouts: PayoutProvider;
  jobs: JobQueue;
}

export interface PayoutRow {
  id: string;
  statement_id: string;
  amount: number;
  status: PayoutStatus;
  provider: string;
  provider_ref: string | null;
  failure: string | null;
  paid_at: Date | null;
}

/** The store's payout account at the provider; on the sandbox one is made the first time it is needed. */
export async function payoutAccount(
  ctx: Pick<PayoutsContext, "db" | "payouts">,
  store: { id: string; name: string },
  create: boolean,
): Promise<string | null> {
  const row = await ctx.db
    .selectFrom("payout_accounts")
    .select("account_id")
    .where("store_id", "=", store.id)
    .where("provider", "=", ctx.payouts.kind)
    .executeTakeFirst();
  if (row) return row.account_id;
  if (!create) return null;
  const { accountId } = await ctx.payouts.createAccount(store);
  await ctx.db
    .insertInto("payout_accounts")
    .values({ store_id: store.id, provider: ctx.payouts.kind, account_id: accountId })
    .onConflict((oc) =>
      oc.column("store_id").doUpdateSet({ provider: ctx.payouts.kind, account_id: accountId }),
    )
    .execute();
  return accountId;
}

/**
 * Pays a closed statement what it says the store is owed, once (the PAY_STATEMENT job; safe to run again and at the
 * same time): its payout row is unique per statement; the transfer's idempotency key is the statement's id, so a
 * second try (a retried job, a second worker, a crash between the transfer and our write) is answered the transfer
 * already made. Nothing owed (a week of refunds, say) is recorded as nothing due. A provider that does not answer
 * throws, for the job queue to try again; a refusal is recorded as failed, with the provider's words.
 */
export async function payStatement(ctx: PayoutsContext, statementId: string): Promise<PayoutRow> {
  const { db } = ctx;
  const statement = await db
    .selectFrom("statements as s")
    .innerJoin("stores as st", "st.id", "s.store_id")
    .select([
      "s.id",
      "s.store_id",
      "s.net_payable",
      "st.name",
      dayText("s.period_from").as("period_from"),
      dayText("s.period_to").as("period_to"),
    ])
    .where("s.id", "=", statementId)
    .executeTakeFirstOrThrow();
  const amount = Math.max(0, statement.net_payable);
  await db
    .insertInto("payouts")
    .values({
      id: `po_${randomUUID()}`,
      statement_id: statement.id,
      store_id: statement.store_id,
      provider: ctx.payouts.kind,
      amount,
      status: amount === 0 ? "nothing_due" : "pending",
    })
    .onConflict((oc) => oc.column("statement_id").doNothing())
    .execute();
  const payout = await readPayout(db, statement.id);
  if (payout.status !== "pending") return payout;

  const account = await payoutAccount(
    ctx,
    { id: statement.store_id, name: statement.name },
    ctx.payouts.kind === "sandbox",
  );
  if (!account) {
    await db
      .updateTable("payouts")
      .set({ failure: NO_PAYOUT_ACCOUNT })
      .where("id", "=", payout.id)
      .where("status", "=", "pending")
      .execute();
    return readPayout(db, statement.id);
  }
  await db
    .updateTable("payouts")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", payout.id)
    .execute();
  let transferId: string;
  try {
    const transfer = await ctx.payouts.transfer({
      accountId: account,
      amount: payout.amount,
      idempotencyKey: statement.id,
      description: `Nightcap statement ${statement.period_from} to ${statement.period_to}`,
      metadata: { statement_id: statement.id, store_id: statement.store_id },
    });
    transferId = transfer.id;
  } catch (err) {
    if (err instanceof PayoutUnavailable) throw err;
    await db
      .updateTable("payouts")
      .set({ status: "failed", failure: (err as Error).message })
      .where("id", "=", payout.id)
      .where("status", "=", "pending")
      .execute();
    return readPayout(db, statement.id);
  }
  await db
    .updateTable("payouts")
    .set({ status: "paid", provider_ref: transferId, failure: null, paid_at: new Date() })
    .where("id", "=", payout.id)
    .where("status", "=", "pending")
    .execute();
  return readPayout(db, statement.id);
}

async function readPayout(db: Db, statementId: string): Promise<PayoutRow> {
  return db
    .selectFrom("payouts")
    .select(["id", "statement_id", "amount", "status", "provider", "provider_ref", "failure", "paid_at"])
    .where("statement_id", "=", statementId)
    .executeTakeFirstOrThrow();
}

export async function payoutsOf(db: Db, statementIds: string[]): Promise<Map<string, PayoutRow>> {
  if (statementIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("payouts")
    .select(["id", "statement_id", "amount", "status", "provider", "provider_ref", "failure", "paid_at"])
    .where("statement_id", "in", statementIds)
    .execute();
  return new Map(rows.map((r) => [r.statement_id, r]));
}

/** The store set up its account: its statements waiting for one are paid now. */
export async function payWaiting(ctx: PayoutsContext, storeId: string): Promise<void> {
  const waiting = await ctx.db
    .selectFrom("payouts")
    .select("statement_id")
    .where("store_id", "=", storeId)
    .where("status", "=", "pending")
    .execute();
  for (const { statement_id } of waiting)
    await ctx.jobs.send(PAY_STATEMENT, { statementId: statement_id }, { singletonKey: statement_id });
}
