import type { PriceBandValue } from "./price-bands.ts";

/**
 * Shapes of the catalogue API's answers, shared by the server (which builds them) and the storefront
 * (which reads them). Money is integer cents.
 */

export type RootCategoryDisplay = "WEB_MAIN" | "WEB_SUB" | "WEB_SUB_HEADER" | "WEB_STOREFRONT";

export interface Category {
  _id: string;
  name: string;
  web_display_name: string;
  url_name: string;
  /** The category's own tag (home tiles use it: WN, ST, HS…). */
  tag: string;
  /** Product tags the category covers (wine: RW, WW, RS, SW). */
  tags: string[];
  ordinal: number;
  parent_id: string | null;
  product_count: number;
  is_tobacco: boolean;
  icon: string | null;
  image: string | null;
  root_category_display: RootCategoryDisplay;
  description: string | null;
  /** The category page's path: /{url_name}. */
  url: string;
  subcategories: Category[];
}

export interface ProductOption {
  name: string;
  sku_id: string;
  default: boolean;
}

export interface VolumeVariant {
  sku_id: string;
  volume_label: string;
  price: number | null;
  url: string;
}

export interface Seller {
  store_id: string;
  name: string;
}

export interface Product {
  sku_id: string;
  title: string;
  subtitle: string | null;
  company: string | null;
  brand: string | null;
  brand_slug: string | null;
  /** Shelf price in cents at the resolved store; null when hidden (no seller, or disabled). */
  price: number | null;
  regular_price: number;
  /** Price of one item of a multipack bought alone, in cents (bundle text needs it). */
  package_item_price: number | null;
  package_qty: number;
  image: string;
  image_large: string;
  volume: number | null;
  volume_label: string | null;
  /**
   * Every size of the product's variant group (engraved copies excluded), smallest first. Filled by
   * GET /menu/product/{skus}; lists (search, groups, brands, recommendations) leave it empty.
   */
  volume_variants: VolumeVariant[];
  /**
   * The choices on the product page, the shown one marked default: the variant group's sizes on
   * GET /menu/product/{skus}; in lists only the product itself.
   */
  options: ProductOption[];
  ingredients: { _id: string; name: string }[];
  /** url_names of every navigation category whose tags the product carries (curations left out). */
  categories: string[];
  /** url_name of the product's default category (its canonical url starts with it). */
  default_category: string;
  /** Product tags (BE, RW, WS…): the category tags of spec §2. */
  tags: string[];
  average_rating: number | null;
  rating_count: number;
  disabled: boolean;
  substitution_preference: "substitute" | "refund";
  /** 1-based place in the whole search result (search answers only). */
  position?: number;
  /** Lowest and highest price across the stores that sell it, in cents (null when none does). */
  minPrice: number | null;
  maxPrice: number | null;
  /** Canonical path /{default_category}/{title-slug}/{sku_id} (domain/catalogue/product-url.ts). */
  url: string;
  /** The resolved store when it sells the product; null otherwise (then price is null too). */
  seller: Seller | null;
  in_stock: boolean;
  /** Units on hand at the resolved store (0 when it does not sell it). */
  stock: number;
  type: string | null;
  country: string | null;
  abv: number | null;
  description: string | null;
  is_tobacco: boolean;
  /** SKU of the engravable ("_ETCH") variant, when one exists. */
  etch_sku: string | null;
  /** For an etched variant: the master SKU. */
  etch_of: string | null;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface Facets {
  category: FacetValue[];
  brand: FacetValue[];
  price: FacetValue[];
  volume: FacetValue[];
  country: FacetValue[];
}

export interface SearchSuggestion {
  type: "brand" | "product";
  text: string;
  url: string;
}

export interface SearchResults {
  products: Product[];
  /** Matching products after filters (all pages). */
  count: number;
  /** Facet counts; each dimension ignores its own filter. Empty lists when facets were not asked for. */
  facets: Facets;
  has_tobacco: boolean;
  /** The page actually served: skip = page × hitsPerPage unless skip was given. */
  page: number;
  skip: number;
  hitsPerPage: number;
  /** Autocomplete mode only: up to 8 quick suggestions (brands first, then product titles). */
  suggestions: SearchSuggestion[];
  analytics: {
    query: string | null;
    took_ms: number;
    /** Typos were corrected, or products like the words were added to the few that matched them. */
    typo_tolerant: boolean;
    /** The query as searched when typos in it were corrected ("jak daniels" → "jack daniels"), else null. */
    corrected_query: string | null;
    store_id: string | null;
  };
}

export interface SearchFilters {
  /** url_names of default categories; a parent category includes its children. */
  category?: string[];
  /** Brand slugs. */
  brand?: string[];
  /** Price band values (domain/catalogue/price-bands.ts). */
  price?: PriceBandValue[];
  /** volume_label values ("750ml"). */
  volume?: string[];
  country?: string[];
}

export type SearchSortField = "relevance" | "price" | "title" | "rating";

export interface SearchOptions {
  /** 0-based; used when skip is absent. */
  page?: number;
  skip?: number;
  /** Default 60, at most 60 (spec §9). */
  hitsPerPage?: number;
  sort?: { field: SearchSortField; order: "asc" | "desc" };
  filters?: SearchFilters;
  /** Compute facet counts (default true). */
  facets?: boolean;
  /** Quick suggestions: prefix match on the last word, at most 8 products, no facets. */
  autocomplete?: boolean;
}

/** POST /menu/search/v4. */
export interface SearchRequest extends SearchOptions {
  query: string;
}

/** POST /menu/search/v4/categories: url_names or tags (one of them), optional query. */
export interface CategorySearchRequest extends SearchOptions {
  url_names?: string[];
  tags?: string[];
  query?: string;
}

/** POST /menu/category-tags/{tag}/filter. */
export interface TagFilterRequest extends SearchOptions {
  query?: string;
}

export interface City {
  code: string;
  name: string;
  state: string;
  slug: string;
  zone: number;
  label: string;
  lat: number;
  lng: number;
}

/** GET /order/cities/{slug}: the city landing page. */
export interface CityPage {
  city: City;
  intro: string;
  timezone: string;
  stores: { id: string; name: string; address: string; eta_minutes: number; is_shipping: boolean }[];
}

export interface Brand {
  name: string;
  slug: string;
  has_tobacco: boolean;
  product_count: number;
}

/** POST /menu/brands?name=. */
export interface BrandPage {
  brand: Brand;
  products: Product[];
  has_tobacco: boolean;
}

/**
 * One row of a category-group page, with up to 12 products: a child category, one product tag of a group
 * without children (its own category when it has one), or a brand (single-tag groups such as gifting).
 */
export interface ProductGroup {
  /** Category url_name, lower-case tag ("np"), or brand slug. */
  key: string;
  kind: "category" | "tag" | "brand";
  title: string;
  /**
   * Where "see all" leads: /{parent}/{url_name} for a child category, /{url_name} for a tag's category,
   * the group's own page for a tag without a category, /brands/{slug} for a brand.
   */
  url: string;
  category: Category | null;
  products: Product[];
  /** Products in the group at the resolved store (all of them, not only the 12 shown). */
  count: number;
}

/** GET /menu/category-group/{url_name} and /menu/category-group/{parent}/{name}. */
export interface CategoryGroup {
  category: Category;
  parent: Category | null;
  groups: ProductGroup[];
}

/** GET /menu/category/{url_name}. */
export interface CategoryPage {
  category: Category;
  parent: Category | null;
}

/** GET /menu/available-categories: categories with at least one product at the resolved store. */
export interface AvailableCategories {
  store_id: string | null;
  /** Flat, sorted by ordinal; product_count is the count at that store; subcategories are empty. */
  categories: Category[];
}

export interface Curation {
  title: string;
  url_name: string;
  url: string;
  products: Product[];
}

export interface FeaturedImage {
  title: string;
  image: string;
  url: string;
}

export interface MainMenu {
  categories: Category[];
  curations: Curation[];
  featured_images: FeaturedImage[];
}

export interface ProductName {
  sku_id: string;
  title: string;
  url: string;
}

export interface PriceRange {
  minPrice: number | null;
  maxPrice: number | null;
}

export interface ProductList {
  products: Product[];
}

export interface ApiError {
  error: { code: string; message: string };
}
