/** The reviews module's public face: product ratings by shoppers who received the product. */
export { PRODUCT_NOT_FOUND, type ProductReviews, REVIEWS_PAGE_SIZE, type Review } from "./reviews.ts";
export { reviewRoutes } from "./routes.ts";
