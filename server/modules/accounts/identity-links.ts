import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * What other modules do when an anonymous visitor becomes a known user (spec §4, §6: the visitor's cart moves to
 * the account on login or signup). Handlers run inside the sign-in transaction, in registration order: if one
 * fails, the sign-in fails and nothing of it is kept. They receive only the anonymous id this browser carries,
 * so another visitor's data is never reached.
 *
 *   accounts.onIdentityLinked((anonymousId, userId, tx) => transferCart(tx, anonymousId, userId));
 */
export type IdentityLinkedHandler = (
  anonymousId: string,
  userId: string,
  tx: Transaction<Database>,
) => Promise<void>;

/**
 * What other modules do when an account is created by signing up (the referral a friend signed up through). Runs
 * inside the signup's transaction; `referral` is the code the signup carried, unchecked.
 */
export type AccountCreatedHandler = (
  account: { userId: string; referral: string | null },
  tx: Transaction<Database>,
) => Promise<void>;

export class IdentityLinks {
  private readonly handlers: IdentityLinkedHandler[] = [];
  private readonly createdHandlers: AccountCreatedHandler[] = [];

  /** Registers a handler run when a signup creates an account; answers a function that removes it. */
  onAccountCreated(handler: AccountCreatedHandler): () => void {
    this.createdHandlers.push(handler);
    return () => {
      const i = this.createdHandlers.indexOf(handler);
      if (i >= 0) this.createdHandlers.splice(i, 1);
    };
  }

  async created(
    account: { userId: string; referral: string | null },
    tx: Transaction<Database>,
  ): Promise<void> {
    for (const handler of this.createdHandlers) await handler(account, tx);
  }

  /** Registers a handler; answers a function that removes it. */
  onIdentityLinked(handler: IdentityLinkedHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  async linked(anonymousId: string, userId: string, tx: Transaction<Database>): Promise<void> {
    for (const handler of this.handlers) await handler(anonymousId, userId, tx);
  }
}
