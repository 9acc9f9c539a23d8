import type { Transaction } from "kysely";
import type { Database } from "../../../db/schema.ts";

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

export class IdentityLinks {
  private readonly handlers: IdentityLinkedHandler[] = [];

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
