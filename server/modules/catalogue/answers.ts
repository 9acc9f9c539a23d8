import { z } from "zod";
import type {
  AvailableCategories,
  Brand,
  BrandPage,
  Category,
  CategoryGroup,
  CategoryPage,
  City,
  CityPage,
  Facets,
  MainMenu,
  PriceRange,
  Product,
  ProductList,
  ProductName,
  SearchResults,
} from "#domain/catalogue/types.ts";
import { brandExample, categoryExample, productExample } from "#server/openapi/answer-examples.ts";
import { cents, describes } from "#server/openapi/answers.ts";
import type { GiftGuide } from "./gift-guide.ts";

/** The catalogue's answers (docs/adr/0056-api-contract.md): one named schema per shape of domain/catalogue/types.ts. */

const rootCategoryDisplay = z.enum(["WEB_MAIN", "WEB_SUB", "WEB_SUB_HEADER", "WEB_STOREFRONT"]);

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  web_display_name: z.string(),
  url_name: z.string(),
  tag: z.string().describe("The category's own tag (home tiles use it: WN, ST, HS…)."),
  tags: z.array(z.string()).describe("Product tags the category covers (wine: RW, WW, RS, SW)."),
  ordinal: z.number().int(),
  parent_id: z.string().nullable(),
  product_count: z.number().int(),
  is_tobacco: z.boolean(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  root_category_display: rootCategoryDisplay,
  description: z.string().nullable(),
  url: z.string().describe("The category page's path: /{url_name}."),
  get subcategories() {
    return z.array(categorySchema);
  },
});
// Named in place (not `.meta`, which makes a copy): the children refer to this very schema.
z.globalRegistry.add(categorySchema, {
  id: "Category",
  description: "A navigation category, with its children.",
  example: categoryExample,
});
describes<Category>()(categorySchema);

const sellerSchema = z.object({ store_id: z.string(), name: z.string() });

export const productSchema = describes<Product>()(
  z
    .object({
      sku_id: z.string(),
      title: z.string(),
      subtitle: z.string().nullable(),
      company: z.string().nullable(),
      brand: z.string().nullable(),
      brand_slug: z.string().nullable(),
      price: cents()
        .nullable()
        .describe("Shelf price at the resolved store; null when hidden (no seller, or disabled)."),
      regular_price: cents(),
      package_item_price: cents()
        .nullable()
        .describe("Price of one item of a multipack bought alone (bundle text needs it)."),
      package_qty: z.number().int(),
      image: z.string(),
      image_large: z.string(),
      volume: z.number().nullable(),
      volume_label: z.string().nullable(),
      volume_variants: z
        .array(
          z.object({
            sku_id: z.string(),
            volume_label: z.string(),
            price: cents().nullable(),
            url: z.string(),
          }),
        )
        .describe(
          "Every size of the product's variant group, smallest first: filled by GET /menu/product/{skus}, empty in lists.",
        ),
      options: z
        .array(z.object({ name: z.string(), sku_id: z.string(), default: z.boolean() }))
        .describe("The choices on the product page, the shown one marked default."),
      ingredients: z.array(z.object({ _id: z.string(), name: z.string() })),
      categories: z.array(z.string()).describe("url_names of every navigation category carrying its tags."),
      default_category: z.string().describe("url_name of the product's default category."),
      tags: z.array(z.string()).describe("Product tags (BE, RW, WS…)."),
      average_rating: z.number().nullable(),
      rating_count: z.number().int(),
      disabled: z.boolean(),
      substitution_preference: z.enum(["substitute", "refund"]),
      position: z
        .number()
        .int()
        .optional()
        .describe("1-based place in the whole search result (search only)."),
      minPrice: cents()
        .nullable()
        .describe("Lowest price across the stores that sell it; null when none does."),
      maxPrice: cents().nullable(),
      url: z.string().describe("Canonical path /{default_category}/{title-slug}/{sku_id}."),
      seller: sellerSchema
        .nullable()
        .describe("The resolved store when it sells the product; null otherwise (then price is null)."),
      in_stock: z.boolean(),
      stock: z.number().int().describe("Units on hand at the resolved store (0 when it does not sell it)."),
      type: z.string().nullable(),
      country: z.string().nullable(),
      abv: z.number().nullable(),
      description: z.string().nullable(),
      is_tobacco: z.boolean(),
      etch_sku: z.string().nullable().describe('SKU of the engravable ("_ETCH") variant, when one exists.'),
      etch_of: z.string().nullable().describe("For an engraved variant: the master SKU."),
    })
    .meta({
      id: "Product",
      description: "A product priced and stocked at one store (money in integer cents).",
      example: productExample,
    }),
);

