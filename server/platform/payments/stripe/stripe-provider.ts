import { createHash } from "node:crypto";
import Stripe from "stripe";
import { googlePayMethod } from "#domain/payments/wallets.ts";
import {
  type AuthoriseInput,
  type IntentState,
  type IntentStatus,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentSource,
  type ProviderCard,
  ProviderError,
  type RefundResult,
} from "../provider.ts";

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another base for the API (STRIPE_API_URL: the tests' stand-in); Stripe's own when unset. */
  apiUrl?: string;
  /** How often the SDK itself retries a call that failed on the network or with 409/5xx, with the same key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

export const STRIPE_API_URL = "https://api.stripe.com";
/** Stripe's default: a signed notice older than five minutes is refused (a replay). */
const NOTICE_TOLERANCE_SECONDS = 300;
const EXPAND_CARD = ["payment_method"];

/**
 * Stripe behind PaymentProvider (docs/adr/0022-stripe-provider.md): Payment Intents with manual capture, customers,
 * saved cards as PaymentMethods attached to the customer, refunds, and webhooks verified with the endpoint's
 * signing secret. Each POST carries an idempotency key derived from the caller's, so a retry, ours or the SDK's,
 * does the thing once.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const api = new URL(options.apiUrl ?? STRIPE_API_URL);
    const protocol = api.protocol === "http:" ? "http" : "https";
    // Host, port and protocol are always set from the URL: nothing falls back to the SDK's api.stripe.com.
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === "http" ? 80 : 443),
      protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
      appInfo: { name: "Nightcap" },
    });
  }

  clientConfig() {
    const key = this.options.publishableKey;
    return {
      provider: "stripe" as const,
      publishableKey: key,
      // Google Pay hands back a Stripe card token (tok_…) through Stripe's gateway. Apple Pay needs Stripe.js's
      // own merchant validation, which this store does not load: it is not offered with Stripe.
      walletMethods: [
        googlePayMethod({
          environment: key.startsWith("pk_live_") ? "PRODUCTION" : "TEST",
          merchantName: "Nightcap",
          gateway: { gateway: "stripe", "stripe:version": "2018-10-31", "stripe:publishableKey": key },
        }),
      ],
    };
  }

  async ensureCustomer(input: { userId: string; email: string; existing: string | null }): Promise<string> {
    if (input.existing) {
      const found = await this.call(() => this.stripe.customers.retrieve(input.existing as string)).catch(
        (e: unknown) => {
          if (e instanceof ProviderError && e.code === "resource_missing") return null;
          throw e;
        },
      );
      if (found && !found.deleted) return found.id;
    }
    // The key names the user, the customer id we had (if any) and the email: a repeat within Stripe's
    // idempotency window answers the customer already made instead of making a second one.
    const key = providerKey("customer", `${input.userId}|${input.existing ?? ""}|${input.email}`);
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, metadata: { user_id: input.userId } },
        { idempotencyKey: key },
      ),
    );
    return customer.id;
  }

  async attachCard(input: {
    customerId: string;
    token: string;
    idempotencyKey: string;
  }): Promise<ProviderCard> {
    const pm = await this.call(() =>
      this.stripe.paymentMethods.attach(
        input.token,
        { customer: input.customerId },
        { idempotencyKey: providerKey("attach", input.idempotencyKey) },
      ),
    );
    if (!pm.card) throw new ProviderError("This payment method is not a card.", "not_a_card", false);
    return {
      id: pm.id,
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
      country: pm.card.country ?? null,
    };
  }

  async detachCard(input: { customerId: string; cardId: string }): Promise<void> {
    const pm = await this.call(() => this.stripe.paymentMethods.retrieve(input.cardId)).catch(
      (e: unknown) => {
        if (e instanceof ProviderError && e.code === "resource_missing") return null;
        throw e;
      },
    );
    const owner = typeof pm?.customer === "string" ? pm.customer : (pm?.customer?.id ?? null);
    // Only the customer's own card: Stripe's detach would take any id it is given.
    if (!pm || owner !== input.customerId) return;
    await this.call(() =>
      this.stripe.paymentMethods.detach(pm.id, {}, { idempotencyKey: providerKey("detach", pm.id) }),
    );
  }

  async authorise(input: AuthoriseInput): Promise<IntentState> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          customer: input.customerId ?? undefined,
          ...paymentMethodOf(input.source),
          allowed_payment_method_types: ["card"],
          capture_method: "manual",
          confirm: true,
          return_url: input.returnUrl,
          description: input.description,
          metadata: input.metadata,
          expand: EXPAND_CARD,
        },
        { idempotencyKey: providerKey("authorise", input.idempotencyKey) },
      );
      return intentState(intent);
    } catch (e) {
      // A decline is an answer, not a failure of the call: the intent it left behind says why, in Stripe's words.
      if (e instanceof Stripe.errors.StripeCardError && e.payment_intent)
        return intentState(e.payment_intent);
      throw providerError(e);
    }
  }

  /**
   * Stripe keeps no lookup by idempotency key: the intent is searched by the checkout id authorise put in its
   * metadata. Stripe's search can lag its writes (under a minute, it says): not found is not final for long after.
   */
  readonly findLagMs = 3 * 60_000;

  async findAuthorisation(input: { checkoutId: string }): Promise<IntentState | null> {
    const found = await this.call(() =>
      this.stripe.paymentIntents.search({
        query: `metadata['checkout_id']:'${input.checkoutId.replace(/'/g, "\\'")}'`,
        limit: 1,
      }),
    );
    return found.data[0] ? this.retrieve(found.data[0].id) : null;
  }

  async retrieve(intentId: string): Promise<IntentState> {
    return intentState(
      await this.call(() => this.stripe.paymentIntents.retrieve(intentId, { expand: EXPAND_CARD })),
    );
  }

  async capture(intentId: string, amount: number, idempotencyKey: string): Promise<IntentState> {
    return intentState(
      await this.call(() =>
        this.stripe.paymentIntents.capture(
          intentId,
          { amount_to_capture: amount, expand: EXPAND_CARD },
          { idempotencyKey: providerKey("capture", idempotencyKey) },
        ),
      ),
    );
  }

  async cancel(intentId: string, idempotencyKey: string): Promise<IntentState> {
    return intentState(
      await this.call(() =>
        this.stripe.paymentIntents.cancel(
          intentId,
          { expand: EXPAND_CARD },
          { idempotencyKey: providerKey("cancel", idempotencyKey) },
        ),
      ),
    );
  }

  async refund(intentId: string, amount: number, idempotencyKey: string): Promise<RefundResult> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: intentId, amount },
        { idempotencyKey: providerKey("refund", idempotencyKey) },
      ),
    );
    const status =
      refund.status === "succeeded"
        ? "succeeded"
        : refund.status === "failed" || refund.status === "canceled"
          ? "failed"
          : "pending";
    return { id: refund.id, status };
  }

  parseNotice(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotice | null {
    const signature = headerValue(headers, "stripe-signature");
    if (!signature)
      throw new ProviderError("The notice has no Stripe-Signature header.", "signature_missing", false);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        NOTICE_TOLERANCE_SECONDS,
      );
    } catch (e) {
      const message = e instanceof Error ? e.message.split("\n")[0] : "The notice's signature does not hold.";
      throw new ProviderError(message, "signature_invalid", false);
    }
    if (!event.type.startsWith("payment_intent.")) return null;
    const intent = event.data.object as { id?: unknown };
    if (typeof intent.id !== "string") return null;
    return { eventId: event.id, intentId: intent.id };
  }

  /** Runs one SDK call and turns what Stripe refuses into a ProviderError. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (e) {
      throw providerError(e);
    }
  }
}

/**
 * The key sent to Stripe for one kind of call, from the caller's key: the same caller key used for two kinds of
 * call (attach and authorise) must not collide, since Stripe refuses a key reused with other parameters. Stripe
 * takes keys up to 255 characters; a longer one is hashed.
 */
