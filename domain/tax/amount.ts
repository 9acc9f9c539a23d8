/** The exact tax one rate levies on one line, in 1/DEN cent (see exact.ts). */
import { DEN, exactCents, GALLON_MICRO_ML } from "./exact.ts";
import type { DepositRate, Rate, TaxableLine } from "./types.ts";

/**
 * The taxable base of a percent rate: the amount less the line's discounts where they reduce the base, plus the
 * deposits charged on the line where the state taxes them (`StateRules.depositTaxable`; never reduced by discounts).
 */
export function percentBase(line: TaxableLine, discountReducesBase: boolean, depositCents = 0): number {
  return (discountReducesBase ? Math.max(0, line.amount - line.discount) : line.amount) + depositCents;
}

/** The deposit one rate charges on a line, in whole cents: per container by tier; nothing without a volume. */
export function depositCents(rate: DepositRate, line: TaxableLine): number {
  return line.volumeMl === null ? 0 : line.quantity * depositTier(rate, line.volumeMl);
}

/** Cents per container: the first tier whose `belowMl` is above the size, or the first without one. */
export function depositTier(rate: DepositRate, volumeMl: number): number {
  const tier = rate.tiers.find((t) => t.belowMl === undefined || volumeMl < t.belowMl);
  return tier ? tier.cents : 0;
}

/**
 * Percent: base × ppm / 10^6 cents, the base including `deposits` (the line's taxable deposits, in cents). Per volume: quantity × ml in gallons or litres × micro-dollars per unit, in
 * cents; not reduced by discounts. Deposit: per container by tier; not reduced by discounts. A per-volume tax or a
 * deposit on a line of unknown volume is nothing (it has no liquid to measure). Per order: its cents, whatever the
 * line (compute.ts gives it the order's own line).
 */
export function exactTax(rate: Rate, line: TaxableLine, discountReducesBase: boolean, deposits = 0): bigint {
  switch (rate.kind) {
    case "percent":
      return (
        (BigInt(percentBase(line, discountReducesBase, deposits)) * BigInt(rate.ratePpm) * DEN) / 1_000_000n
      );
    case "per_volume": {
      if (line.volumeMl === null) return 0n;
      const microDollars = BigInt(line.quantity) * BigInt(line.volumeMl) * BigInt(rate.microDollarsPerUnit);
      // cents = microDollars × 100 / 10^6 / unit-in-ml; a gallon is GALLON_MICRO_ML / 10^6 ml, a litre 1000 ml.
      return rate.unit === "gallon"
        ? (microDollars * 100n * DEN) / GALLON_MICRO_ML
        : (microDollars * DEN) / 10_000_000n;
    }
    case "deposit":
      return exactCents(depositCents(rate, line));
    case "per_order":
      return exactCents(rate.cents);
  }
}