export const productListSchema = describes<ProductList>()(
  z.object({ products: z.array(productSchema) }).meta({ id: "ProductList" }),
);

const facetValues = z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() }));
const facetsSchema = describes<Facets>()(
  z.object({
    category: facetValues,
    brand: facetValues,
    price: facetValues,
    volume: facetValues,
    country: facetValues,
  }),
);

export const searchResultsSchema = describes<SearchResults>()(
  z
    .object({
      products: z.array(productSchema),
      count: z.number().int().describe("Matching products after filters (all pages)."),
      facets: facetsSchema.describe("Facet counts; each dimension ignores its own filter."),
      has_tobacco: z.boolean(),
      page: z.number().int(),
      skip: z.number().int(),
      hitsPerPage: z.number().int(),
      suggestions: z
        .array(z.object({ type: z.enum(["brand", "product"]), text: z.string(), url: z.string() }))
        .describe("Autocomplete only: up to 8 quick suggestions."),
      analytics: z.object({
        query: z.string().nullable(),
        took_ms: z.number(),
        typo_tolerant: z.boolean(),
        corrected_query: z.string().nullable(),
        store_id: z.string().nullable(),
      }),
    })
    .meta({ id: "SearchResults" }),
);

export const categoryPageSchema = describes<CategoryPage>()(
  z.object({ category: categorySchema, parent: categorySchema.nullable() }),
);

export const categoryGroupSchema = describes<CategoryGroup>()(
  z.object({
    category: categorySchema,
    parent: categorySchema.nullable(),
    groups: z.array(
      z.object({
        key: z.string(),
        kind: z.enum(["category", "tag", "brand"]),
        title: z.string(),
        url: z.string(),
        category: categorySchema.nullable(),
        products: z.array(productSchema),
        count: z.number().int(),
      }),
    ),
  }),
);

export const availableCategoriesSchema = describes<AvailableCategories>()(
  z.object({ store_id: z.string().nullable(), categories: z.array(categorySchema) }),
);

export const mainMenuSchema = describes<MainMenu>()(
  z.object({
    categories: z.array(categorySchema),
    curations: z.array(
      z.object({
        title: z.string(),
        url_name: z.string(),
        url: z.string(),
        products: z.array(productSchema),
      }),
    ),
    featured_images: z.array(z.object({ title: z.string(), image: z.string(), url: z.string() })),
  }),
);

export const productNameSchema = describes<ProductName>()(
  z.object({ sku_id: z.string(), title: z.string(), url: z.string() }),
);

export const priceRangeSchema = describes<PriceRange>()(
  z.object({ minPrice: cents().nullable(), maxPrice: cents().nullable() }),
);

export const brandSchema = describes<Brand>()(
  z
    .object({
      name: z.string(),
      slug: z.string(),
      has_tobacco: z.boolean(),
      product_count: z.number().int(),
    })
    .meta({ id: "Brand", example: brandExample }),
);

export const brandPageSchema = describes<BrandPage>()(
  z.object({ brand: brandSchema, products: z.array(productSchema), has_tobacco: z.boolean() }),
);

export const giftGuideSchema = describes<GiftGuide>()(
  z.object({
    store: z.object({ id: z.string(), name: z.string() }).nullable(),
    url: z.string(),
    tags: z.array(z.string()),
    bands: z.array(
      z.object({
        key: z.string(),
        title: z.string(),
        min: cents(),
        max: cents().nullable(),
        products: z.array(productSchema),
      }),
    ),
  }),
);

export const citySchema = describes<City>()(
  z.object({
    code: z.string(),
    name: z.string(),
    state: z.string(),
    slug: z.string(),
    zone: z.number().int(),
    label: z.string(),
    lat: z.number(),
    lng: z.number(),
  }),
);

export const cityPageSchema = describes<CityPage>()(
  z.object({
    city: citySchema,
    intro: z.string(),
    timezone: z.string(),
    stores: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        address: z.string(),
        eta_minutes: z.number().int(),
        is_shipping: z.boolean(),
      }),
    ),
  }),
);
