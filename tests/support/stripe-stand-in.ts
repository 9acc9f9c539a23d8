import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { TaxLocationError, taxCalculation } from "./stripe-tax-stand-in.ts";

/**
 * A local stand-in for the part of Stripe's API the Stripe payment provider uses, so its tests never reach
 * api.stripe.com: form-encoded requests, bearer auth with the secret key, JSON answers shaped like Stripe's
 * objects and errors, idempotency keys as Stripe keeps them, Stripe's test PaymentMethods (pm_card_…) behaving
 * as Stripe's testing page documents, a 3-D Secure page, and signed webhook events.
 *
 * Stripe's words are written out here rather than imported from the sandbox provider, so that a test comparing
 * the two providers compares two separate copies of them.
 */
export const STAND_IN_SECRET_KEY = "sk_test_standin_0123456789abcdefghij";
export const STAND_IN_PUBLISHABLE_KEY = "pk_test_standin_0123456789abcdefghij";
export const STAND_IN_WEBHOOK_SECRET = "whsec_standin_0123456789abcdefghijklmnop";

const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

type Decline = { code: string; declineCode: string; message: string };
type Behaviour =
  | { kind: "succeeds" }
  | { kind: "requires_3ds" }
  /** Attaching succeeds; every charge is declined. */
  | { kind: "attaches_then_declines"; decline: Decline }
  /** Declined on attach and on every charge. */
  | { kind: "declines"; decline: Decline };

interface TestCard {
  brand: string;
  last4: string;
  country: string;
  behaviour: Behaviour;
}

const declined = (code: string, declineCode: string, message: string): Decline => ({
  code,
  declineCode,
  message,
});
const GENERIC = declined("card_declined", "generic_decline", "Your card was declined.");

/** Stripe's test PaymentMethods (docs.stripe.com/testing) that these tests use. */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", country: "US", behaviour: { kind: "succeeds" } },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", country: "US", behaviour: { kind: "succeeds" } },
  pm_card_amex: { brand: "amex", last4: "0005", country: "US", behaviour: { kind: "succeeds" } },
  pm_card_threeDSecure2Required: {
    brand: "visa",
    last4: "3184",
    country: "US",
    behaviour: { kind: "requires_3ds" },
  },
  pm_card_chargeDeclined: {
    brand: "visa",
    last4: "0002",
    country: "US",
    behaviour: { kind: "declines", decline: GENERIC },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    country: "US",
    behaviour: {
      kind: "declines",
      decline: declined("card_declined", "insufficient_funds", "Your card has insufficient funds."),
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: "visa",
    last4: "0069",
    country: "US",
    behaviour: {
      kind: "declines",
      decline: declined("expired_card", "expired_card", "Your card has expired."),
    },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: "visa",
    last4: "0127",
    country: "US",
    behaviour: {
      kind: "declines",
      decline: declined("incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."),
    },
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: "visa",
    last4: "0119",
    country: "US",
    behaviour: {
      kind: "declines",
      decline: declined(
        "processing_error",
        "processing_error",
        "An error occurred while processing your card. Try again in a little bit.",
      ),
    },
  },
  pm_card_chargeCustomerFail: {
    brand: "visa",
    last4: "0341",
    country: "US",
    behaviour: { kind: "attaches_then_declines", decline: GENERIC },
  },
};

type Metadata = Record<string, string>;

interface Customer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  livemode: false;
  metadata: Metadata;
}

interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  billing_details: { email: null; name: null };
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
    funding: "credit";
  };
}

interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic" | "manual";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } } | null;
  payment_method: string | null;
  payment_method_types: string[];
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "requires_capture"
    | "canceled"
    | "succeeded";
}

type StoredIntent = PaymentIntent & { returnUrl: string | null; refunded: number };

interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  status: "succeeded";
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  data: { object: Record<string, unknown> };
  request: { id: string; idempotency_key: string | null };
}

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form fields (POST) or query (GET), as sent. */
  params: URLSearchParams;
  /** The answer came from the idempotency store rather than from doing it again. */
  replayed: boolean;
}

