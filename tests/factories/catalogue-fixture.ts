import { squareZone } from "#domain/geo/zone.ts";
import type { Db } from "#server/platform/db.ts";
import { createBrand, createCategory, createCity, createProduct, createStore, stock } from "./catalogue.ts";

/**
 * A small, hand-written catalogue the catalogue, search and content tests share: three stores (one of them
 * shipping-only), a category tree with children, tag-only groups and a storefront curation, a few real-looking
 * products with variants, an engraved copy, a disabled and an unsold product, and 70 filler vodkas for paging.
 */
export async function createCatalogueFixture(db: Db) {
  const cities = {
    nyc: await createCity(db, { code: "NYC", name: "New York", slug: "new-york", zone: 1 }),
    hoboken: await createCity(db, {
      code: "NJH",
      name: "Hoboken",
      slug: "hoboken",
      state: "NJ",
      zone: 15,
      lat: 40.744,
      lng: -74.032,
    }),
    sanJose: await createCity(db, {
      code: "SJC",
      name: "San Jose",
      slug: "san-jose",
      state: "CA",
      zone: 14,
      lat: 37.338,
      lng: -121.886,
      timezone: "America/Los_Angeles",
    }),
  };
  const stores = {
    manhattan: await createStore(db, {
      id: "nyc-manhattan",
      name: "Nightcap Manhattan",
      city_code: "NYC",
      lat: 40.758,
      lng: -73.985,
      is_default: true,
      zone: JSON.stringify(squareZone({ lat: 40.758, lng: -73.985 }, 4)),
    }),
    brooklyn: await createStore(db, {
      id: "nyc-brooklyn",
      name: "Nightcap Brooklyn",
      city_code: "NYC",
      lat: 40.678,
      lng: -73.944,
      zone: JSON.stringify(squareZone({ lat: 40.678, lng: -73.944 }, 6)),
    }),
    // Nearest to downtown Brooklyn, but shipping stores never serve on-demand prices.
    shipping: await createStore(db, {
      id: "ship-east",
      name: "Nightcap Shipping",
      lat: 40.69,
      lng: -73.99,
      is_shipping: true,
    }),
  };

  const spirits = await createCategory(db, {
    id: "cat-spirits",
    url_name: "spirits",
    name: "Spirits",
    tag: "ST",
    product_tags: ["WS", "VO", "TQ"],
    ordinal: 2,
    image: "/images/categories/spirits.webp",
  });
  const wine = await createCategory(db, {
    id: "cat-wine",
    url_name: "wine",
    name: "Wine",
    tag: "WN",
    product_tags: ["RW", "WW"],
    ordinal: 1,
    image: "/images/categories/wine.webp",
  });
  const more = await createCategory(db, {
    id: "cat-more",
    url_name: "more",
    name: "More",
    tag: "OT",
    product_tags: ["MX", "TB", "VP"],
    ordinal: 8,
  });
  const categories = {
    spirits,
    wine,
    more,
    whiskey: await createCategory(db, {
      id: "cat-whiskey",
      url_name: "whiskey",
      name: "Whiskey",
      tag: "WS",
      product_tags: ["WS"],
      ordinal: 1,
      parent_id: spirits.id,
      root_category_display: "WEB_SUB",
    }),
    // No ordinal: sorts last (999 fallback) although its name comes first.
    tequila: await createCategory(db, {
      id: "cat-tequila",
      url_name: "tequila",
      name: "Tequila",
      tag: "TQ",
      product_tags: ["TQ"],
      parent_id: spirits.id,
      root_category_display: "WEB_SUB",
    }),
    vodka: await createCategory(db, {
      id: "cat-vodka",
      url_name: "vodka",
      name: "Vodka",
      tag: "VO",
      product_tags: ["VO"],
      ordinal: 2,
      parent_id: spirits.id,
      root_category_display: "WEB_SUB",
    }),
    redWine: await createCategory(db, {
      id: "cat-red-wine",
      url_name: "red-wine",
      name: "Red Wine",
      tag: "RW",
      product_tags: ["RW"],
      ordinal: 1,
      parent_id: wine.id,
      root_category_display: "WEB_SUB",
    }),
    whiteWine: await createCategory(db, {
      id: "cat-white-wine",
      url_name: "white-wine",
      name: "White Wine",
      tag: "WW",
      product_tags: ["WW"],
      ordinal: 2,
      parent_id: wine.id,
      root_category_display: "WEB_SUB",
    }),
    mixers: await createCategory(db, {
      id: "cat-mixers",
      url_name: "mixers",
      name: "Mixers",
      tag: "MX",
      product_tags: ["MX"],
      ordinal: 1,
      parent_id: more.id,
      root_category_display: "WEB_SUB",
    }),
    cigars: await createCategory(db, {
      id: "cat-cigars-tobacco",
      url_name: "cigars-tobacco",
      name: "Cigars & Tobacco",
      tag: "TB",
      product_tags: ["TB"],
      ordinal: 2,
      parent_id: more.id,
      root_category_display: "WEB_SUB",
      is_tobacco: true,
    }),
    vapes: await createCategory(db, {
      id: "cat-vapes",
      url_name: "vapes",
      name: "Vapes",
      tag: "VP",
      product_tags: ["VP"],
      ordinal: 3,
      parent_id: more.id,
      root_category_display: "WEB_SUB",
      is_tobacco: true,
    }),
    nicotine: await createCategory(db, {
      id: "cat-nicotine-tobacco",
      url_name: "nicotine-tobacco",
      name: "Nicotine & Tobacco",
      tag: "TB",
      // NP (nicotine pouches) has no category of its own.
      product_tags: ["TB", "NP", "VP"],
      ordinal: 4,
      is_tobacco: true,
    }),
    gifting: await createCategory(db, {
      id: "cat-gifting",
      url_name: "gifting",
      name: "Gifts",
      tag: "GFS",
      product_tags: ["GF"],
      ordinal: 5,
    }),
    staffPicks: await createCategory(db, {
      id: "cat-staff-picks",
      url_name: "staff-picks",
      name: "Staff Picks",
      tag: "SP1",
      product_tags: ["WS", "RW"],
      ordinal: 1,
      root_category_display: "WEB_STOREFRONT",
    }),
  };

  const brands = {
    jameson: await createBrand(db, "Jameson"),
    makersMark: await createBrand(db, "Maker's Mark"),
    titos: await createBrand(db, "Tito's"),
    jackDaniels: await createBrand(db, "Jack Daniel's"),
    casamigos: await createBrand(db, "Casamigos"),
    barefoot: await createBrand(db, "Barefoot"),
    marlboro: await createBrand(db, "Marlboro", { has_tobacco: true }),
    juul: await createBrand(db, "Juul", { has_tobacco: true }),
    zyn: await createBrand(db, "Zyn", { has_tobacco: true }),
    wrapCo: await createBrand(db, "Wrap & Co"),
    ribbonHouse: await createBrand(db, "Ribbon House"),
    filler: await createBrand(db, "Generic Spirits Co"),
  };

  const whiskey = { tags: ["WS"], default_category: "cat-whiskey", category_text: "Whiskey Spirits" };
  const products = {
    jameson: await createProduct(db, {
      ...whiskey,
      sku_id: "IA-10157-750",
      title: "Jameson Irish Whiskey",
      brand: brands.jameson,
      country: "Ireland",
      variant_group: "jameson-irish",
      rating_count: 120,
      average_rating: 4.7,
    }),
    jamesonLarge: await createProduct(db, {
      ...whiskey,
      sku_id: "IA-10158-1750",
      title: "Jameson Irish Whiskey",
      brand: brands.jameson,
      country: "Ireland",
      variant_group: "jameson-irish",
      volume_ml: 1750,
      volume_label: "1.75 L",
      rating_count: 40,
    }),
    jamesonEtched: await createProduct(db, {
      ...whiskey,
      sku_id: "IA-10157-750_ETCH",
      title: "Jameson Irish Whiskey (Engraved)",
      brand: brands.jameson,
      country: "Ireland",
      variant_group: "jameson-irish-etch",
      etch_of: "IA-10157-750",
    }),
    // Jameson only by brand: ranks below the title match for "jameson".
    blackBarrel: await createProduct(db, {
      ...whiskey,
      sku_id: "IA-10160-750",
      title: "Black Barrel Irish Whiskey",
      brand: brands.jameson,
      country: "Ireland",
      rating_count: 300,
    }),
    makersMark: await createProduct(db, {
      ...whiskey,
      sku_id: "IA-17956-750",
      title: "Maker's Mark Bourbon Whisky",
      brand: brands.makersMark,
      country: "United States",
      rating_count: 90,
    }),
    jackDaniels: await createProduct(db, {
      ...whiskey,
      default_category: "whiskey",
      sku_id: "IA-26826-750",
      title: "Jack Daniel's Old No. 7 Tennessee Whiskey",
      brand: brands.jackDaniels,
      country: "United States",
      rating_count: 80,
    }),
    jackHoney: await createProduct(db, {
      ...whiskey,
      sku_id: "IA-26827-750",
      title: "Jack Daniel's Tennessee Honey",
      brand: brands.jackDaniels,
      country: "United States",
      disabled: true,
    }),
    unsold: await createProduct(db, { ...whiskey, sku_id: "IA-99999-750", title: "Unsold Rare Whiskey" }),
    titos: await createProduct(db, {
      sku_id: "IA-38176-750",
      title: "Tito's Handmade Vodka",
      brand: brands.titos,
      tags: ["VO"],
      default_category: "cat-vodka",
      category_text: "Vodka Spirits",
      country: "United States",
      rating_count: 200,
    }),
    casamigos: await createProduct(db, {
      sku_id: "IA-89197-750",
      title: "Casamigos Blanco Tequila",
      brand: brands.casamigos,
      tags: ["TQ"],
      default_category: "cat-tequila",
      category_text: "Tequila Spirits",
      country: "Mexico",
    }),
    barefootRed: await createProduct(db, {
      sku_id: "BC-111-750",
      title: "Barefoot Cabernet Sauvignon",
      brand: brands.barefoot,
      tags: ["RW"],
      default_category: "red-wine",
      category_text: "Red Wine",
      country: "United States",
      rating_count: 15,
    }),
    barefootWhite: await createProduct(db, {
      sku_id: "BC-112-750",
      title: "Barefoot Chardonnay",
      brand: brands.barefoot,
      tags: ["WW"],
      default_category: "white-wine",
      category_text: "White Wine",
      country: "United States",
    }),
    marlboro: await createProduct(db, {
      sku_id: "NC-201-20",
      title: "Marlboro Red",
      brand: brands.marlboro,
      tags: ["TB"],
      default_category: "cat-cigars-tobacco",
      category_text: "Cigars Tobacco",
      volume_ml: null,
      volume_label: "20 pack",
      is_tobacco: true,
    }),
    juul: await createProduct(db, {
      sku_id: "NC-202-4",
      title: "Juul Virginia Tobacco Pods",
      brand: brands.juul,
      tags: ["VP"],
      default_category: "cat-vapes",
      volume_ml: null,
      volume_label: "4 pods",
      is_tobacco: true,
    }),
    zyn: await createProduct(db, {
      sku_id: "NC-203-15",
      title: "Zyn Cool Mint Nicotine Pouches",
      brand: brands.zyn,
      tags: ["NP"],
      default_category: "nicotine-tobacco",
      volume_ml: null,
      volume_label: "15 pouches",
      is_tobacco: true,
    }),
    giftBag: await createProduct(db, {
      sku_id: "NC-300-1",
      title: "Nightcap Gift Bag",
      brand: brands.wrapCo,
      tags: ["GF"],
      default_category: "cat-gifting",
      volume_ml: null,
      volume_label: null,
    }),
    giftBox: await createProduct(db, {
      sku_id: "NC-301-1",
      title: "Ribbon Gift Box",
      brand: brands.ribbonHouse,
      tags: ["GF"],
      default_category: "cat-gifting",
      volume_ml: null,
      volume_label: null,
    }),
    tonic: await createProduct(db, {
      sku_id: "NC-400-6",
      title: "Premium Tonic Water 6 Pack",
      tags: ["MX"],
      default_category: "cat-mixers",
      volume_ml: 200,
      volume_label: "6 x 200 mL",
      package_qty: 6,
    }),
  };

  const m = stores.manhattan.id;
  const b = stores.brooklyn.id;
  await stock(db, m, products.jameson.sku_id, 2999);
  await stock(db, b, products.jameson.sku_id, 3199);
  await stock(db, stores.shipping.id, products.jameson.sku_id, 2799);
  await stock(db, m, products.jamesonLarge.sku_id, 4999, { stock: 0 });
  await stock(db, m, products.jamesonEtched.sku_id, 4499);
  await stock(db, m, products.blackBarrel.sku_id, 4499);
  await stock(db, m, products.makersMark.sku_id, 3299);
  await stock(db, m, products.jackDaniels.sku_id, 2799);
  await stock(db, m, products.jackHoney.sku_id, 2799);
  await stock(db, m, products.titos.sku_id, 1999);
  await stock(db, b, products.titos.sku_id, 2099);
  await stock(db, b, products.casamigos.sku_id, 5499);
  await stock(db, m, products.barefootRed.sku_id, 799);
  await stock(db, m, products.barefootWhite.sku_id, 899);
  await stock(db, m, products.marlboro.sku_id, 1299);
  await stock(db, m, products.juul.sku_id, 1999);
  await stock(db, m, products.zyn.sku_id, 599);
  await stock(db, m, products.giftBag.sku_id, 499);
  await stock(db, m, products.giftBox.sku_id, 999);
  await stock(db, m, products.tonic.sku_id, 999, { package_item_price_cents: 199 });

  // 70 plain vodkas priced $10.00 to $16.90 so paging, page size and price sorting have something to chew on.
  const fillers = Array.from({ length: 70 }, (_, i) => `FV-${1000 + i}-750`);
  await db
    .insertInto("products")
    .values(
      fillers.map((sku_id, i) => ({
        sku_id,
        title: `Plain Filler Vodka No ${i + 1}`,
        brand_id: brands.filler.id,
        brand_name: brands.filler.name,
        volume_ml: 750,
        volume_label: "750 mL",
        tags: ["VO"],
        default_category: "vodka",
        category_text: "Vodka Spirits",
        country: "Poland",
        variant_group: sku_id,
        regular_price_cents: 1500,
        image: "/images/products/bottle.svg",
        source: "curated" as const,
        source_ref: sku_id,
      })),
    )
    .execute();
  await db
    .insertInto("inventory")
    .values(fillers.map((sku_id, i) => ({ store_id: m, sku_id, price_cents: 1000 + i * 10, stock: 12 })))
    .execute();

  return { cities, stores, categories, brands, products, fillers };
}

export type CatalogueFixture = Awaited<ReturnType<typeof createCatalogueFixture>>;
