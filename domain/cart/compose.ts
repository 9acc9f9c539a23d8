import { cartNeedsAgeVerification } from "../age/rules.ts";
import { type Bill, computeBill } from "../checkout/bill.ts";
import { saleClassesOf } from "../compliance/lawful-availability.ts";
import { type Destination, type GoodsLine, lineRefusal, orderLimitError } from "../compliance/where.ts";
import { evaluatePromo, lineEligible, type PromoResult, type PromoRule } from "../promos/engine.ts";
import { taxClassOf } from "../tax/classes.ts";
import type { TaxResult } from "../tax/compute.ts";
import { productTaxLine } from "../tax/part-tax.ts";
import type { Rate, StateRules } from "../tax/types.ts";
import { FREE_SHIPPING_THRESHOLD_CENTS } from "./constants.ts";
import { isEtchSku } from "./engraving.ts";
import type { Engraving } from "./merge.ts";
import { minimumError } from "./minimum.ts";
import {
  freeShippingHint,
  qualifiesForFreeShipping,
  selectShippingOption,
  shippingOptionsFor,
} from "./shipping.ts";
import { isSplitCart } from "./split.ts";
import { lineSubtotal, type Tip } from "./totals.ts";
import type {
  Cart,
  CartEngraving,
  CartProduct,
  CartRecommendation,
  SplitCartEntry,
  SubstitutionPreference,
} from "./types.ts";
import { unavailableMessage, unavailableReason } from "./unavailable.ts";

/** A stored cart line with its product and its store's shelf data (price null: the store no longer sells it). */
export interface PricedLine {
  id: string;
  sku_id: string;
  store_id: string;
  qty: number;
  engraving: Engraving | null;
  substitution_preference: SubstitutionPreference;
  group_mapping: string | null;
  title: string;
  subtitle: string | null;
  company: string | null;
  type: string | null;
  volume: number | null;
  volume_label: string | null;
  /** Alcohol by volume, percent (wine's tax may depend on it). */
  abv: number | null;
  url: string;
  image: string;
  package_qty: number;
  regular_price: number;
  is_tobacco: boolean;
  /** The product's navigation tags (a promo's scope). */
  tags: readonly string[];
  etch_of: string | null;
  price: number | null;
  package_item_price: number | null;
  stock: number;
}

export interface CartStore {
  id: string;
  name: string;
  is_shipping: boolean;
  min_order_cents: number;
  delivery_fee_cents: number;
  /** Kept of an order refused at the door; 0 when absent. */
  return_fee_cents?: number;
  eta_minutes: number;
  /**
   * The rates of the store's place and its state's rules; or a tax service's answer for the part (`service`, null
   * while the part's base is worked out: docs/adr/0069-tax-service.md); null: no tax is collected on its part.
   */
  taxes: { rates: readonly Rate[]; rules: StateRules } | { service: TaxResult | null } | null;
}

/**
 * What the cart's pricing needs beyond its lines: its promo (chosen, or the signup offer) with how often it was
 * used, the shopper's standing, their store credit and the round-up. The server reads them; the rules are pure.
 */
export interface CartOffers {
  now: Date;
  signedIn: boolean;
  /** Checkouts of the shopper's that became orders. */
  previousOrders: number;
  promo: { rule: PromoRule; customerUses: number; totalUses: number } | null;
  /** Credit to use: the spendable balance and how much at most (null: all of it). */
  credit: { balance: number; limit: number | null } | null;
  roundUp: boolean;
}

export interface ComposeInput {
  id: string | null;
  lines: readonly PricedLine[];
  stores: ReadonlyMap<string, CartStore>;
  split: boolean;
  multi_store_id: string | null;
  shipping_name: string | null;
  recommendations?: CartRecommendation[];
  tip?: Tip;
  offers?: CartOffers;
  /**
   * Where the cart goes, when known, and the day the laws are read on: lines the law keeps from it (a dry area, a
   * class the state does not let us ship) are unavailable ("not_sold" to this address) with the reason in `restriction`, and a part over a state's cap says
   * so (issue 33 §3). Absent: nothing is judged (no address yet).
   */
  deliverTo?: { destination: Destination; on: string } | null;
}

/**
 * The Cart entity of spec §3, computed from stored lines and current shelf prices: per-store parts with their
 * minimums, delivery fees, shipping options (free ground at 150, the first chosen when none is), engravings
 * and totals. Lines that cannot be bought at their store (not sold, out of stock, an engraved bottle without
 * text) are shown, named in `unavailable_message`, and count for nothing.
 */
