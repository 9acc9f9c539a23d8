/**
 * The tax engine's pure computation (issue 33 §1): the tax lines of a cart, delivery fee and tip, from the rates
 * that apply and the state's rules. Money is integer cents; rates are integer ppm or micro-dollars; intermediate
 * amounts are exact BigInt fractions of a cent (exact.ts), so nothing is a float.
 *
 * The rules:
 * - Whose rates: `sourcing.ts` picks the store's or the address's jurisdictions (`sourcedJurisdictions`), and
 *   `ratesIn` keeps their rates; this module takes the rates so chosen.
 * - A rate applies to a line when the line's class is in its `classes`, the day is within `effective` (`from`
 *   inclusive, `to` exclusive), and the line's ABV is within `minAbv` / `maxAbv` when given (inclusive or
 *   exclusive as the rate says); a line of unknown ABV gets no rate with bounds (applies.ts).
 * - A rate marked `includedInPrice` is never charged: it is already in the shelf price (collected from the
 *   wholesaler, or required in the price by law), so a tax line for it would tax twice.
 * - Percent rates tax the amount less the line's discount when `discountReducesBase`, else the whole amount; plus,
 *   when `depositTaxable`, the deposits the rates in hand charge on the line (California taxes the CRV).
 *   Per-volume rates tax quantity × volume (1 US gallon = 3785.411784 ml, 1 litre = 1000 ml) × micro-dollars per
 *   unit; deposits charge per container by size tier. Neither is reduced by discounts (amount.ts).
 * - The delivery fee is a line of class `delivery_fee` (id `DELIVERY_FEE_LINE`) taxed by the percent rates that list
 *   that class, only when `deliveryFeeTaxable`; the tip likewise (class and id `tip`) only when `tipTaxable`.
 * - Per-order rates (Colorado's Retail Delivery Fee, Chicago's bag tax) are charged once on an order with at least
 *   one goods line, as a line of their own (id `ORDER_LINE`), whatever the lines' classes; never taxed themselves.
 * - Rounding: `per_line` rounds each tax line (line × jurisdiction × tax type) half-up to the cent; `per_invoice`
 *   sums each (jurisdiction, tax type) exactly, rounds that once half-up, and allocates it to the lines by largest
 *   remainder, so the lines sum to exactly the rounded total.
 * - Invariant: every tax line is a positive integer of cents (lines of nothing are left out) and they sum to
 *   `total`. Refunds of these lines are `refund.ts`'s.
 *
 * Left for later sessions: wiring into the quote, checkout,
 * order line items, receipts and refunds; substitutions (a re-quote); the tax provider interface with the table as
 * one implementation and a real service (Stripe Tax) as the other; California's modified origin sourcing
 * (district taxes at the destination), which `StateRules.sourcing` cannot yet say; the filing report.
 */

import { depositCents, exactTax } from "./amount.ts";
import { inEffect, isoDay, rateApplies } from "./applies.ts";
import { allocate, exactCents, roundHalfUp } from "./exact.ts";
import type { Rate, StateRules, TaxableLine, TaxLine } from "./types.ts";

/** The ids of the delivery fee's, the tip's and the per-order charges' tax lines. */
export const DELIVERY_FEE_LINE = "delivery_fee";
export const TIP_LINE = "tip";
export const ORDER_LINE = "order";

export interface TaxInput {
  lines: readonly TaxableLine[];
  /** Cents, after any delivery promo. */
  deliveryFee: number;
  tip: number;
  /** The rates of the sourced jurisdictions (sourcing.ts). */
  rates: readonly Rate[];
  rules: StateRules;
  /** ISO date (or date-time) of the sale. */
  on: string;
}

