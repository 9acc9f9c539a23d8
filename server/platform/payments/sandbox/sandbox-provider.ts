import { randomBytes } from "node:crypto";
import { type QueryCreator, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { cardBrand } from "#domain/payments/card-number.ts";
import {
  type CardBehaviour,
  type CardForm,
  cardBehaviour,
  checkCardForm,
  DECLINE_MESSAGES,
  walletBehaviour,
} from "#domain/payments/test-cards.ts";
import { applePayMethod, googlePayMethod, type WalletCard } from "#domain/payments/wallets.ts";
import type { Db } from "#server/platform/db.ts";
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

  /**
   * One statement, so atomic without a transaction of its own: the card (a token is spent, only if never spent; a
   * saved card must be the customer's and attached), the intent, and the key's answer, all only while the key is
   * unclaimed. A concurrent repeat waits for the first, on the token's row or on the key, and then finds the key
   * taken: nothing of it is written, and it answers what the first answered. A call that fails writes nothing.
   */
  async authorise(input: AuthoriseInput): Promise<IntentState> {
    const key = input.idempotencyKey;
    const unclaimed = sql`not exists (select 1 from sandbox_idempotency where key = ${key})`;
    const card =
      input.source.kind === "token"
        ? sql`update sandbox_cards set used_at = now()
            where id = ${input.source.token} and kind = 'token' and used_at is null and ${unclaimed}
            returning id, brand, last4, behaviour`
        : sql`select id, brand, last4, behaviour from sandbox_cards
            where id = ${input.source.cardId} and kind = 'payment_method' and customer_id = ${input.customerId}
              and detached_at is null and ${unclaimed}`;
    let answer: IntentState | null = null;
    try {
      // The intent's outcome and its answer are those of stateOf: a declining card fails at once, one that
      // succeeds is held for capture, any other asks for 3-D Secure (the provider's tests compare with retrieve).
      const { rows } = await sql<{ answer: IntentState | null }>`
        with card as (${card}),
        outcome as (
          select id as card_id, brand, last4,
            case behaviour ->> 'kind' when 'declines' then 'failed' when 'succeeds' then 'requires_capture'
              else 'requires_action' end as status,
            case when behaviour ->> 'kind' = 'declines' then behaviour ->> 'code' end as failure_code
          from card
        ),
        intent as (
          insert into sandbox_intents (id, status, amount, amount_capturable, amount_received, failure_code,
            failure_message, currency, customer_id, card_id, return_url, description, metadata)
          select ${newId("pi")}::text, status, ${input.amount}::int,
            case when status = 'requires_capture' then ${input.amount}::int else 0 end, 0, failure_code,
            ${sql.lit(JSON.stringify(DECLINE_MESSAGES))}::jsonb ->> failure_code, ${input.currency}::text,
            ${input.customerId}::text, card_id, ${input.returnUrl}::text, ${input.description}::text,
            ${JSON.stringify(input.metadata)}::jsonb
          from outcome
          returning id, status, amount, amount_capturable, amount_received, failure_code, failure_message
        ),
        answered as (
          insert into sandbox_idempotency (key, answer)
          select ${key}::text, jsonb_build_object('id', i.id, 'status', i.status, 'amount', i.amount,
            'amountCapturable', i.amount_capturable, 'amountReceived', i.amount_received,
            'nextActionUrl', case when i.status = 'requires_action' then ${`${SANDBOX_BASE}/3ds/`}::text || i.id end,
            'failure', case when i.failure_code is not null then jsonb_build_object('code', i.failure_code,
              'message', coalesce(i.failure_message, ${DECLINE_MESSAGES.card_declined}::text)) end,
            'card', jsonb_build_object('brand', o.brand, 'last4', o.last4))
          from intent i, outcome o
          returning answer
        )
        select (select answer from answered) as answer`.execute(this.db);
      answer = rows[0]?.answer ?? null;
    } catch (err) {
      // A concurrent repeat with another card claimed the key first: this one's writes are undone.
      if ((err as { code?: string }).code !== "23505") throw err;
    }
    if (answer) return answer;
    // Nothing written: the key was claimed before (its answer), or the card cannot pay.
    const earlier = await this.db
      .selectFrom("sandbox_idempotency")
      .select("answer")
      .where("key", "=", key)
      .executeTakeFirst();
    if (earlier) return earlier.answer as IntentState;
    if (input.source.kind === "token") throw tokenUsed();
    throw new ProviderError("No such payment method.", "resource_missing", false);
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
