import {
  type CartLineItem,
  ESTIMATED_TAX_TITLE,
  type LineItemFormat,
  TAX_TITLE,
  type Tip,
  tipCents,
} from "../cart/totals.ts";
import { formatCents } from "../money.ts";
import { creditToApply } from "../promos/credit.ts";
import { computeTax, type TaxResult } from "../tax/compute.ts";
import { type PartLine, partTaxBase, type TaxBase } from "../tax/part-tax.ts";
import type { Rate, StateRules, TaxLine } from "../tax/types.ts";
import { allocate } from "./allocate.ts";

/**
 * What a checkout costs, computed on the server from the cart as it is (DESIGN §1: whatever the client sends for
 * prices or totals is ignored): items, each store's delivery fee or shipping price, the promo, the tip (for the
 * on-demand part), the tax of each store's part (domain/tax), store credit, and the round-up donation to the next
 * whole dollar. A split cart becomes one order per store under one payment: every amount is shared among the stores
 * so their orders add up to the bill.
 *
 * Tax (issue 33, ADR 61) is computed per store on its goods after its share of the promo (each line the promo
 * covers taking a share by its amount), its delivery fee after a free-delivery promo, and its tip; the
 * jurisdiction's rules say which of those it reaches. Store credit is a way of paying, not a discount: it never lowers the tax.
 */

/** What a store's part is taxed by, and its goods as the tax laws see them (amounts before discounts). */
export interface StoreTaxInput {
  rates: readonly Rate[];
  rules: StateRules;
  /** ISO date or date-time of the sale. */
  on: string;
  /** The goods; `promoEligible: false` for a line the promo does not cover. */
  lines: readonly PartLine[];
}

/**
 * A part a tax service taxes (server/platform/tax/): its goods as above, and the service's answer for the part's
 * base, or null while the base is being worked out (the bill then has no tax for it).
 */
export interface ServiceTaxInput {
  lines: readonly PartLine[];
  service: TaxResult | null;
}
export interface StoreCharges {
  storeId: string;
  isShipping: boolean;
  /** Cents of the store's available lines. */
  subtotal: number;
  /** Delivery fee, or the chosen shipping option's price. */
  fee: number;
  /** The shipping option's name, for the line item. */
  shippingName?: string | null;
  /** Null or absent: no tax is collected on this part (a store whose place has no rates on record). */
  tax?: StoreTaxInput | ServiceTaxInput | null;
}

export interface BillInput {
  stores: readonly StoreCharges[];
  promo: {
    code: string;
    discount: number;
    freeDelivery: boolean;
    eligibleByStore: Readonly<Record<string, number>>;
  } | null;
  tip: Tip;
  credit: { requested: number | "all"; balance: number } | null;
  roundUp: boolean;
}

export interface StoreBill {
  storeId: string;
  subtotal: number;
  fee: number;
  discount: number;
  tip: number;
  tax: number;
  /** The tax by line, jurisdiction and tax type: they add up to `tax`. */
  taxLines: TaxLine[];
  /** What the part is taxed on (its lines after their discount shares, the fee, the tip); null when untaxed. */
  taxBase: TaxBase | null;
  credit: number;
  roundUp: number;
  /** What this store's order charges to the payment. */
  total: number;
}

export interface Bill {
  subtotal: number;
  delivery_fee: number;
  shipping_fee: number;
  discount: number;
  tip: number;
  tax: number;
  credit: number;
  round_up: number;
  /** Charged to the payment method: everything, less discount and credit. */
  total: number;
  line_items: CartLineItem[];
  stores: StoreBill[];
}

