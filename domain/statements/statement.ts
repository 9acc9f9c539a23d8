import type {
  CapturedEvent,
  ChargeParts,
  DayKey,
  Funder,
  MoneyEvent,
  Period,
  RefundedEvent,
  RefundReason,
  StoreTerms,
} from "./types.ts";
import { REFUND_REASONS } from "./types.ts";

/**
 * A store's statement for a period (issue 34 §3), from its orders' money events and its terms: pure rules only.
 *
 * What each figure means:
 * - merchandise, delivery fees, tips, taxes, donations (round-up), promos by funder and credit are what the captures
 *   and charges after the order (substitutions, tips) of the period carried, before refunds;
 * - refunds, one line per reason, are what the period gave back, split by the same parts (`parts`);
 * - commission is `commissionPpm` of the order's merchandise net of its refunds and of store-funded promos (never
 *   below nothing for a charge: a store promo beyond the goods comes off nothing), plus
 *   `commissionPerOrder` for each order captured in the period (never given back: the order was handled);
 * - processing fees are `processingPpm` of each card charge plus `processingFixed`, per charge; the processor keeps
 *   them when money is refunded, so a refund gives none back;
 * - net payable is what the store is owed: merchandise, plus delivery fees and tips it keeps, less store-funded
 *   promos, less the refunds of those parts, less commission and processing fees. Platform-funded promos and credit
 *   take nothing from the store (the platform makes it whole); taxes are remitted by the platform and round-ups go to
 *   their charity, so neither is the store's. It may be negative (a period of refunds): the store owes it.
 * Every line lists the orders behind it, with each order's share; the shares add up to the line.
 *
 * A statement for one day is a statement whose period is that day. A closed statement never changes: an event
 * recorded later for a day it covered is carried into the next period (`nextPeriodCarries`).
 *
 * Where the rest is: the events are read from the payment ledger by domain/statements/ledger.ts and recorded once by
 * server/modules/statements (which closes each store's weeks, domain/statements/periods.ts, and pays each closed
 * statement once through server/platform/payouts); CSV exports in domain/statements/csv.ts
 * (docs/adr/0072-statements-and-payouts.md).
 */

export interface OrderFigure {
  orderId: string;
  cents: number;
}

export type LineCategory =
  | "merchandise"
  | "delivery_fees"
  | "tips"
  | "taxes"
  | "donations"
  | "promos"
  | "credit"
  | "refunds"
  | "commission"
  | "processing_fees"
  | "net_payable";

/** What a refund gave back, by part; `promo` and `credit` are what the shopper had not paid by card. */
export interface RefundParts extends ChargeParts {
  promo: Record<Funder, number>;
  credit: number;
}

export interface StatementLine {
  category: LineCategory;
  /** Unique in the statement: the category, or "promos:platform", "refunds:cancelled"… */
  key: string;
  /** Positive amounts as the store reads them; only `net_payable` may be negative. */
  cents: number;
  /** The orders behind the figure, by order id, with each one's share (orders with a zero share left out). */
  orders: OrderFigure[];
  /** Funder of a promos line. */
  funder?: Funder;
  /** Reason and parts of a refunds line. */
  reason?: RefundReason;
  parts?: RefundParts;
  /** Who keeps a delivery_fees or tips line. */
  keptBy?: "store" | "platform" | "driver";
}

export interface Statement {
  period: Period;
  lines: StatementLine[];
  /** The ids of the events counted, sorted: a closed statement's record of what it covered. */
  eventIds: string[];
}

