import type { ColumnType, Generated } from "kysely";
import type { AccountsDatabase } from "./schema-accounts.ts";
import type { AgeDatabase } from "./schema-age.ts";
import type { AnalyticsDatabase } from "./schema-analytics.ts";
import type { ChatDatabase } from "./schema-chat.ts";
import type { CheckoutDatabase } from "./schema-checkout.ts";
import type { ConsoleDatabase } from "./schema-console.ts";
import type { ImagesDatabase } from "./schema-images.ts";
import type { LoyaltyDatabase } from "./schema-loyalty.ts";
import type { NotificationsDatabase } from "./schema-notifications.ts";
import type { PaymentsDatabase } from "./schema-payments.ts";
import type { RecommendationsDatabase } from "./schema-recommendations.ts";
import type { ReferralsDatabase } from "./schema-referrals.ts";
import type { StatementsDatabase } from "./schema-statements.ts";
import type { SubstitutionsDatabase } from "./schema-substitutions.ts";
import type { TipsDatabase } from "./schema-tips.ts";

/** Table types for the typed query layer; one interface per table, kept beside the migrations. */
export interface CategoriesTable {
  id: string;
  name: string;
  web_display_name: string;
  url_name: string;
  tag: string;
  product_tags: string[];
  ordinal: number | null;
  parent_id: string | null;
  is_tobacco: Generated<boolean>;
  icon: string | null;
  image: string | null;
  root_category_display: "WEB_MAIN" | "WEB_SUB" | "WEB_SUB_HEADER" | "WEB_STOREFRONT";
  description: string | null;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  has_tobacco: Generated<boolean>;
}

export interface ProductsTable {
  sku_id: string;
  title: string;
  subtitle: string | null;
  company: string | null;
  brand_id: number | null;
  brand_name: string | null;
  type: string | null;
  country: string | null;
  volume_ml: number | null;
  volume_label: string | null;
  package_qty: Generated<number>;
  abv: number | null;
  tags: string[];
  default_category: string;
  variant_group: string;
  regular_price_cents: number;
  image: string;
  description: string | null;
  upc: string | null;
  /** The public list it came from, or "store": a store proposed it and an administrator approved it (0044). */
  source: "iowa" | "bc" | "curated" | "store";
  source_ref: string;
  disabled: Generated<boolean>;
  is_tobacco: Generated<boolean>;
  etch_of: string | null;
  average_rating: number | null;
  rating_count: Generated<number>;
  category_text: Generated<string>;
  search: ColumnType<never, never, never>;
}

export interface CitiesTable {
  code: string;
  name: string;
  state: string;
  slug: string;
  zone: number;
  lat: number;
  lng: number;
  timezone: string;
  intro: Generated<string>;
}

export interface StoresTable {
  id: string;
  name: string;
  city_code: string | null;
  address: string;
  lat: number;
  lng: number;
  timezone: string;
  is_shipping: Generated<boolean>;
  is_default: Generated<boolean>;
  min_order_cents: Generated<number>;
  delivery_fee_cents: Generated<number>;
  eta_minutes: Generated<number>;
  /** Kept of an order refused at the door, never more than its charge (0036-door-handover). */
  return_fee_cents: Generated<number>;
  /** Opening hours by weekday: { "mon": [["10:00","22:00"]], ... } in the store's time zone. */
  hours: ColumnType<Record<string, [string, string][]>, string, string>;
  /** Delivery zone as a GeoJSON Polygon or MultiPolygon geometry. */
  zone: ColumnType<unknown, string | null, string | null> | null;
  price_factor: Generated<number>;
}

export interface InventoryTable {
  store_id: string;
  sku_id: string;
  price_cents: number;
  package_item_price_cents: number | null;
  stock: number;
}

/** Derived from inventory ⋈ products by the database (migration 0006-shelf); never written by the app. */
export interface ShelfTable {
  store_id: string;
  sku_id: string;
  price_cents: number;
  title: string;
  default_category: string;
  brand_id: number | null;
  volume_label: string | null;
  country: string | null;
  rating_count: number;
  average_rating: number | null;
  is_tobacco: boolean;
  tags: string[];
  search: ColumnType<never, never, never>;
}

/** One row: moved on by the database whenever products' facet attributes change (migration 0008). */
export interface FacetAttributesVersionTable {
  version: number;
}

export interface SeedRunsTable {
  name: string;
  checksum: string;
  applied_at: Generated<Date>;
}

export interface CartsTable {
  id: string;
  /** "user:{userId}" or "anon:{anonymousId}". */
  owner: string;
  split: Generated<boolean>;
  multi_store_id: string | null;
  shipping_name: string | null;
  recommendations: Generated<string[]>;
  /** The promo chosen for checkout (0013-checkout); null with promo_removed false: the signup offer applies. */
  promo_code: string | null;
  promo_removed: Generated<boolean>;
  use_credit: Generated<boolean>;
  /** Cents of credit to use at most; null: all there is. */
  credit_limit: number | null;
  round_up: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CartLinesTable {
  id: string;
  cart_id: string;
  seq: Generated<string>;
  store_id: string;
  sku_id: string;
  qty: number;
  line_1: Generated<string>;
  line_2: Generated<string>;
  line_3: Generated<string>;
  substitution_preference: Generated<"substitute" | "refund">;
  group_mapping: string | null;
}

export interface Database
  extends AccountsDatabase,
    PaymentsDatabase,
    CheckoutDatabase,
    AgeDatabase,
    ConsoleDatabase,
    SubstitutionsDatabase,
    TipsDatabase,
    NotificationsDatabase,
    RecommendationsDatabase,
    ReferralsDatabase,
    AnalyticsDatabase,
    LoyaltyDatabase,
    ChatDatabase,
    ImagesDatabase,
    StatementsDatabase {
  categories: CategoriesTable;
  brands: BrandsTable;
  products: ProductsTable;
  cities: CitiesTable;
  stores: StoresTable;
  inventory: InventoryTable;
  shelf: ShelfTable;
  facet_attributes_version: FacetAttributesVersionTable;
  seed_runs: SeedRunsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
}