export function composeCart(input: ComposeInput): Cart {
  return priceCart(input).cart;
}

/** The cart and the bill behind it: checkout places orders from exactly what the shopper was shown. */
export function priceCart(input: ComposeInput): { cart: Cart; bill: Bill } {
  const routeOf = (storeId: string) =>
    input.deliverTo
      ? { ...input.deliverTo, shipping: input.stores.get(storeId)?.is_shipping ?? false }
      : null;
  const products: CartProduct[] = input.lines.map((l) => {
    const price = l.price ?? 0;
    const route = routeOf(l.store_id);
    const restriction = route ? lineRefusal(goodsOf(l), route) : null;
    const reason =
      unavailableReason({
        sku: l.sku_id,
        engraving: l.engraving,
        price: l.price,
        stock: l.stock,
      }) ?? (restriction ? "not_sold" : null);
    const available = reason === null;
    return {
      sku_id: l.sku_id,
      cart_id: l.id,
      store_id: l.store_id,
      qty: l.qty,
      price,
      package_qty: l.package_qty,
      package_item_price: l.package_item_price,
      subtotal: available ? lineSubtotal(price, l.qty) : 0,
      originalSubtotal: available ? lineSubtotal(Math.max(l.regular_price, price), l.qty) : 0,
      substitution_preference: l.substitution_preference,
      title: l.title,
      subtitle: l.subtitle,
      company: l.company,
      type: l.type,
      volume: l.volume,
      volume_label: l.volume_label,
      url: l.url,
      image: l.image,
      engraving: l.engraving,
      is_etch: isEtchSku(l.sku_id),
      stock: l.price === null ? 0 : l.stock,
      available,
      unavailable_reason: reason,
      // The shelf's own reason first: a line the store does not sell or has none of is not the law's doing.
      restriction: reason === "not_sold" && l.price !== null ? restriction : null,
      group_mapping: l.group_mapping,
    };
  });

  const split_cart: Record<string, SplitCartEntry> = {};
  for (const p of products) {
    const store = input.stores.get(p.store_id);
    split_cart[p.store_id] ??= {
      store_id: p.store_id,
      name: store?.name ?? p.store_id,
      is_shipping: store?.is_shipping ?? false,
      products: [],
      subtotal: 0,
      minimum: store?.min_order_cents ?? 0,
      minimum_error: null,
      limit_error: null,
      delivery_fee: store && !store.is_shipping ? store.delivery_fee_cents : 0,
      return_fee: store && !store.is_shipping ? (store.return_fee_cents ?? 0) : 0,
      eta_minutes: store?.eta_minutes ?? 0,
      sale_classes: [],
    };
    const entry = split_cart[p.store_id];
    entry.products.push(p);
    entry.subtotal += p.subtotal;
  }
  for (const entry of Object.values(split_cart)) {
    entry.minimum_error = minimumError(entry.subtotal, entry.minimum, entry.name);
    entry.sale_classes = saleClassesOf(
      input.lines.flatMap((l, i) =>
        l.store_id === entry.store_id && products[i].available ? [taxClassOf(l)] : [],
      ),
    );
    const route = routeOf(entry.store_id);
    if (route)
      entry.limit_error = orderLimitError(
        input.lines.flatMap((l, i) =>
          l.store_id === entry.store_id && products[i].available ? [goodsOf(l)] : [],
        ),
        route,
      );
  }

  const shipped = Object.values(split_cart)
    .filter((e) => e.is_shipping)
    .reduce((s, e) => s + e.subtotal, 0);
  const shippingOptions = shippingOptionsFor(shipped);
  const selected = selectShippingOption(shippingOptions, input.shipping_name);
  const stores = Object.values(split_cart);
  const fees = Object.fromEntries(
    stores.map((e) => [
      e.store_id,
      e.is_shipping ? (e.subtotal > 0 && selected ? selected.price : 0) : e.delivery_fee,
    ]),
  );
  const offers = input.offers;
  const promoResult: PromoResult | null = offers?.promo
    ? evaluatePromo(offers.promo.rule, {
        now: offers.now,
        lines: products.flatMap((p, i) =>
          p.available ? [{ storeId: p.store_id, subtotal: p.subtotal, tags: input.lines[i].tags }] : [],
        ),
        fees,
        signedIn: offers.signedIn,
        previousOrders: offers.previousOrders,
        customerUses: offers.promo.customerUses,
        totalUses: offers.promo.totalUses,
      })
    : null;
  const bill = computeBill({
    stores: stores
      .filter((e) => e.subtotal > 0)
      .map((e) => ({
        storeId: e.store_id,
        isShipping: e.is_shipping,
        subtotal: e.subtotal,
        fee: fees[e.store_id],
        shippingName: selected?.name ?? null,
        tax: storeTaxInput(input, e.store_id, products),
      })),
    promo:
      offers?.promo && promoResult?.ok
        ? {
            code: offers.promo.rule.code,
            discount: promoResult.discount,
            freeDelivery: promoResult.freeDelivery,
            eligibleByStore: promoResult.eligibleByStore,
          }
        : null,
    tip: input.tip ?? {},
    credit: offers?.credit
      ? { requested: offers.credit.limit ?? "all", balance: offers.credit.balance }
      : null,
    roundUp: offers?.roundUp ?? false,
  });

  const engravings: CartEngraving[] = input.lines.flatMap((l) =>
    l.engraving
      ? [
          {
            ...l.engraving,
            master_id: l.sku_id,
            master_sku: l.etch_of ?? l.sku_id,
            cart_id: l.id,
            qty: l.qty,
          },
        ]
      : [],
  );

  const cart: Cart = {
    id: input.id,
    products,
    engravings,
    promo:
      offers?.promo && promoResult
        ? {
            code: offers.promo.rule.code,
            value_type: offers.promo.rule.kind,
            desc: offers.promo.rule.description,
            value: offers.promo.rule.value,
            applied: promoResult.ok,
            discount: bill.discount,
            message: promoResult.ok ? null : promoResult.message,
          }
        : null,
    line_items: bill.line_items,
    shippingOptions,
    selectedShippingOption: selected ? { name: selected.name, price: selected.price } : null,
    fee: {
      shipping_name: selected?.name ?? null,
      shipping_fee: bill.shipping_fee,
      delivery_fee: bill.delivery_fee,
    },
    split_cart,
    split: input.split && isSplitCart(products),
    multi_store_id: input.split && isSplitCart(products) ? input.multi_store_id : null,
    verification_required: cartNeedsAgeVerification(
      input.lines.map((l, i) => ({ is_tobacco: l.is_tobacco, available: products[i].available })),
    ),
    unavailable_message: unavailableMessage(
      products.flatMap((p) =>
        p.unavailable_reason
          ? [
              {
                title: p.title,
                store_name: input.stores.get(p.store_id)?.name ?? p.store_id,
                reason: p.unavailable_reason,
                restriction: p.restriction,
              },
            ]
          : [],
      ),
    ),
    recommendations: input.recommendations ?? [],
    count: products.reduce((s, p) => s + p.qty, 0),
    subtotal: bill.subtotal,
    discount: bill.discount,
    credit: { balance: offers?.credit?.balance ?? 0, applied: bill.credit },
    round_up: bill.round_up,
    tip: bill.tip,
    tax: bill.tax,
    total: bill.total,
    free_shipping: {
      threshold: FREE_SHIPPING_THRESHOLD_CENTS,
      qualifies: shipped > 0 && qualifiesForFreeShipping(shipped),
      hint: freeShippingHint(shipped),
    },
  };
  return { cart, bill };
}

/**
 * A store's part as the tax engine sees it: its available lines, by class, with their liquid, each marked with
 * whether the promo covers it (its share of the discount lowers only those).
 */
function storeTaxInput(input: ComposeInput, storeId: string, products: readonly CartProduct[]) {
  const taxes = input.stores.get(storeId)?.taxes;
  if (!taxes) return null;
  const rule = input.offers?.promo?.rule;
  const lines = input.lines.flatMap((l, i) =>
    l.store_id === storeId && products[i].available
      ? [
          {
            ...productTaxLine(l.id, { ...l, volume_ml: l.volume }, l.qty, products[i].subtotal),
            promoEligible: rule
              ? lineEligible(rule, { storeId, subtotal: products[i].subtotal, tags: l.tags })
              : true,
          },
        ]
      : [],
  );
  if ("service" in taxes) return { lines, service: taxes.service };
  return { ...taxes, on: (input.offers?.now ?? new Date()).toISOString(), lines };
}
/** What the delivery and shipping laws read of a line (domain/compliance/where.ts). */
const goodsOf = (l: PricedLine): GoodsLine => ({
  tags: l.tags,
  volumeMl: l.volume,
  packageQty: l.package_qty,
  qty: l.qty,
});
