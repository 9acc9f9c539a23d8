import { randomBytes } from "node:crypto";
import { type QueryCreator, sql, type Transaction } from "kysely";
import type { Database } from "../../../../db/schema.ts";
import { cardBrand } from "../../../../domain/payments/card-number.ts";
import {
  type CardBehaviour,
  type CardForm,
  cardBehaviour,
  checkCardForm,
  DECLINE_MESSAGES,
  walletBehaviour,
} from "../../../../domain/payments/test-cards.ts";
import { applePayMethod, googlePayMethod, type WalletCard } from "../../../../domain/payments/wallets.ts";
import type { Db } from "../../db.ts";
import {
  type AuthoriseInput,
  type IntentState,
  type PaymentNotice,
  type PaymentProvider,
  type ProviderCard,
  ProviderError,
  type RefundResult,
} from "../provider.ts";

export const SANDBOX_BASE = "/sandbox-pay";
export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

type Tx = Transaction<Database>;

/**
 * The built-in card provider of the embedded default: Stripe-shaped tokens, Stripe's test numbers, a 3-D Secure
 * challenge page, manual capture, voids and refunds — kept in its own tables and reached by its own routes
 * (routes.ts), as a real provider would be. The store's modules use it only through PaymentProvider.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  private readonly listeners: ((notice: PaymentNotice) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  clientConfig() {
    return {
      provider: "sandbox" as const,
      cardFrameUrl: `${SANDBOX_BASE}/elements/card`,
      walletTokenUrl: `${SANDBOX_BASE}/v1/wallet-tokens`,
      applePaySessionUrl: `${SANDBOX_BASE}/v1/apple-pay/sessions`,
      walletMethods: [
        applePayMethod("merchant.com.nightcap.sandbox"),
        // Google's own test gateway: in Google Pay's TEST environment it hands back a token that charges nothing.
        googlePayMethod({
          environment: "TEST",
          merchantName: "Nightcap",
          gateway: { gateway: "example", gatewayMerchantId: "nightcap-sandbox" },
        }),
      ],
    };
  }

  /** A payment changed outside a call of ours (a 3-D Secure challenge answered): Stripe would send a webhook. */
  onNotice(listener: (notice: PaymentNotice) => void): void {
    this.listeners.push(listener);
  }

  parseNotice(): PaymentNotice | null {
    return null;
  }

  // The provider's browser-facing side: its card page and its challenge page (routes.ts).

  /** Tokenises a card typed into the sandbox's own card page. The number itself is never kept. */
  async createToken(form: CardForm): Promise<{ id: string; card: Omit<ProviderCard, "id"> }> {
    const today = this.now();
    const problem = checkCardForm(form, { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 });
    if (problem) throw new ProviderError(problem.message, `invalid_${problem.field}`, false);
    const card = {
      brand: cardBrand(form.number),
      last4: form.number.slice(-4),
      expMonth: form.expMonth,
      expYear: form.expYear < 100 ? 2000 + form.expYear : form.expYear,
      country: "US",
    };
    const id = newId("tok");
    await this.db
      .insertInto("sandbox_cards")
      .values({
        id,
        kind: "token",
        customer_id: null,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        behaviour: JSON.stringify(cardBehaviour(form.number)),
      })
      .execute();
    return { id, card };
  }

  /**
   * Tokenises a wallet payment (Apple Pay, Google Pay): the card as the wallet describes it, answering as the
   * Stripe test card with the same last four digits would, never with a 3-D Secure challenge.
   */
  async createWalletToken(card: WalletCard): Promise<{ id: string }> {
    const id = newId("tok");
    await this.db
      .insertInto("sandbox_cards")
      .values({
        id,
        kind: "token",
        customer_id: null,
        brand: card.network,
        last4: card.last4 ?? "0000",
        // A wallet does not tell the merchant the card's expiry.
        exp_month: 0,
        exp_year: 0,
        behaviour: JSON.stringify(walletBehaviour(card.last4)),
      })
      .execute();
    return { id };
  }

  /** Apple Pay's merchant validation, answered as Apple's server would with an opaque merchant session. */
  merchantSession(domainName: string) {
    const now = this.now().getTime();
    return {
      merchantSessionIdentifier: newId("session"),
      merchantIdentifier: "merchant.com.nightcap.sandbox",
      displayName: "Nightcap",
      domainName,
      epochTimestamp: now,
      expiresAt: now + 5 * 60_000,
      nonce: randomBytes(8).toString("hex"),
      signature: "sandbox",
    };
  }

  /** What the challenge page shows. */
  async challenge(intentId: string) {
    const row = await this.db
      .selectFrom("sandbox_intents as i")
      .innerJoin("sandbox_cards as c", "c.id", "i.card_id")
      .select(["i.id", "i.amount", "i.status", "i.description", "c.brand", "c.last4"])
      .where("i.id", "=", intentId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The shopper passed or failed the challenge: the payment moves on, and the store hears of it. */
  async answerChallenge(intentId: string, passed: boolean): Promise<string> {
    const returnUrl = await this.db.transaction().execute(async (tx) => {
      const intent = await this.lock(tx, intentId);
      if (intent.status === "requires_action") {
        const card = await tx
          .selectFrom("sandbox_cards")
          .select("behaviour")
          .where("id", "=", intent.card_id)
          .executeTakeFirstOrThrow();
        const behaviour = card.behaviour as CardBehaviour;
        const outcome = !passed
          ? {
              status: "failed" as const,
              code: "payment_intent_authentication_failure",
              message: AUTHENTICATION_FAILED,
            }
          : behaviour.kind === "requires_3ds_then_declines"
            ? { status: "failed" as const, code: behaviour.code, message: DECLINE_MESSAGES[behaviour.code] }
            : { status: "requires_capture" as const, code: null, message: null };
        await tx
          .updateTable("sandbox_intents")
          .set({
            status: outcome.status,
            amount_capturable: outcome.status === "requires_capture" ? intent.amount : 0,
            failure_code: outcome.code,
            failure_message: outcome.message,
          })
          .where("id", "=", intentId)
          .execute();
      }
      return intent.return_url;
    });
    const notice = { eventId: newId("evt"), intentId };
    for (const listener of this.listeners) listener(notice);
    const url = new URL(returnUrl);
    url.searchParams.set("payment_intent", intentId);
    url.searchParams.set("redirect_status", passed ? "succeeded" : "failed");
    return url.toString();
  }

  // The server-facing side (PaymentProvider).

  async ensureCustomer(input: { userId: string; email: string; existing: string | null }): Promise<string> {
    if (input.existing) {
      const found = await this.db
        .selectFrom("sandbox_customers")
        .select("id")
        .where("id", "=", input.existing)
        .executeTakeFirst();
      if (found) return found.id;
    }
    await this.db
      .insertInto("sandbox_customers")
      .values({ id: newId("cus"), reference: input.userId, email: input.email })
      .onConflict((oc) => oc.column("reference").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("sandbox_customers")
      .select("id")
      .where("reference", "=", input.userId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  attachCard(input: { customerId: string; token: string; idempotencyKey: string }): Promise<ProviderCard> {
    return this.once(input.idempotencyKey, async (tx) => {
      const token = await this.spendToken(tx, input.token);
      // As Stripe checks a card when it is saved: one that declines every charge is not saved.
      const behaviour = token.behaviour as CardBehaviour;
      if (behaviour.kind === "declines")
        throw new ProviderError(DECLINE_MESSAGES[behaviour.code], behaviour.code, false);
      const id = newId("pm");
      await tx
        .insertInto("sandbox_cards")
        .values({
          id,
          kind: "payment_method",
          customer_id: input.customerId,
          brand: token.brand,
          last4: token.last4,
          exp_month: token.exp_month,
          exp_year: token.exp_year,
          behaviour: JSON.stringify(token.behaviour),
        })
        .execute();
      return {
        id,
        brand: token.brand,
        last4: token.last4,
        expMonth: token.exp_month,
        expYear: token.exp_year,
        country: "US",
      };
    });
  }

  async detachCard(input: { customerId: string; cardId: string }): Promise<void> {
    await this.db
      .updateTable("sandbox_cards")
      .set({ detached_at: sql`now()` })
      .where("id", "=", input.cardId)
      .where("customer_id", "=", input.customerId)
      .execute();
  }

  authorise(input: AuthoriseInput): Promise<IntentState> {
    return this.db.transaction().execute(async (tx) => {
      let card: { id: string; brand: string; last4: string; behaviour: unknown } | undefined;
      if (input.source.kind === "token") {
        // The key's claim and the token's spending: one statement (only the call that claims the key spends).
        const token = input.source.token;
        const claim = await tx
          .with("claimed", (db) =>
            db
              .insertInto("sandbox_idempotency")
              .values({ key: input.idempotencyKey, answer: "null" })
              .onConflict((oc) => oc.column("key").doNothing())
              .returning("key"),
          )
          .with("spent", (db) =>
            db
              .updateTable("sandbox_cards")
              .set({ used_at: sql`now()` })
              .where("id", "=", token)
              .where("kind", "=", "token")
              .where("used_at", "is", null)
              .where(sql<boolean>`exists (select 1 from claimed)`)
              .returning(["id", "brand", "last4", "behaviour"]),
          )
          .selectNoFrom((eb) => [
            eb.selectFrom("claimed").select("key").as("claimed"),
            sql<typeof card | null>`(select row_to_json(spent) from spent)`.as("card"),
          ])
          .executeTakeFirstOrThrow();
        if (!claim.claimed) return this.answerOf<IntentState>(tx, input.idempotencyKey);
        if (!claim.card) throw tokenUsed();
        card = claim.card;
      } else {
        const earlier = await this.claim<IntentState>(tx, input.idempotencyKey);
        if (earlier) return earlier.answer;
        card = await tx
          .selectFrom("sandbox_cards")
          .selectAll()
          .where("id", "=", input.source.cardId)
          .where("kind", "=", "payment_method")
          .where("customer_id", "=", input.customerId)
          .where("detached_at", "is", null)
          .executeTakeFirst();
      }
      if (!card) throw new ProviderError("No such payment method.", "resource_missing", false);
      const behaviour = card.behaviour as CardBehaviour;
      const declined = behaviour.kind === "declines" ? behaviour.code : null;
      const status = declined
        ? "failed"
        : behaviour.kind === "succeeds"
          ? "requires_capture"
          : "requires_action";
      const intent = {
        id: newId("pi"),
        status,
        amount: input.amount,
        amount_capturable: status === "requires_capture" ? input.amount : 0,
        amount_received: 0,
        failure_code: declined,
        failure_message: declined ? DECLINE_MESSAGES[declined] : null,
      } as const;
      const answer = stateOf(intent, card);
      // The intent and the key's answer: one statement.
      await this.record(
        tx.with("intent", (db) =>
          db
            .insertInto("sandbox_intents")
            .values({
              ...intent,
              currency: input.currency,
              customer_id: input.customerId,
              card_id: card.id,
              return_url: input.returnUrl,
              description: input.description,
              metadata: JSON.stringify(input.metadata),
            })
            .returning("id"),
        ) as unknown as QueryCreator<Database>,
        input.idempotencyKey,
        answer,
      );
      return answer;
    });
  }

  retrieve(intentId: string): Promise<IntentState> {
    return this.read(this.db, intentId);
  }

  async findAuthorisation(input: { idempotencyKey: string }): Promise<IntentState | null> {
    const row = await this.db
      .selectFrom("sandbox_idempotency")
      .select("answer")
      .where("key", "=", input.idempotencyKey)
      .executeTakeFirst();
    const made = row?.answer as { id?: string } | null | undefined;
    return made?.id ? this.read(this.db, made.id) : null;
  }

  capture(intentId: string, amount: number, idempotencyKey: string): Promise<IntentState> {
    return this.once(idempotencyKey, async (tx) => {
      const intent = await this.lock(tx, intentId);
      if (intent.status !== "requires_capture") throw unexpectedState("captured", intent.status);
      if (amount <= 0 || amount > intent.amount_capturable)
        throw new ProviderError(
          "The amount to capture exceeds what is capturable.",
          "amount_too_large",
          false,
        );
      // As Stripe does, capturing less than the hold releases the rest.
      await tx
        .updateTable("sandbox_intents")
        .set({ status: "succeeded", amount_received: amount, amount_capturable: 0 })
        .where("id", "=", intentId)
        .execute();
      return this.read(tx, intentId);
    });
  }

  cancel(intentId: string, idempotencyKey: string): Promise<IntentState> {
    return this.once(idempotencyKey, async (tx) => {
      const intent = await this.lock(tx, intentId);
      if (intent.status !== "requires_capture" && intent.status !== "requires_action")
        throw unexpectedState("canceled", intent.status);
      await tx
        .updateTable("sandbox_intents")
        .set({ status: "canceled", amount_capturable: 0 })
        .where("id", "=", intentId)
        .execute();
      return this.read(tx, intentId);
    });
  }

  refund(intentId: string, amount: number, idempotencyKey: string): Promise<RefundResult> {
    return this.once(idempotencyKey, async (tx) => {
      const intent = await this.lock(tx, intentId);
      const { refunded } = await tx
        .selectFrom("sandbox_refunds")
        .select(sql<number>`coalesce(sum(amount), 0)::int`.as("refunded"))
        .where("intent_id", "=", intentId)
        .executeTakeFirstOrThrow();
      if (amount <= 0 || amount > intent.amount_received - refunded)
        throw new ProviderError(
          "The refund amount exceeds what was charged and not yet refunded.",
          "amount_too_large",
          false,
        );
      const id = newId("re");
      await tx.insertInto("sandbox_refunds").values({ id, intent_id: intentId, amount }).execute();
      return { id, status: "succeeded" as const };
    });
  }

  private async spendToken(tx: Tx, token: string) {
    const row = await tx
      .updateTable("sandbox_cards")
      .set({ used_at: sql`now()` })
      .where("id", "=", token)
      .where("kind", "=", "token")
      .where("used_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw tokenUsed();
    return row;
  }

  private async lock(tx: Tx, intentId: string) {
    const intent = await tx
      .selectFrom("sandbox_intents")
      .selectAll()
      .where("id", "=", intentId)
      .forUpdate()
      .executeTakeFirst();
    if (!intent) throw new ProviderError("No such payment.", "resource_missing", false);
    return intent;
  }

  private async read(db: Db | Tx, intentId: string): Promise<IntentState> {
    const row = await db
      .selectFrom("sandbox_intents as i")
      .innerJoin("sandbox_cards as c", "c.id", "i.card_id")
      .select([...intentColumns.map((c) => `i.${c}` as const), "c.brand", "c.last4"])
      .where("i.id", "=", intentId)
      .executeTakeFirst();
    if (!row) throw new ProviderError("No such payment.", "resource_missing", false);
    return stateOf(row, row);
  }

  /**
   * Runs a changing call once per idempotency key: the key is claimed in the call's own transaction, so a
   * concurrent repeat waits for the first and then answers what it answered; a call that fails leaves no key.
   */
  private async once<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      const earlier = await this.claim<T>(tx, key);
      if (earlier) return earlier.answer;
      const answer = await work(tx);
      await this.record(tx, key, answer);
      return answer;
    });
  }

  /** Claims the key in the call's transaction; when it was claimed before, what that call answered. */
  private async claim<T>(tx: Tx, key: string): Promise<{ answer: T } | null> {
    const claimed = await tx
      .insertInto("sandbox_idempotency")
      .values({ key, answer: "null" })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (claimed) return null;
    return { answer: await this.answerOf<T>(tx, key) };
  }

  /** What the call that claimed the key answered. */
  private async answerOf<T>(tx: Tx, key: string): Promise<T> {
    const { answer } = await tx
      .selectFrom("sandbox_idempotency")
      .select("answer")
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    return answer as T;
  }

  /** Keeps the call's answer with its key (`db`: the transaction, or a statement of it to end with this write). */
  private async record<T>(db: QueryCreator<Database>, key: string, answer: T): Promise<void> {
    await db
      .updateTable("sandbox_idempotency")
      .set({ answer: JSON.stringify(answer) })
      .where("key", "=", key)
      .execute();
  }
}

const tokenUsed = () =>
  new ProviderError(
    "This card was already used or has expired: enter it again.",
    "token_already_used",
    false,
  );

const intentColumns = [
  "id",
  "status",
  "amount",
  "amount_capturable",
  "amount_received",
  "failure_code",
  "failure_message",
] as const;

/** An intent as the provider answers it (the shape Stripe's PaymentIntent gives the server side). */
function stateOf(
  row: {
    id: string;
    status: IntentState["status"];
    amount: number;
    amount_capturable: number;
    amount_received: number;
    failure_code: string | null;
    failure_message: string | null;
  },
  card: { brand: string; last4: string },
): IntentState {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    amountCapturable: row.amount_capturable,
    amountReceived: row.amount_received,
    nextActionUrl: row.status === "requires_action" ? `${SANDBOX_BASE}/3ds/${row.id}` : null,
    failure: row.failure_code
      ? { code: row.failure_code, message: row.failure_message ?? DECLINE_MESSAGES.card_declined }
      : null,
    card: { brand: card.brand, last4: card.last4 },
  };
}

function unexpectedState(verb: string, status: string) {
  return new ProviderError(
    `This PaymentIntent could not be ${verb} because it has a status of ${status}.`,
    "payment_intent_unexpected_state",
    false,
  );
}
