/**
 * Who pays stores what their closed statements owe (issue 34 §3, docs/adr/0072-statements-and-payouts.md): the
 * sandbox (the embedded default: transfers recorded in our database, nothing leaves the machine) or Stripe Connect
 * (an Express connected account per store, onboarded through Stripe's link, paid by transfers from the platform's
 * balance). A transfer carries an idempotency key, the statement's id: asked again with the same key (a retried job,
 * a second worker), the provider answers the transfer it already made and makes no other.
 */
export interface PayoutProvider {
  readonly kind: "sandbox" | "stripe";
  /** A new account for a store to be paid into. */
  createAccount(store: { id: string; name: string }): Promise<{ accountId: string }>;
  /** Where the store's staff finish setting up the account (Stripe's hosted onboarding); the sandbox's needs none. */
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string } | null>;
  transfer(input: {
    accountId: string;
    amount: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string }>;
}

/** The provider did not answer or failed for now: the job tries again later with the same key. */
export class PayoutUnavailable extends Error {}