export interface ClosedStatement extends Statement {
  readonly closed: true;
  readonly closedAt: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `cents × ppm / 1_000_000` rounded half away from zero, in integers (a refund's figure mirrors its charge's). */
export function ppmOf(cents: number, ppm: number): number {
  const exact = Math.abs(cents) * ppm;
  if (!Number.isSafeInteger(exact)) throw new RangeError(`${cents} × ${ppm} is out of range`);
  const rounded = Math.floor((exact + 500_000) / 1_000_000);
  return cents < 0 ? -rounded : rounded;
}

/** The calendar day `at` falls on in `timeZone` (an IANA name, e.g. "America/Chicago"), as a DayKey. */
export function storeDay(at: Date, timeZone: string): DayKey {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The day after `day`. */
export function dayAfter(day: DayKey): DayKey {
  if (!DAY.test(day)) throw new RangeError(`not a day: ${day}`);
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function checkCents(value: number, what: string) {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole cents ≥ 0, got ${value}`);
}

function checkTerms(terms: StoreTerms) {
  checkCents(terms.commissionPerOrder, "commissionPerOrder");
  checkCents(terms.processingFixed, "processingFixed");
  for (const [what, ppm] of [
    ["commissionPpm", terms.commissionPpm],
    ["processingPpm", terms.processingPpm],
  ] as const)
    if (!Number.isInteger(ppm) || ppm < 0 || ppm > 1_000_000)
      throw new RangeError(`${what} must be whole parts per million in 0…1,000,000, got ${ppm}`);
}

function checkEvent(e: MoneyEvent) {
  if (!DAY.test(e.date)) throw new RangeError(`event ${e.id}: not a day: ${e.date}`);
  const cents: [string, number][] =
    e.kind === "captured" || e.kind === "refunded"
      ? [
          ["merchandise", e.merchandise],
          ["deliveryFee", e.deliveryFee],
          ["tip", e.tip],
          ["tax", e.tax],
          ["roundUp", e.roundUp],
          ["promo", e.promo?.amount ?? 0],
          ["credit", e.credit],
        ]
      : e.kind === "extra_charge"
        ? [
            ["merchandise", e.merchandise],
            ["tax", e.tax],
          ]
        : [["amount", e.amount]];
  for (const [what, value] of cents) checkCents(value, `event ${e.id}: ${what}`);
  if (e.kind === "captured" || e.kind === "refunded") {
    const value = e.merchandise + e.deliveryFee + e.tip + e.tax + e.roundUp;
    if ((e.promo?.amount ?? 0) + e.credit > value)
      throw new RangeError(`event ${e.id}: promo and credit exceed the order's value`);
  }
}

/** The card money a charge or refund moved (a refund's is positive too). */
export function cardAmount(e: MoneyEvent): number {
  switch (e.kind) {
    case "captured":
    case "refunded":
      return e.merchandise + e.deliveryFee + e.tip + e.tax + e.roundUp - (e.promo?.amount ?? 0) - e.credit;
    case "extra_charge":
      return e.merchandise + e.tax;
    case "tip_changed":
      return e.amount;
  }
}

const zeroParts = (): RefundParts => ({
  merchandise: 0,
  deliveryFee: 0,
  tip: 0,
  tax: 0,
  roundUp: 0,
  promo: { platform: 0, store: 0 },
  credit: 0,
});

/** One order's figures for the period. */
interface OrderTally {
  charged: RefundParts;
  refunds: Map<RefundReason, RefundParts>;
  captures: number;
  /** Goods net of store-funded promos, the commission's base: charges add, refunds take off. */
  base: number;
  processing: number;
}

function addParts(
  into: RefundParts,
  e: ChargeParts & { promo: { amount: number; funder: Funder } | null; credit: number },
) {
  into.merchandise += e.merchandise;
  into.deliveryFee += e.deliveryFee;
  into.tip += e.tip;
  into.tax += e.tax;
  into.roundUp += e.roundUp;
  if (e.promo) into.promo[e.promo.funder] += e.promo.amount;
  into.credit += e.credit;
}

function sumParts(into: RefundParts, p: RefundParts) {
  addParts(into, { ...p, promo: null });
  into.promo.platform += p.promo.platform;
  into.promo.store += p.promo.store;
}

/**
 * An event's goods less the store-funded promo on them: the promo is taken off the goods only up to their value (a
 * store's promo that also covers the delivery fee does not make the commission negative), and a refund that takes
 * the promo back mirrors its capture exactly.
 */
function goodsNetOfStorePromo(e: CapturedEvent | RefundedEvent): number {
  const storePromo = e.promo?.funder === "store" ? e.promo.amount : 0;
  return e.merchandise - Math.min(storePromo, e.merchandise);
}

/** What the store keeps of a set of parts, before commission and fees. */
function storeShare(p: RefundParts, terms: StoreTerms): number {
  return (
    p.merchandise +
    (terms.deliveryFeesTo === "store" ? p.deliveryFee : 0) +
    (terms.tipsTo === "store" ? p.tip : 0) -
    p.promo.store
  );
}

/** The statement of `period` (both days included) from the events dated in it; other events are left out. */
export function buildStatement(events: readonly MoneyEvent[], terms: StoreTerms, period: Period): Statement {
  checkTerms(terms);
  if (!DAY.test(period.from) || !DAY.test(period.to) || period.from > period.to)
    throw new RangeError(`not a period: ${period.from}…${period.to}`);
  const seen = new Set<string>();
  const tallies = new Map<string, OrderTally>();
  for (const e of events) {
    checkEvent(e);
    if (e.date < period.from || e.date > period.to) continue;
    if (seen.has(e.id)) throw new RangeError(`event ${e.id} appears twice`);
    seen.add(e.id);
    let t = tallies.get(e.orderId);
    if (!t) {
      t = { charged: zeroParts(), refunds: new Map(), captures: 0, processing: 0, base: 0 };
      tallies.set(e.orderId, t);
    }
    if (e.kind === "refunded") {
      let r = t.refunds.get(e.reason);
      if (!r) {
        r = zeroParts();
        t.refunds.set(e.reason, r);
      }
      addParts(r, e);
      t.base -= goodsNetOfStorePromo(e);
      continue;
    }
    if (e.kind === "captured") {
      addParts(t.charged, e);
      t.captures += 1;
      t.base += goodsNetOfStorePromo(e);
    } else if (e.kind === "extra_charge") {
      t.charged.merchandise += e.merchandise;
      t.base += e.merchandise;
      t.charged.tax += e.tax;
    } else {
      t.charged.tip += e.amount;
    }
    // The processor charges per card charge, and rounds each one: so do we. A charge wholly paid by credit or a
    // promo moves no card money and costs nothing.
    const card = cardAmount(e);
    if (card > 0) t.processing += ppmOf(card, terms.processingPpm) + terms.processingFixed;
  }

  const orderIds = [...tallies.keys()].sort();
  const figures = new Map<string, { cents: number; orders: OrderFigure[] }>();
  const add = (key: string, orderId: string, cents: number) => {
    let f = figures.get(key);
    if (!f) {
      f = { cents: 0, orders: [] };
      figures.set(key, f);
    }
    f.cents += cents;
    if (cents !== 0) f.orders.push({ orderId, cents });
  };
  const refundTotals = new Map<RefundReason, RefundParts>();

  for (const orderId of orderIds) {
    const t = tallies.get(orderId) as OrderTally;
    const c = t.charged;
    add("merchandise", orderId, c.merchandise);
    add("delivery_fees", orderId, c.deliveryFee);
    add("tips", orderId, c.tip);
    add("taxes", orderId, c.tax);
    add("donations", orderId, c.roundUp);
    add("promos:platform", orderId, c.promo.platform);
    add("promos:store", orderId, c.promo.store);
    add("credit", orderId, c.credit);
    const refunded = zeroParts();
    for (const [reason, r] of t.refunds) {
      sumParts(refunded, r);
      add(`refunds:${reason}`, orderId, refundValue(r));
      const total = refundTotals.get(reason) ?? zeroParts();
      sumParts(total, r);
      refundTotals.set(reason, total);
    }
    // Commission is rounded per order, not on the period's sum: each order's share is then a figure of that order
    // alone, the same in the statement and in the export of its orders, and the shares add up to the line exactly.
    // Half-up (half away from zero for a refund) makes a full refund in a later period give back exactly the
    // percentage charged on a capture. Tips are never in the base; delivery fees are a service, not goods sold.
    const commission = ppmOf(t.base, terms.commissionPpm) + t.captures * terms.commissionPerOrder;
    add("commission", orderId, commission);
    add("processing_fees", orderId, t.processing);
    add(
      "net_payable",
      orderId,
      storeShare(c, terms) - storeShare(refunded, terms) - commission - t.processing,
    );
  }

  const line = (category: LineCategory, key: string = category, extra: Partial<StatementLine> = {}) => {
    const f = figures.get(key) ?? { cents: 0, orders: [] };
    return { category, key, cents: f.cents, orders: f.orders, ...extra };
  };
  const lines: StatementLine[] = [
    line("merchandise"),
    line("delivery_fees", "delivery_fees", { keptBy: terms.deliveryFeesTo }),
    line("tips", "tips", { keptBy: terms.tipsTo }),
    line("taxes"),
    line("donations"),
    line("promos", "promos:platform", { funder: "platform" }),
    line("promos", "promos:store", { funder: "store" }),
    line("credit"),
    ...REFUND_REASONS.filter((r) => refundTotals.has(r)).map((reason) =>
      line("refunds", `refunds:${reason}`, { reason, parts: refundTotals.get(reason) }),
    ),
    line("commission"),
    line("processing_fees"),
    line("net_payable"),
  ];
  return { period: { ...period }, lines, eventIds: [...seen].sort() };
}

/** A refund's value: what the order gave back, whether to the card, as a promo no longer applied, or as credit. */
export const refundValue = (p: ChargeParts) => p.merchandise + p.deliveryFee + p.tip + p.tax + p.roundUp;

/** The line with `key` ("merchandise", "promos:store", "refunds:cancelled"…), or a zero line when there is none. */
export function lineOf(statement: Statement, key: string): StatementLine {
  return (
    statement.lines.find((l) => l.key === key) ?? {
      category: key.split(":")[0] as LineCategory,
      key,
      cents: 0,
      orders: [],
    }
  );
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A closed statement: a deep copy, frozen, that nothing changes afterwards. */
export function closeStatement(statement: Statement, closedAt: string): ClosedStatement {
  const copy = structuredClone(statement) as Statement;
  return deepFreeze({ ...copy, closed: true as const, closedAt });
}

/**
 * The events a statement after `closed` must carry: those dated in a closed period that no closed statement counted
 * (recorded after it closed), moved to the day after it, with `lateFrom` keeping the day they
 * happened. Pass every closed statement of the store (or at least those the events may date into), and build the
 * next period, which starts the day after the last closed one, from the store's events plus these.
 */
export function nextPeriodCarries(
  closed: ClosedStatement | readonly ClosedStatement[],
  events: readonly MoneyEvent[],
): MoneyEvent[] {
  const all: readonly ClosedStatement[] = Array.isArray(closed) ? closed : [closed as ClosedStatement];
  if (all.length === 0) return [];
  const counted = new Set(all.flatMap((s) => s.eventIds));
  const lastDay = all
    .map((s) => s.period.to)
    .sort()
    .at(-1) as DayKey;
  const carryTo = dayAfter(lastDay);
  return events
    .filter((e) => !counted.has(e.id) && all.some((s) => s.period.from <= e.date && e.date <= s.period.to))
    .map((e) => ({ ...e, date: carryTo, lateFrom: e.lateFrom ?? e.date }));
}