type Answer = { status: number; body: unknown };
type Fault = { kind: "status"; status: number } | { kind: "drop" };

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(400, { type: "invalid_request_error", message, ...extra });
const missing = (kind: string, id: string, param?: string) =>
  new ApiError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY;
  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) =>
    `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

  const customers = new Map<string, Customer & { deleted?: true }>();
  const paymentMethods = new Map<string, PaymentMethod & { behaviour: Behaviour; spent: boolean }>();
  const intents = new Map<string, StoredIntent>();
  const refunds = new Map<string, Refund>();
  const accounts = new Map<
    string,
    { id: string; object: "account"; type: string } & Record<string, unknown>
  >();
  const transfers = new Map<
    string,
    { id: string; object: "transfer"; amount: number; destination: string } & Record<string, unknown>
  >();
  const idempotency = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: SeenRequest[] = [];
  const events: StripeEvent[] = [];
  const faults: Fault[] = [];
  let webhook: { url: string; secret: string } | null = null;
  let deliveries: Promise<unknown> = Promise.resolve();
  const delivered: { event: StripeEvent; status: number }[] = [];
  let base = "";

  const newPaymentMethod = (card: TestCard): PaymentMethod & { behaviour: Behaviour; spent: boolean } => {
    const pm = {
      id: newId("pm"),
      object: "payment_method" as const,
      type: "card" as const,
      created: now(),
      customer: null,
      livemode: false as const,
      metadata: {},
      billing_details: { email: null, name: null },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: card.country,
        funding: "credit" as const,
      },
      behaviour: card.behaviour,
      spent: false,
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  };

  /** A test id (pm_card_visa) makes a new PaymentMethod each time it is used, as Stripe's do. */
  const paymentMethodFor = (id: string, param = "payment_method") => {
    if (Object.hasOwn(TEST_PAYMENT_METHODS, id)) return newPaymentMethod(TEST_PAYMENT_METHODS[id]);
    const pm = paymentMethods.get(id);
    if (!pm) throw missing("PaymentMethod", id, param);
    return pm;
  };

  const publicPaymentMethod = (pm: PaymentMethod & { behaviour?: Behaviour; spent?: boolean }) => {
    const { behaviour: _b, spent: _s, ...rest } = pm;
    return rest;
  };

  const publicIntent = (pi: StoredIntent, expand: string[]) => {
    const { returnUrl: _r, refunded: _f, ...rest } = pi;
    const pm = pi.payment_method ? paymentMethods.get(pi.payment_method) : undefined;
    return {
      ...rest,
      payment_method: expand.includes("payment_method") && pm ? publicPaymentMethod(pm) : pi.payment_method,
    };
  };

  const emit = (type: string, object: unknown, request: { idempotencyKey?: string } = {}) => {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: webhook ? 1 : 0,
      type,
      data: { object: structuredClone(object) as Record<string, unknown> },
      request: { id: newId("req"), idempotency_key: request.idempotencyKey ?? null },
    };
    events.push(event);
    const target = webhook;
    if (target) {
      deliveries = deliveries.then(async () => {
        const signed = signEvent(event, target.secret);
        const res = await fetch(target.url, {
          method: "POST",
          headers: signed.headers,
          body: signed.body,
        }).catch(() => null);
        delivered.push({ event, status: res?.status ?? 0 });
        await res?.arrayBuffer().catch(() => undefined);
      });
    }
    return event;
  };

  const parseForm = (params: URLSearchParams) => {
    const metadata: Metadata = {};
    const expand: string[] = [];
    for (const [name, value] of params) {
      const meta = /^metadata\[(.+)\]$/.exec(name);
      if (meta) metadata[meta[1]] = value;
      if (/^expand\[\d*\]$/.test(name)) expand.push(value);
    }
    return { metadata, expand };
  };

  const positiveInteger = (params: URLSearchParams, name: string, required: boolean) => {
    const raw = params.get(name);
    if (raw === null) {
      if (required)
        throw invalid(`Missing required param: ${name}.`, { code: "parameter_missing", param: name });
      return null;
    }
    if (!/^\d+$/.test(raw) || Number(raw) <= 0)
      throw invalid("This value must be greater than or equal to 1.", {
        code: "parameter_invalid_integer",
        param: name,
      });
    return Number(raw);
  };

  const intentOf = (id: string) => {
    const pi = intents.get(id);
    if (!pi) throw missing("payment_intent", id);
    return pi;
  };

  const declineError = (decline: Decline, pm: PaymentMethod, extra: Record<string, unknown> = {}) => ({
    type: "card_error",
    code: decline.code,
    decline_code: decline.declineCode,
    message: decline.message,
    doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll("_", "-")}`,
    payment_method: publicPaymentMethod(pm),
    ...extra,
  });

  // Resources. Each handler answers one Stripe request; the idempotency store wraps every POST.

  function createCustomer(params: URLSearchParams) {
    const customer: Customer = {
      id: newId("cus"),
      object: "customer",
      created: now(),
      email: params.get("email"),
      livemode: false,
      metadata: parseForm(params).metadata,
    };
    customers.set(customer.id, customer);
    emit("customer.created", customer);
    return customer;
  }

  function retrieveCustomer(id: string) {
    const customer = customers.get(id);
    if (!customer) throw missing("customer", id);
    return customer.deleted ? { id, object: "customer", deleted: true } : customer;
  }

  function attachPaymentMethod(id: string, params: URLSearchParams) {
    const customerId = params.get("customer");
    if (!customerId) throw invalid("Missing required param: customer.", { code: "parameter_missing" });
    const customer = customers.get(customerId);
    if (!customer || customer.deleted) throw missing("customer", customerId, "customer");
    const pm = paymentMethodFor(id, "payment_method");
    if (pm.spent)
      throw invalid(
        "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
        { code: "payment_method_unexpected_state" },
      );
    if (pm.customer && pm.customer !== customerId)
      throw invalid("The payment method you provided has already been attached to a customer.", {
        code: "payment_method_unexpected_state",
      });
    // Attaching checks the card with its issuer: a card that declines every charge is refused here.
    if (pm.behaviour.kind === "declines") throw new ApiError(402, declineError(pm.behaviour.decline, pm));
    pm.customer = customerId;
    emit("payment_method.attached", publicPaymentMethod(pm));
    return publicPaymentMethod(pm);
  }

  function detachPaymentMethod(id: string) {
    const pm = paymentMethods.get(id);
    if (!pm) throw missing("PaymentMethod", id, "payment_method");
    if (!pm.customer)
      throw invalid(
        "The payment method you provided is not attached to a customer so detachment is impossible.",
        {
          code: "payment_method_unexpected_state",
        },
      );
    pm.customer = null;
    pm.spent = true;
    emit("payment_method.detached", publicPaymentMethod(pm));
    return publicPaymentMethod(pm);
  }

  function createIntent(params: URLSearchParams, idempotencyKey?: string): Answer {
    const { metadata, expand } = parseForm(params);
    const amount = positiveInteger(params, "amount", true) as number;
    if (amount < 50)
      throw invalid("Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" });
    const currency = params.get("currency");
    if (!currency) throw invalid("Missing required param: currency.", { code: "parameter_missing" });
    const customerId = params.get("customer");
    if (customerId && (!customers.has(customerId) || customers.get(customerId)?.deleted))
      throw missing("customer", customerId, "customer");
    const pmId = params.get("payment_method");
    // A card token (a wallet's, e.g. tok_visa) as the PaymentMethod's data: Stripe's test tokens mirror pm_card_….
    const cardToken = params.get("payment_method_data[card][token]");
    const pm = pmId
      ? paymentMethodFor(pmId)
      : cardToken
        ? paymentMethodFor(cardToken.replace(/^tok_/, "pm_card_"), "payment_method_data[card][token]")
        : null;
    if (pm?.spent)
      throw invalid(
        "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
        { code: "payment_method_unexpected_state", param: "payment_method" },
      );
    if (pm?.customer && pm.customer !== customerId)
      throw invalid(
        `The provided PaymentMethod belongs to a Customer, but you did not provide the matching Customer ID (${pm.customer}).`,
        { code: "payment_method_unexpected_state", param: "payment_method" },
      );
    const confirm = params.get("confirm") === "true";
    const manual = params.get("capture_method") === "manual";
    const returnUrl = params.get("return_url");
    if (confirm && !returnUrl && pm?.behaviour.kind === "requires_3ds")
      throw invalid(
        "A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.",
      );
    const id = newId("pi");
    const pi: StoredIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: manual ? "manual" : "automatic",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      confirmation_method: "automatic",
      created: now(),
      currency,
      customer: customerId,
      description: params.get("description"),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      next_action: null,
      payment_method: pm?.id ?? null,
      payment_method_types: ["card"],
      status: pm ? "requires_confirmation" : "requires_payment_method",
      returnUrl,
      refunded: 0,
    };
    intents.set(id, pi);
    emit("payment_intent.created", publicIntent(pi, []), { idempotencyKey });
    if (!confirm || !pm) return { status: 200, body: publicIntent(pi, expand) };
    // A PaymentMethod used without being saved on the customer cannot be used again.
    if (!pm.customer) pm.spent = true;
    const behaviour = pm.behaviour;
    if (behaviour.kind === "declines" || behaviour.kind === "attaches_then_declines") {
      fail(pi, declineError(behaviour.decline, pm, { charge: newId("ch") }), idempotencyKey);
      return {
        status: 402,
        body: { error: { ...(pi.last_payment_error ?? {}), payment_intent: publicIntent(pi, expand) } },
      };
    }
    if (behaviour.kind === "requires_3ds") {
      pi.status = "requires_action";
      pi.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${base}/3ds/${pi.id}`, return_url: returnUrl ?? "" },
      };
      emit("payment_intent.requires_action", publicIntent(pi, []), { idempotencyKey });
      return { status: 200, body: publicIntent(pi, expand) };
    }
    authorised(pi, idempotencyKey);
    return { status: 200, body: publicIntent(pi, expand) };
  }

  function authorised(pi: StoredIntent, idempotencyKey?: string) {
    pi.latest_charge = newId("ch");
    pi.next_action = null;
    if (pi.capture_method === "manual") {
      pi.status = "requires_capture";
      pi.amount_capturable = pi.amount;
      emit("payment_intent.amount_capturable_updated", publicIntent(pi, []), { idempotencyKey });
    } else {
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
      emit("payment_intent.succeeded", publicIntent(pi, []), { idempotencyKey });
    }
  }

  function fail(pi: StoredIntent, error: Record<string, unknown>, idempotencyKey?: string) {
    // After a failed attempt the PaymentMethod leaves the intent; the error keeps it, whole.
    pi.status = "requires_payment_method";
    pi.payment_method = null;
    pi.next_action = null;
    pi.last_payment_error = error;
    emit("payment_intent.payment_failed", publicIntent(pi, []), { idempotencyKey });
  }

  function captureIntent(id: string, params: URLSearchParams, idempotencyKey?: string) {
    const pi = intentOf(id);
    const { expand } = parseForm(params);
    if (pi.status !== "requires_capture")
      throw invalid(
        `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        { code: "payment_intent_unexpected_state", payment_intent: publicIntent(pi, []) },
      );
    const amount = positiveInteger(params, "amount_to_capture", false) ?? pi.amount_capturable;
    if (amount > pi.amount_capturable)
      throw invalid(
        `The amount to capture (${dollars(amount)}) is greater than the amount capturable on this PaymentIntent (${dollars(pi.amount_capturable)}).`,
        { code: "amount_too_large", param: "amount_to_capture" },
      );
    // Capturing less than the hold releases the rest.
    pi.status = "succeeded";
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    emit("payment_intent.succeeded", publicIntent(pi, []), { idempotencyKey });
    return publicIntent(pi, expand);
  }

  const CANCELABLE = [
    "requires_payment_method",
    "requires_capture",
    "requires_confirmation",
    "requires_action",
    "processing",
  ];

  function cancelIntent(id: string, params: URLSearchParams, idempotencyKey?: string) {
    const pi = intentOf(id);
    const { expand } = parseForm(params);
    if (!CANCELABLE.includes(pi.status))
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
        { code: "payment_intent_unexpected_state", payment_intent: publicIntent(pi, []) },
      );
    pi.status = "canceled";
    pi.amount_capturable = 0;
    pi.next_action = null;
    pi.canceled_at = now();
    pi.cancellation_reason = params.get("cancellation_reason");
    emit("payment_intent.canceled", publicIntent(pi, []), { idempotencyKey });
    return publicIntent(pi, expand);
  }

  function createRefund(params: URLSearchParams, idempotencyKey?: string) {
    const intentId = params.get("payment_intent");
    if (!intentId) throw invalid("Missing required param: payment_intent.", { code: "parameter_missing" });
    const pi = intents.get(intentId);
    if (!pi) throw missing("payment_intent", intentId, "payment_intent");
    if (pi.status !== "succeeded")
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
        code: "payment_intent_unexpected_state",
      });
    const left = pi.amount_received - pi.refunded;
    if (left === 0)
      throw invalid(`Charge ${pi.latest_charge} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    const amount = positiveInteger(params, "amount", false) ?? left;
    if (amount > left)
      throw invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        { code: "amount_too_large", param: "amount" },
      );
    pi.refunded += amount;
    const refund: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: pi.latest_charge,
      created: now(),
      currency: pi.currency,
      metadata: parseForm(params).metadata,
      payment_intent: pi.id,
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    emit(
      "charge.refunded",
      { id: pi.latest_charge, object: "charge", payment_intent: pi.id },
      { idempotencyKey },
    );
    return refund;
  }

  /**
   * GET /v1/payment_intents/search, for the query our provider sends: `metadata['key']:'value'` clauses joined by
   * AND (quotes in a value escaped with a backslash). Stripe's index lags its writes (under a minute, usually);
   * this one is current. Newest first, as Stripe lists.
   */
  function searchIntents(params: URLSearchParams) {
    const query = params.get("query") ?? "";
    const clauses = query.split(/\s+AND\s+/).map((clause) => {
      const m = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(clause.trim());
      if (!m)
        throw new ApiError(400, {
          type: "invalid_request_error",
          message: `Invalid search query: ${query}. Please see https://stripe.com/docs/search#search-query-language.`,
        });
      return { key: m[1], value: m[2].replace(/\\(.)/g, "$1") };
    });
    const limit = Number(params.get("limit") ?? 10);
    const data = [...intents.values()]
      .filter((pi) => clauses.every((c) => pi.metadata[c.key] === c.value))
      .reverse()
      .slice(0, limit)
      .map((pi) => publicIntent(pi, []));
    return {
      object: "search_result",
      url: "/v1/payment_intents/search",
      has_more: false,
      next_page: null,
      data,
    };
  }

  type Handler = (id: string, params: URLSearchParams, idempotencyKey?: string) => Answer;
  const ok =
    (handle: (id: string, params: URLSearchParams, idempotencyKey?: string) => unknown): Handler =>
    (id, params, idempotencyKey) => ({ status: 200, body: handle(id, params, idempotencyKey) });
  const routes: [string, RegExp, Handler][] = [
    ["POST", /^\/v1\/customers$/, ok((_, params) => createCustomer(params))],
    ["GET", /^\/v1\/customers\/([^/]+)$/, ok((id) => retrieveCustomer(id))],
    [
      "GET",
      /^\/v1\/payment_methods\/([^/]+)$/,
      ok((id) => {
        const pm = paymentMethods.get(id);
        if (!pm) throw missing("PaymentMethod", id);
        return publicPaymentMethod(pm);
      }),
    ],
    ["POST", /^\/v1\/payment_methods\/([^/]+)\/attach$/, ok((id, params) => attachPaymentMethod(id, params))],
    ["POST", /^\/v1\/payment_methods\/([^/]+)\/detach$/, ok((id) => detachPaymentMethod(id))],
    ["POST", /^\/v1\/payment_intents$/, (_, params, key) => createIntent(params, key)],
    // Before the retrieve route, whose pattern would take "search" for an id.
    ["GET", /^\/v1\/payment_intents\/search$/, ok((_, params) => searchIntents(params))],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      ok((id, params) => publicIntent(intentOf(id), parseForm(params).expand)),
    ],
    ["POST", /^\/v1\/payment_intents\/([^/]+)\/capture$/, ok(captureIntent)],
    ["POST", /^\/v1\/payment_intents\/([^/]+)\/cancel$/, ok(cancelIntent)],
    ["POST", /^\/v1\/refunds$/, ok((_, params, key) => createRefund(params, key))],
    ["POST", /^\/v1\/tax\/calculations$/, ok((_, params) => createTaxCalculation(params))],
    ["POST", /^\/v1\/accounts$/, ok((_, params) => createAccount(params))],
    ["POST", /^\/v1\/account_links$/, ok((_, params) => createAccountLink(params))],
    ["POST", /^\/v1\/transfers$/, ok((_, params) => createTransfer(params))],
  ];

  /**
   * Stripe Connect, the part payouts use: an Express connected account, its onboarding link (expires in minutes, as
   * Stripe's do), and transfers from the platform's balance to it. Idempotency keys are kept for every POST (above):
   * the same key and parameters answer the same transfer, without making another.
   */
  function createAccount(params: URLSearchParams) {
    const type = params.get("type");
    if (type !== "express" && type !== "standard" && type !== "custom")
      throw invalid("Missing required param: type.", { code: "parameter_missing", param: "type" });
    const account = {
      id: newId("acct"),
      object: "account" as const,
      type,
      country: params.get("country") ?? "US",
      email: params.get("email"),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: parseForm(params).metadata,
      created: now(),
    };
    accounts.set(account.id, account);
    return account;
  }

  function createAccountLink(params: URLSearchParams) {
    const account = params.get("account") ?? "";
    if (!accounts.has(account)) throw missing("account", account, "account");
    for (const param of ["refresh_url", "return_url", "type"])
      if (!params.get(param))
        throw invalid(`Missing required param: ${param}.`, { code: "parameter_missing", param });
    return {
      object: "account_link",
      created: now(),
      expires_at: now() + 300,
      url: `${base}/connect/onboarding/${account}?return_url=${encodeURIComponent(params.get("return_url") ?? "")}`,
    };
  }

  function createTransfer(params: URLSearchParams) {
    const amount = positiveInteger(params, "amount", true) as number;
    const destination = params.get("destination") ?? "";
    if (!accounts.has(destination)) throw missing("destination", destination, "destination");
    if (params.get("currency") !== "usd")
      throw invalid("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
    const transfer = {
      id: newId("tr"),
      object: "transfer" as const,
      amount,
      currency: "usd",
      destination,
      created: now(),
      metadata: parseForm(params).metadata,
      reversed: false,
      transfer_group: params.get("transfer_group"),
    };
    transfers.set(transfer.id, transfer);
    return transfer;
  }

  function createTaxCalculation(params: URLSearchParams) {
    if (!params.get("currency"))
      throw invalid("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
    try {
      return taxCalculation(params, { newId, now });
    } catch (err) {
      if (!(err instanceof TaxLocationError)) throw err;
      throw invalid(
        "We could not determine the customer's tax location based on the provided customer address.",
        {
          code: "customer_tax_location_invalid",
          param: "customer_details[address]",
        },
      );
    }
  }

  function route(method: string, path: string, params: URLSearchParams, idempotencyKey?: string): Answer {
    for (const [verb, pattern, handle] of routes) {
      const match = verb === method ? pattern.exec(path) : null;
      if (match) return handle(match[1] ?? "", params, idempotencyKey);
    }
    throw new ApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function answerApi(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const params = new URLSearchParams(method === "GET" ? url.search : rawBody);
    const key = header(req, "idempotency-key");
    const seen: SeenRequest = {
      method,
      path: url.pathname,
      authorization: req.headers.authorization,
      idempotencyKey: key,
      params,
      replayed: false,
    };
    requests.push(seen);
    const send = (answer: Answer, extraHeaders: Record<string, string> = {}) => {
      res.writeHead(answer.status, {
        "content-type": "application/json",
        "request-id": newId("req"),
        ...(key ? { "idempotency-key": key } : {}),
        ...extraHeaders,
      });
      res.end(JSON.stringify(answer.body, null, 2));
    };
    const fault = faults.shift();
    if (fault?.kind === "status") {
      const type = fault.status === 429 ? "rate_limit_error" : "api_error";
      const code = fault.status === 429 ? { code: "rate_limit" } : {};
      const message =
        fault.status === 429
          ? "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits."
          : "Sorry, something went wrong. We've already been notified of the problem.";
      return send({ status: fault.status, body: { error: { type, message, ...code } } });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      const given = /^Bearer (.*)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      return send({
        status: 401,
        body: {
          error: {
            type: "invalid_request_error",
            message: given
              ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
              : "You did not provide an API key.",
          },
        },
      });
    }
    const run = (): Answer => {
      try {
        return route(method, url.pathname, params, key);
      } catch (e) {
        if (e instanceof ApiError) return { status: e.status, body: { error: e.error } };
        throw e;
      }
    };
    let answer: Answer;
    if (method === "POST" && key) {
      const fingerprint = `${method} ${url.pathname} ${rawBody}`;
      const kept = idempotency.get(key);
      if (kept && kept.fingerprint !== fingerprint) {
        answer = {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      } else if (kept) {
        seen.replayed = true;
        if (fault?.kind === "drop") return res.destroy();
        return send(kept.answer, { "idempotent-replayed": "true" });
      } else {
        answer = run();
        idempotency.set(key, { fingerprint, answer });
      }
    } else {
      answer = run();
    }
    // The request was done, but its answer is lost on the way back (the connection drops).
    if (fault?.kind === "drop") return res.destroy();
    send(answer);
  }

  /** The 3-D Secure page next_action sends the shopper to; its buttons pass or fail the challenge. */
  function answerChallengePage(req: IncomingMessage, res: ServerResponse, id: string, rawBody: string) {
    const pi = intents.get(id);
    if (!pi) {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("No such payment");
    }
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><title>3D Secure 2 Test Page</title><p>${dollars(pi.amount)}</p>` +
          `<form method="post"><button name="outcome" value="complete">Complete</button>` +
          `<button name="outcome" value="fail">Fail</button></form>`,
      );
    }
    const passed = new URLSearchParams(rawBody).get("outcome") === "complete";
    if (pi.status === "requires_action") {
      const pm = pi.payment_method ? paymentMethods.get(pi.payment_method) : undefined;
      if (passed) authorised(pi);
      else if (pm)
        fail(pi, {
          type: "invalid_request_error",
          code: "payment_intent_authentication_failure",
          message: AUTHENTICATION_FAILED,
          doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
          payment_method: publicPaymentMethod(pm),
        });
    }
    const back = new URL(pi.returnUrl ?? `${base}/`);
    back.searchParams.set("payment_intent", pi.id);
    back.searchParams.set("payment_intent_client_secret", pi.client_secret);
    back.searchParams.set("redirect_status", passed ? "succeeded" : "failed");
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const challenge = /^\/3ds\/([^/?]+)/.exec(req.url ?? "");
      if (challenge) return answerChallengePage(req, res, challenge[1], rawBody);
      answerApi(req, res, rawBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The API base, for STRIPE_API_URL. */
    url: base,
    requests,
    events,
    delivered,
    /** What Stripe.js hands the page for a card typed into Stripe's own field: a new PaymentMethod id. */
    createPaymentMethod(testId: keyof typeof TEST_PAYMENT_METHODS): string {
      return newPaymentMethod(TEST_PAYMENT_METHODS[testId]).id;
    },
    paymentMethod: (id: string) => paymentMethods.get(id),
    customer: (id: string) => customers.get(id),
    deleteCustomer(id: string) {
      const customer = customers.get(id);
      if (customer) customer.deleted = true;
    },
    intentCount: () => intents.size,
    /** Stripe Connect: the connected accounts and the transfers made to them. */
    accounts: () => [...accounts.values()],
    transfers: () => [...transfers.values()],
    refundCount: () => refunds.size,
    /** The next API requests fail: with an HTTP status before anything is done, or by dropping the connection after it is done. */
    failNext(fault: Fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    /** The shopper answers the 3-D Secure page; answers where the page sends the shopper back to. */
    async completeChallenge(nextActionUrl: string, passed: boolean): Promise<string> {
      const res = await fetch(nextActionUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `outcome=${passed ? "complete" : "fail"}`,
        redirect: "manual",
      });
      return res.headers.get("location") ?? "";
    },
    /** Sends each event from now on to `url` (none: null), signed with `secret`, as Stripe calls a webhook endpoint. */
    sendEventsTo(url: string | null, secret = STAND_IN_WEBHOOK_SECRET) {
      webhook = url ? { url, secret } : null;
    },
    /** Waits until every event so far has been delivered (or refused) once. */
    webhooksSent: () => deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * An event as Stripe delivers it: the JSON body and a `Stripe-Signature` header of
 * `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's secret>` (Stripe's scheme, written out
 * here with node:crypto rather than with the SDK that verifies it).
 */
export function signEvent(
  event: unknown,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event, null, 2);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return {
    body,
    headers: { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
