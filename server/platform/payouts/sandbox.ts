import { randomUUID } from "node:crypto";
import type { Db } from "../db.ts";
import type { PayoutProvider } from "./provider.ts";

/**
 * The embedded default's payouts: each transfer a row of `sandbox_transfers`, one per idempotency key (the unique
 * key makes a second try, even at the same moment, find the first transfer), and nothing leaves the machine.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly kind = "sandbox" as const;
  constructor(private readonly db: Db) {}

  async createAccount(store: { id: string }): Promise<{ accountId: string }> {
    return { accountId: `sandbox_acct_${store.id}` };
  }

  async onboardingLink(): Promise<null> {
    return null;
  }

  async transfer(input: {
    accountId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ id: string }> {
    await this.db
      .insertInto("sandbox_transfers")
      .values({
        id: `sandbox_tr_${randomUUID()}`,
        idempotency_key: input.idempotencyKey,
        account_id: input.accountId,
        amount: input.amount,
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("sandbox_transfers")
      .select(["id", "account_id", "amount"])
      .where("idempotency_key", "=", input.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (row.account_id !== input.accountId || row.amount !== input.amount)
      throw new Error(`sandbox payouts: key ${input.idempotencyKey} was used for another transfer`);
    return { id: row.id };
  }
}
