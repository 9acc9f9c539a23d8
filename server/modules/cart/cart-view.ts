import { type CartStore, type ComposeInput, type PricedLine, priceCart } from "#domain/cart/compose.ts";
import type { Tip } from "#domain/cart/totals.ts";
import type { Cart, CartRecommendation } from "#domain/cart/types.ts";
import { productUrl } from "#domain/catalogue/product-url.ts";
import type { Bill } from "#domain/checkout/bill.ts";
import type { Destination } from "#domain/compliance/where.ts";
import type { TaxResult } from "#domain/tax/compute.ts";
import { cityTaxes } from "#domain/tax/rates/index.ts";
import type { Db } from "#server/platform/db.ts";
import { addressOf, type TaxService, taxServiceOf } from "#server/platform/tax/index.ts";
import { type CategorySnapshot, categorySnapshot, defaultCategoryUrlName } from "../catalogue/index.ts";
import { hasFreeDelivery } from "../loyalty/index.ts";
import { cartOffers } from "../promos/index.ts";
import { userIdOf } from "./owner.ts";
import { type CartRow, type ShelfDetail, type StoredLine, shelfKey, type Tx } from "./repository.ts";

/** The Cart entity from lines and the shelf details already read for them (no further line reads). */
export async function composeStored(
  db: Db,
  cart: CartRow,
  lines: readonly StoredLine[],
  details: ReadonlyMap<string, ShelfDetail>,
  tip: Tip = {},
  /** Where the cart goes, when the request says: the laws of that place mark what may not go (issue 33 §3). */
  destination?: Destination,
  /** The owner's standing when the caller read it already (a change reads it with the cart's lock). */
  standing?: OwnerStanding,
): Promise<Cart> {
  return (await priceStored(db, cart, lines, details, tip, standing, destination)).cart;
}

/** What pricing reads of the cart's signed-in owner, when the caller has read it already (checkout's claim does). */
export interface OwnerStanding {
  /** Their loyalty tier waives on-demand stores' delivery fees. */
  freeDelivery: boolean;
  /** users.signup_promo. */
  signupPromo: string | null;
}

/** The cart, the bill behind it and its priced lines (checkout's quote). */
export async function priceStored(
  db: Db,
  cart: CartRow,
  lines: readonly StoredLine[],
  details: ReadonlyMap<string, ShelfDetail>,
  tip: Tip = {},
  standing?: OwnerStanding,
  destination?: Destination,
): Promise<{ cart: Cart; bill: Bill; lines: PricedLine[] }> {
  const [snapshot, recommendations, freeDelivery, offers] = await Promise.all([
    categorySnapshot(db),
    recommendationsOf(db, cart),
    // A loyalty tier with free delivery waives on-demand stores' fees (docs/adr/0033-loyalty-and-giveaway.md).
    standing ? standing.freeDelivery : hasFreeDelivery(db, userIdOf(cart.owner)),
    cartOffers(
      db,
      {
        userId: userIdOf(cart.owner),
        promoCode: cart.promo_code,
        promoRemoved: cart.promo_removed,
        useCredit: cart.use_credit,
        creditLimit: cart.credit_limit,
        roundUp: cart.round_up,
        signupPromo: standing?.signupPromo,
      },
      new Date(),
    ),
  ]);
  const stores = new Map<string, CartStore>();
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const d = details.get(shelfKey(line.store_id, line.sku));
    if (!d) continue;
    if (!stores.has(line.store_id)) {
      stores.set(line.store_id, {
        id: line.store_id,
        name: d.store_name,
        is_shipping: d.is_shipping,
        min_order_cents: d.min_order_cents,
        delivery_fee_cents: freeDelivery && !d.is_shipping ? 0 : d.delivery_fee_cents,
        return_fee_cents: d.return_fee_cents,
        eta_minutes: d.eta_minutes,
        taxes: cityTaxes(d.city_code),
      });
    }
    priced.push(pricedLine(line, d, snapshot));
  }
  const input: ComposeInput = {
    id: cart.id,
    lines: priced,
    stores,
    split: cart.split,
    multi_store_id: cart.multi_store_id,
    shipping_name: cart.shipping_name,
    recommendations,
    tip,
    offers,
    deliverTo: destination ? { destination, on: offers.now.toISOString().slice(0, 10) } : null,
  };
  const service = taxServiceOf(db);
  if (service.inline) return { ...priceCart(input), lines: priced };
  return { ...(await priceWithTaxService(db, service, input, destination, offers.now)), lines: priced };
}