export interface TaxResult {
  lines: TaxLine[];
  total: number;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a non-negative integer`);
}

function assertLine(line: TaxableLine): void {
  assertCents(line.amount, `line ${line.id} amount`);
  assertCents(line.discount, `line ${line.id} discount`);
  assertCents(line.quantity, `line ${line.id} quantity`);
  if (line.volumeMl !== null) assertCents(line.volumeMl, `line ${line.id} volumeMl`);
}

function assertRate(rate: Rate): void {
  const what = `rate ${rate.jurisdiction} ${rate.taxType}`;
  if (rate.kind === "percent") assertCents(rate.ratePpm, `${what} ratePpm`);
  else if (rate.kind === "per_volume") assertCents(rate.microDollarsPerUnit, `${what} microDollarsPerUnit`);
  else if (rate.kind === "per_order") assertCents(rate.cents, `${what} cents`);
  else for (const tier of rate.tiers) assertCents(tier.cents, `${what} tier cents`);
}

/** A charge around the goods as a line of its own class, taxed by percent rates only. */
function chargeLine(id: string, taxClass: "delivery_fee" | "tip", cents: number): TaxableLine {
  return { id, taxClass, amount: cents, discount: 0, quantity: 1, volumeMl: null, abv: null };
}

function taxableLines(input: TaxInput): TaxableLine[] {
  const lines = [...input.lines];
  if (input.rules.deliveryFeeTaxable && input.deliveryFee > 0) {
    lines.push(chargeLine(DELIVERY_FEE_LINE, "delivery_fee", input.deliveryFee));
  }
  if (input.rules.tipTaxable && input.tip > 0) lines.push(chargeLine(TIP_LINE, "tip", input.tip));
  const ids = new Set([...lines.map((line) => line.id), ORDER_LINE]);
  if (ids.size !== lines.length + 1)
    throw new RangeError("line ids must be unique (and not the fee's, tip's or order's)");
  return lines;
}

interface ExactLine {
  line: TaxLine;
  exact: bigint;
}

/** The deposits charged on a line (cents), when the state taxes them with the goods; else nothing. */
function taxableDeposits(rates: readonly Rate[], line: TaxableLine, day: string, rules: StateRules): number {
  if (!rules.depositTaxable) return 0;
  return rates.reduce(
    (sum, rate) =>
      rate.kind === "deposit" && rateApplies(rate, line, day) ? sum + depositCents(rate, line) : sum,
    0,
  );
}

/**
 * The exact tax of every (line, jurisdiction, tax type), in the order of lines and then of rates, then the order's
 * per-order charges; rates included in the price left out.
 */
function exactLines(input: TaxInput, lines: readonly TaxableLine[]): ExactLine[] {
  const day = isoDay(input.on);
  const rates = input.rates.filter((rate) => !rate.includedInPrice);
  const byKey = new Map<string, ExactLine>();
  const add = (lineId: string, rate: Rate, exact: bigint) => {
    const key = JSON.stringify([lineId, rate.jurisdiction, rate.taxType]);
    const entry = byKey.get(key) ?? {
      line: { lineId, jurisdiction: rate.jurisdiction, taxType: rate.taxType, cents: 0 },
      exact: 0n,
    };
    entry.exact += exact;
    byKey.set(key, entry);
  };
  for (const line of lines) {
    const charge = line.id === DELIVERY_FEE_LINE || line.id === TIP_LINE;
    const deposits = charge ? 0 : taxableDeposits(rates, line, day, input.rules);
    for (const rate of rates) {
      if (charge && rate.kind !== "percent") continue;
      if (!rateApplies(rate, line, day)) continue;
      add(line.id, rate, exactTax(rate, line, input.rules.discountReducesBase, deposits));
    }
  }
  if (input.lines.length > 0) {
    for (const rate of rates) {
      if (rate.kind === "per_order" && inEffect(rate.effective, day))
        add(ORDER_LINE, rate, exactCents(rate.cents));
    }
  }
  return [...byKey.values()];
}

/** Rounds each (jurisdiction, tax type) once, then gives its lines their shares by largest remainder. */
function roundPerInvoice(entries: readonly ExactLine[]): void {
  const byTax = new Map<string, ExactLine[]>();
  for (const entry of entries) {
    const key = JSON.stringify([entry.line.jurisdiction, entry.line.taxType]);
    byTax.set(key, [...(byTax.get(key) ?? []), entry]);
  }
  for (const group of byTax.values()) {
    const exacts = group.map((entry) => entry.exact);
    const total = roundHalfUp(exacts.reduce((sum, exact) => sum + exact, 0n));
    allocate(total, exacts).forEach((cents, index) => {
      group[index].line.cents = Number(cents);
    });
  }
}

export function computeTax(input: TaxInput): TaxResult {
  for (const line of input.lines) assertLine(line);
  for (const rate of input.rates) assertRate(rate);
  assertCents(input.deliveryFee, "deliveryFee");
  assertCents(input.tip, "tip");
  const entries = exactLines(input, taxableLines(input));
  if (input.rules.rounding === "per_invoice") roundPerInvoice(entries);
  else for (const entry of entries) entry.line.cents = Number(roundHalfUp(entry.exact));
  const lines = entries.map((entry) => entry.line).filter((line) => line.cents > 0);
  return { lines, total: lines.reduce((sum, line) => sum + line.cents, 0) };
}
