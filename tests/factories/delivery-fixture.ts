import { squareZone } from "#domain/geo/zone.ts";
import type { Db } from "#server/platform/db.ts";
import { createCity, createProduct, createStore, stock } from "./catalogue.ts";

const ALWAYS_OPEN = Object.fromEntries(
  ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["00:00", "24:00"]]]),
);

/** Real ZIP centroids (the offline geocoder's points) the fixture's zones are drawn around. */
export const ZIP_POINTS = {
  chelsea10001: { lat: 40.7484, lng: -73.9967 },
  brooklyn11201: { lat: 40.694, lng: -73.9903 },
  chicago60601: { lat: 41.8858, lng: -87.6181 },
};

/**
 * Two delivery stores in New York with zones around ZIP 10001 and ZIP 11201 (3 km, not overlapping), a
 * nationwide shipping store, and products on their shelves: a plain whiskey sold by all three, a Brooklyn-only
 * beer, a wine sold only by the shipping store, an engravable ("_ETCH") bottle, and a scarce one (stock 2).
 */
export async function createDeliveryFixture(db: Db) {
  const city = await createCity(db, { code: "NYD", name: "New York", slug: "new-york-delivery" });
  const manhattan = await createStore(db, {
    id: "d-manhattan",
    name: "Nightcap Chelsea",
    city_code: city.code,
    ...ZIP_POINTS.chelsea10001,
    is_default: true,
    min_order_cents: 2000,
    delivery_fee_cents: 399,
    eta_minutes: 30,
    hours: JSON.stringify(ALWAYS_OPEN),
    zone: JSON.stringify(squareZone(ZIP_POINTS.chelsea10001, 3)),
  });
  const brooklyn = await createStore(db, {
    id: "d-brooklyn",
    name: "Nightcap Brooklyn Heights",
    city_code: city.code,
    ...ZIP_POINTS.brooklyn11201,
    min_order_cents: 3000,
    delivery_fee_cents: 499,
    eta_minutes: 40,
    hours: JSON.stringify(ALWAYS_OPEN),
    zone: JSON.stringify(squareZone(ZIP_POINTS.brooklyn11201, 3)),
  });
  const shipping = await createStore(db, {
    id: "d-shipping",
    name: "Nightcap Nationwide Shipping",
    lat: 39.5,
    lng: -98.35,
    is_shipping: true,
    eta_minutes: 0,
    timezone: "America/Chicago",
  });

  const whiskey = await createProduct(db, {
    sku_id: "IA-9001-750",
    title: "Fixture Bourbon",
    regular_price_cents: 3499,
  });
  const beer = await createProduct(db, {
    sku_id: "BC-9002-6X355",
    title: "Fixture IPA 6-Pack",
    tags: ["BE"],
    default_category: "beer",
    package_qty: 6,
    regular_price_cents: 1399,
  });
  const wine = await createProduct(db, {
    sku_id: "BC-9003-750",
    title: "Fixture Cabernet",
    tags: ["RW"],
    default_category: "red-wine",
    regular_price_cents: 8000,
  });
  const etch = await createProduct(db, {
    sku_id: "IA-9001-750_ETCH",
    title: "Fixture Bourbon (Engraved)",
    etch_of: whiskey.sku_id,
    regular_price_cents: 4999,
  });
  const scarce = await createProduct(db, {
    sku_id: "IA-9004-750",
    title: "Fixture Rare Rye",
    regular_price_cents: 12000,
  });
  const tobacco = await createProduct(db, {
    sku_id: "TB-9005-1",
    title: "Fixture Cigar",
    tags: ["TB"],
    default_category: "cigars-tobacco",
    is_tobacco: true,
    regular_price_cents: 1500,
  });
  const unsold = await createProduct(db, { sku_id: "IA-9006-750", title: "Fixture Unsold Gin" });

  await stock(db, manhattan.id, whiskey.sku_id, 2999, { stock: 50 });
  await stock(db, brooklyn.id, whiskey.sku_id, 3199, { stock: 50 });
  await stock(db, shipping.id, whiskey.sku_id, 3299, { stock: 500 });
  await stock(db, brooklyn.id, beer.sku_id, 1299, { stock: 40, package_item_price_cents: 249 });
  await stock(db, shipping.id, wine.sku_id, 7500, { stock: 100 });
  await stock(db, manhattan.id, etch.sku_id, 4499, { stock: 10 });
  await stock(db, manhattan.id, scarce.sku_id, 11000, { stock: 2 });
  await stock(db, manhattan.id, tobacco.sku_id, 1500, { stock: 10 });

  return {
    city,
    stores: { manhattan, brooklyn, shipping },
    products: { whiskey, beer, wine, etch, scarce, tobacco, unsold },
  };
}

/** The delivery fixture with Brooklyn's zone widened to reach Chelsea: both stores serve it, so a cart can split. */
export async function createSplitDeliveryFixture(db: Db) {
  await createDeliveryFixture(db);
  await db
    .updateTable("stores")
    .set({ zone: JSON.stringify(squareZone(ZIP_POINTS.chelsea10001, 30)) })
    .where("id", "=", "d-brooklyn")
    .execute();
}
