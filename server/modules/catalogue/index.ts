/**
 * The catalogue module's public face: its routes, and the pieces search, content, the cart and recommendations
 * reuse.
 */

export {
  brandSchema,
  categorySchema,
  cityPageSchema,
  citySchema,
  productListSchema,
  productSchema,
  searchResultsSchema,
} from "./answers.ts";
export {
  type BrandNames,
  brandIndex,
  brandNames,
  type CategorySnapshot,
  cachedMenuData,
  categorySnapshot,
  defaultCategoryKeys,
  defaultCategoryUrlName,
  invalidateCatalogueCache,
  withDescendants,
} from "./catalogue-cache.ts";
export { GROUP_PAGE_SIZE } from "./category-service.ts";
export { type ListingFilter, type ListingGroup, listGroups, listSkus } from "./listing.ts";
export { addCatalogueProduct, categoryForNewProduct } from "./new-products.ts";
export { refreshPlannerStatistics } from "./planner-statistics.ts";
export { productForPhoto, setProductImage } from "./product-images.ts";
export { addProductRating } from "./product-ratings.ts";
export {
  type ProductRow,
  parseProductRows,
  productRowsJson,
  productsFromRows,
  readProducts,
} from "./product-reader.ts";
export { productNotFound } from "./product-service.ts";
export { catalogueRoutes, PRODUCT_CACHE_MS } from "./routes.ts";
export * from "./schemas.ts";
export {
  announceShelfChange,
  forgetShelf,
  onShelfChange,
  type ShelfChange,
} from "./shelf-changes.ts";
export {
  applyFeedChanges,
  markSoldOut,
  restock,
  type StockWanted,
  setShelfValues,
  takeStock,
  withStockTaken,
} from "./stock.ts";
export {
  coverageAt,
  type KeptStore,
  keptStore,
  type ResolvedStore,
  resolveKeptStore,
  resolveStore,
  type ServingStores,
  type StoreHints,
  servingOfCoverage,
  servingStores,
  storeHintsOf,
} from "./store-resolution.ts";
export { type ProductTaxFacts, taxFactsOf } from "./tax-facts.ts";