export function computeBill(input: BillInput): Bill {
  const stores = input.stores;
  const subtotal = sum(stores.map((s) => s.subtotal));
  const deliveryFee = sum(stores.filter((s) => !s.isShipping).map((s) => s.fee));
  const shippingFee = sum(stores.filter((s) => s.isShipping).map((s) => s.fee));

  const promo = input.promo;
  // Free delivery is shared by the fees it waives, any other discount by the items it covers; never more than
  // those, so no store's order goes below nothing.
  const discountWeights = stores.map((s) =>
    promo?.freeDelivery
      ? promo.eligibleByStore[s.storeId]
        ? s.fee
        : 0
      : Math.min(promo?.eligibleByStore[s.storeId] ?? 0, s.subtotal),
  );
  const discount = promo ? Math.min(promo.discount, sum(discountWeights)) : 0;
  const discounts = allocate(discount, discountWeights);

  const onDemandSubtotal = sum(stores.filter((s) => !s.isShipping).map((s) => s.subtotal));
  const tip = onDemandSubtotal > 0 ? tipCents(input.tip, onDemandSubtotal) : 0;
  const tips = allocate(
    tip,
    stores.map((s) => (s.isShipping ? 0 : s.subtotal)),
  );

  const taxes = stores.map((s, i) =>
    storeTax(s, { discount: discounts[i], onFee: promo?.freeDelivery === true, tip: tips[i] }),
  );
  const tax = sum(taxes.map((t) => t.total));

  const payable = stores.map((s, i) => s.subtotal + s.fee - discounts[i] + tips[i] + taxes[i].total);
  const credit = input.credit ? creditToApply(input.credit.requested, input.credit.balance, sum(payable)) : 0;
  const credits = allocate(credit, payable);

  const charged = sum(payable) - credit;
  const roundUp = input.roundUp && charged % 100 !== 0 ? 100 - (charged % 100) : 0;
  const total = charged + roundUp;

  const storeBills = stores.map((s, i) => ({
    storeId: s.storeId,
    subtotal: s.subtotal,
    fee: s.fee,
    discount: discounts[i],
    tip: tips[i],
    tax: taxes[i].total,
    taxLines: taxes[i].lines,
    taxBase: taxes[i].base,
    credit: credits[i],
    roundUp: i === 0 ? roundUp : 0,
    total: payable[i] - credits[i] + (i === 0 ? roundUp : 0),
  }));

  const item = (title: string, value: number, format: LineItemFormat): CartLineItem => ({
    title,
    display: value === 0 && format === "SHIPPING" ? "Free" : formatCents(value, true),
    value,
    format,
  });
  const lineItems = [item("Subtotal", subtotal, "SUBTOTAL")];
  if (deliveryFee > 0) lineItems.push(item("Delivery fee", deliveryFee, "FEE"));
  const shipped = stores.find((s) => s.isShipping && s.subtotal > 0);
  if (shipped)
    lineItems.push(item(`Shipping (${shipped.shippingName ?? "Standard"})`, shippingFee, "SHIPPING"));
  if (promo && discount > 0) lineItems.push(item(`Promo (${promo.code})`, -discount, "PROMO"));
  if (tax > 0) lineItems.push(item(ESTIMATED_TAX_TITLE, tax, "FEE"));
  if (tip > 0) lineItems.push(item("Tip", tip, "TIP"));
  if (credit > 0) lineItems.push(item("Credit", -credit, "CREDIT"));
  if (roundUp > 0) lineItems.push(item("Round-up donation", roundUp, "DONATION"));
  lineItems.push(item("Total", total, "TOTAL"));

  return {
    subtotal,
    delivery_fee: deliveryFee,
    shipping_fee: shippingFee,
    discount,
    tip,
    tax,
    credit,
    round_up: roundUp,
    total,
    line_items: lineItems,
    stores: storeBills,
  };
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** A store part's tax (domain/tax/part-tax.ts), or the tax service's for it, and the base it is on. */
function storeTax(
  store: StoreCharges,
  share: { discount: number; onFee: boolean; tip: number },
): TaxResult & { base: TaxBase | null } {
  if (!store.tax) return { total: 0, lines: [], base: null };
  const base = partTaxBase({
    lines: store.tax.lines,
    discount: share.discount,
    discountOnFee: share.onFee,
    fee: store.fee,
    tip: share.tip,
  });
  if ("service" in store.tax) return { ...(store.tax.service ?? { total: 0, lines: [] }), base };
  if (store.tax.lines.length === 0) return { total: 0, lines: [], base };
  return {
    ...computeTax({ ...base, rates: store.tax.rates, rules: store.tax.rules, on: store.tax.on }),
    base,
  };
}

/** The line items of one store's order of a (split) checkout: its share of everything, ending with its total. */
export function storeLineItems(
  store: Omit<StoreBill, "storeId" | "taxLines" | "taxBase">,
  terms: { isShipping: boolean; shippingName: string | null; promoCode: string | null },
): CartLineItem[] {
  const item = (title: string, value: number, format: LineItemFormat): CartLineItem => ({
    title,
    display: value === 0 && format === "SHIPPING" ? "Free" : formatCents(value, true),
    value,
    format,
  });
  const items = [item("Subtotal", store.subtotal, "SUBTOTAL")];
  if (terms.isShipping)
    items.push(item(`Shipping (${terms.shippingName ?? "Standard"})`, store.fee, "SHIPPING"));
  else if (store.fee > 0) items.push(item("Delivery fee", store.fee, "FEE"));
  if (store.discount > 0) items.push(item(`Promo (${terms.promoCode ?? ""})`, -store.discount, "PROMO"));
  if (store.tax > 0) items.push(item(TAX_TITLE, store.tax, "FEE"));
  if (store.tip > 0) items.push(item("Tip", store.tip, "TIP"));
  if (store.credit > 0) items.push(item("Credit", -store.credit, "CREDIT"));
  if (store.roundUp > 0) items.push(item("Round-up donation", store.roundUp, "DONATION"));
  items.push(item("Total", store.total, "TOTAL"));
  return items;
}