/**
 * The cart priced with a tax service (docs/adr/0069-tax-service.md): the bill once untaxed for each store's base (its
 * lines after their promo shares, its fee, its tip: none of them depends on the tax), the service's tax for each
 * part at once, then the bill again with it. Every store's part is taxed there, the shipping store's at the address
 * it ships to; before an address is known, at the store's own (the cart says "Estimated tax").
 */
async function priceWithTaxService(
  db: Db,
  service: TaxService,
  input: ComposeInput,
  destination: Destination | undefined,
  now: Date,
) {
  const untaxed = new Map([...input.stores].map(([id, s]) => [id, { ...s, taxes: { service: null } }]));
  const first = priceCart({ ...input, stores: untaxed });
  const ids = first.bill.stores.map((s) => s.storeId);
  const places = ids.length
    ? await db
        .selectFrom("stores as s")
        .leftJoin("cities as c", "c.code", "s.city_code")
        .select(["s.id", "s.address", "s.city_code", "c.state"])
        .where("s.id", "in", ids)
        .execute()
    : [];
  const to =
    destination?.state && destination.postalCode
      ? { state: destination.state, postalCode: destination.postalCode }
      : null;
  const taxed = await Promise.all(
    first.bill.stores.map(async (part): Promise<[string, TaxResult]> => {
      const place = places.find((p) => p.id === part.storeId);
      if (!part.taxBase || !place) return [part.storeId, { lines: [], total: 0 }];
      const result = await service.calculate({
        storeId: part.storeId,
        cityCode: place.city_code,
        from: addressOf(place.address, place.state),
        to,
        base: part.taxBase,
        on: now,
      });
      return [part.storeId, result];
    }),
  );
  const results = new Map(taxed);
  const withTax = new Map(
    [...input.stores].map(([id, s]) => [id, { ...s, taxes: { service: results.get(id) ?? null } }]),
  );
  return priceCart({ ...input, stores: withTax });
}

function pricedLine(line: StoredLine, d: ShelfDetail, snapshot: CategorySnapshot): PricedLine {
  return {
    id: line.id,
    sku_id: line.sku,
    store_id: line.store_id,
    qty: line.qty,
    engraving: line.engraving,
    substitution_preference: line.substitution_preference,
    group_mapping: line.group_mapping,
    title: d.title,
    subtitle: d.subtitle,
    company: d.company,
    type: d.type,
    volume: d.volume_ml,
    volume_label: d.volume_label,
    abv: d.abv,
    url: productUrl({
      sku_id: d.sku_id,
      title: d.title,
      default_category: defaultCategoryUrlName(snapshot, d.default_category),
    }),
    image: d.image,
    package_qty: d.package_qty,
    regular_price: d.regular_price_cents,
    is_tobacco: d.is_tobacco,
    tags: d.tags,
    etch_of: d.etch_of,
    price: d.disabled ? null : d.price_cents,
    package_item_price: d.package_item_price_cents,
    stock: d.stock ?? 0,
  };
}

/** The saved checkout recommendations, priced at the store that stocks them (the first such store of the cart). */
async function recommendationsOf(db: Db | Tx, cart: CartRow): Promise<CartRecommendation[]> {
  if (cart.recommendations.length === 0) return [];
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("inventory as i", "i.sku_id", "p.sku_id")
    .select(["p.sku_id", "p.title", "p.image", "p.default_category", "i.price_cents", "i.store_id"])
    .where("p.sku_id", "in", cart.recommendations)
    .where("p.disabled", "=", false)
    .where("i.stock", ">", 0)
    .orderBy("i.store_id")
    .execute();
  const snapshot = await categorySnapshot(db as Db);
  const bySku = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!bySku.has(r.sku_id)) bySku.set(r.sku_id, r);
  return cart.recommendations.flatMap((sku) => {
    const r = bySku.get(sku);
    if (!r) return [];
    const url = productUrl({
      sku_id: r.sku_id,
      title: r.title,
      default_category: defaultCategoryUrlName(snapshot, r.default_category),
    });
    return [
      { sku_id: r.sku_id, title: r.title, price: r.price_cents, image: r.image, url, store_id: r.store_id },
    ];
  });
}
