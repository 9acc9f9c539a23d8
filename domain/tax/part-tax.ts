/**
 * The tax of one store's part of a bill, or of an order as it changes (a substitution re-taxes it): the part's
 * discount lowers its delivery fee (a free-delivery promo) or is shared by its goods by amount, store credit never
 * lowers anything (it is a way of paying), and the rates and the state's rules do the rest (compute.ts).
 */
import { allocate } from "../checkout/allocate.ts";
import { taxClassOf } from "./classes.ts";
import { computeTax, type TaxResult } from "./compute.ts";
import type { Rate, StateRules, TaxableLine } from "./types.ts";

export interface PartTaxInput {
  rates: readonly Rate[];
  rules: StateRules;
  /** ISO date or date-time of the sale. */
  on: string;
  /** The goods, amounts before discounts. */
  lines: readonly Omit<TaxableLine, "discount">[];
  discount: number;
  /** Whether the discount is the delivery fee's (free delivery) rather than the goods'. */
  discountOnFee: boolean;
  fee: number;
  tip: number;
}

export function partTax(input: PartTaxInput): TaxResult {
  if (input.lines.length === 0) return { lines: [], total: 0 };
  const goodsDiscount = input.discountOnFee ? 0 : input.discount;
  const shares = allocate(
    goodsDiscount,
    input.lines.map((line) => line.amount),
  );
  return computeTax({
    lines: input.lines.map((line, i) => ({ ...line, discount: Math.min(shares[i], line.amount) })),
    deliveryFee: input.discountOnFee ? Math.max(0, input.fee - input.discount) : input.fee,
    tip: input.tip,
    rates: input.rates,
    rules: input.rules,
    on: input.on,
  });
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
