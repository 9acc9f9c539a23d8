import Stripe from "stripe";
import { STRIPE_API_URL } from "../payments/stripe/stripe-provider.ts";
import { type PayoutProvider, PayoutUnavailable } from "./provider.ts";

export interface StripePayoutOptions {
  secretKey: string;
  /** Another base for the API (STRIPE_API_URL: the tests' stand-in); Stripe's own when unset. */
  apiUrl?: string;
  timeoutMs?: number;
}

/**
 * Stripe Connect payouts with the `stripe` SDK: an Express account per store (`accounts.create`), its hosted
 * onboarding (`accountLinks.create`), and a transfer per closed statement (`transfers.create`) whose idempotency key
 * is the statement's id, so Stripe answers a retried transfer with the one it made.
 */
export class StripePayoutProvider implements PayoutProvider {
  readonly kind = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(options: StripePayoutOptions) {
    const api = new URL(options.apiUrl ?? STRIPE_API_URL);
    const protocol = api.protocol === "http:" ? "http" : "https";
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === "http" ? 80 : 443),
      protocol,
      timeout: options.timeoutMs ?? 10_000,
      // The job queue retries; the SDK's own retries would hide a failure from it for longer.
      maxNetworkRetries: 0,
    });
  }

  async createAccount(store: { id: string; name: string }): Promise<{ accountId: string }> {
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: "express",
          country: "US",
          business_profile: { name: store.name },
          metadata: { store_id: store.id },
        },
        { idempotencyKey: `account:${store.id}` },
      ),
    );
    return { accountId: account.id };
  }

  async onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }> {
    const link = await this.call(() =>
      this.stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      }),
    );
    return { url: link.url };
  }

  async transfer(input: {
    accountId: string;
    amount: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string }> {
    const transfer = await this.call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amount,
          currency: "usd",
          destination: input.accountId,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: transfer.id };
  }

  /** Stripe's connection, rate-limit and server errors are for the job to try again; a refusal is thrown as is. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeConnectionError ||
        err instanceof Stripe.errors.StripeRateLimitError ||
        err instanceof Stripe.errors.StripeAPIError ||
        (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500)
      )
        throw new PayoutUnavailable(err.message, { cause: err });
      throw err;
    }
  }
}
