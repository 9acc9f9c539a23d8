/**
 * The tax of one store's part of a bill, or of an order as it changes (a substitution re-taxes it): the part's
 * discount lowers its delivery fee (a free-delivery promo) or is shared by amount among the goods the promo covers,
 * store credit never lowers anything (it is a way of paying), and the rates and the state's rules do the rest
 * (compute.ts).
 */
import { allocate } from "../checkout/allocate.ts";
import { taxClassOf } from "./classes.ts";
import { computeTax, type TaxInput, type TaxResult } from "./compute.ts";
import type { Rate, StateRules, TaxableLine } from "./types.ts";

/** A line of a store's part: the promo's share reaches it unless `promoEligible` is false. */
export type PartLine = Omit<TaxableLine, "discount"> & { promoEligible?: boolean };

export interface PartTaxInput {
  rates: readonly Rate[];
  rules: StateRules;
  /** ISO date or date-time of the sale. */
  on: string;
  /** The goods, amounts before discounts; `promoEligible: false` for a line the promo does not cover. */
  lines: readonly PartLine[];
  discount: number;
  /** Whether the discount is the delivery fee's (free delivery) rather than the goods'. */
  discountOnFee: boolean;
  fee: number;
  tip: number;
}

/**
 * What a store's part is taxed on, whoever computes the tax (the rate table here, or a tax service): each line with
 * its share of the discount, the delivery fee after a free-delivery promo, and the tip.
 */
export type TaxBase = Pick<TaxInput, "lines" | "deliveryFee" | "tip">;

export function partTaxBase(input: Omit<PartTaxInput, "rates" | "rules" | "on">): TaxBase {
  const goodsDiscount = input.discountOnFee ? 0 : input.discount;
  const weights = input.lines.map((line) => (line.promoEligible === false ? 0 : line.amount));
  const shares = weights.some((w) => w > 0) ? allocate(goodsDiscount, weights) : weights;
  return {
    lines: input.lines.map(({ promoEligible: _, ...line }, i) => ({
      ...line,
      discount: Math.min(shares[i], line.amount),
    })),
    deliveryFee: input.discountOnFee ? Math.max(0, input.fee - input.discount) : input.fee,
    tip: input.tip,
  };
}

export function partTax(input: PartTaxInput): TaxResult {
  if (input.lines.length === 0) return { lines: [], total: 0 };
  return computeTax({ ...partTaxBase(input), rates: input.rates, rules: input.rules, on: input.on });
}

/** A catalogue product's line as the tax engine sees it: its class, and its containers and their liquid. */
export function productTaxLine(
  id: string,
  product: {
    tags: readonly string[];
    title: string;
    abv: number | null;
    volume_ml: number | null;
    package_qty: number;
  },
  qty: number,
  amount: number,
): Omit<TaxableLine, "discount"> {
  return {
    id,
    taxClass: taxClassOf(product),
    amount,
    quantity: qty * Math.max(1, product.package_qty),
    volumeMl: product.volume_ml,
    abv: product.abv,
  };
}