export function providerKey(operation: string, key: string): string {
  const derived = `nightcap-${operation}-${key}`;
  return derived.length <= 255
    ? derived
    : `nightcap-${operation}-${createHash("sha256").update(key).digest("hex")}`;
}

/** Stripe's error as the store sees it: its own message, and whether trying again (same key) may work. */
export function providerError(e: unknown): unknown {
  if (e instanceof ProviderError || !(e instanceof Stripe.errors.StripeError)) return e;
  const status = e.statusCode;
  const connection = e instanceof Stripe.errors.StripeConnectionError;
  // 409: another request with the same key is still in flight; trying again later answers what it answered.
  const retryable =
    connection ||
    e instanceof Stripe.errors.StripeRateLimitError ||
    status === 409 ||
    (status !== undefined && status >= 500) ||
    (e instanceof Stripe.errors.StripeAPIError && status === undefined);
  const code =
    e instanceof Stripe.errors.StripeCardError
      ? declineCode(e)
      : (e.code ?? (connection ? "connection_error" : (e.rawType ?? "api_error")));
  return new ProviderError(e.message, code, retryable);
}

const STATUS: Record<Stripe.PaymentIntent.Status, IntentStatus> = {
  requires_action: "requires_action",
  requires_capture: "requires_capture",
  succeeded: "succeeded",
  canceled: "canceled",
  processing: "processing",
  // After a decline or a failed challenge the intent waits for another payment method: this payment failed.
  requires_payment_method: "failed",
  requires_confirmation: "failed",
};

function intentState(intent: Stripe.PaymentIntent): IntentState {
  const status = STATUS[intent.status];
  const error = intent.last_payment_error;
  const pm =
    intent.payment_method && typeof intent.payment_method === "object"
      ? intent.payment_method
      : (error?.payment_method ?? null);
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    nextActionUrl: status === "requires_action" ? (intent.next_action?.redirect_to_url?.url ?? null) : null,
    failure:
      status === "failed" && error
        ? { code: declineCode(error), message: error.message ?? "Your card was declined." }
        : null,
    card: pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null,
  };
}

/**
 * A decline's reason, named as the sandbox names it: Stripe's decline_code when it says more than the code
 * (insufficient_funds under card_declined), else the code (expired_card, incorrect_cvc, card_declined).
 */
function declineCode(error: { code?: string; decline_code?: string }): string {
  if (error.code === "card_declined" && error.decline_code && error.decline_code !== "generic_decline")
    return error.decline_code;
  return error.code ?? "card_declined";
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  return undefined;
}

/** A saved card or a PaymentMethod by id; a card token (tok_…, from a wallet) as the PaymentMethod's data. */
function paymentMethodOf(source: PaymentSource): Partial<Stripe.PaymentIntentCreateParams> {
  if (source.kind === "saved") return { payment_method: source.cardId };
  if (source.token.startsWith("tok_"))
    return {
      payment_method_data: { type: "card", card: { token: source.token } },
    } as Partial<Stripe.PaymentIntentCreateParams>;
  return { payment_method: source.token };
}
