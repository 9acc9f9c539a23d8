/**
 * The cart module's public face: its routes, the guest-cart transfer the accounts module runs at login, and the
 * move of a cart to the stores serving a new delivery address, which the geo module runs when it is set.
 */

export { cartProductSchema, cartRelocationSchema, cartSchema, lineItemSchema } from "./answers.ts";
export { readCart, relocateCart, type Serving } from "./cart-service.ts";
export type { OwnerStanding } from "./cart-view.ts";
export {
  type CartQuote,
  cartLockAt,
  cartStoreIds,
  cartToQuote,
  type DeliverTo,
  emptyCartOf,
  lockQuotedCart,
  type PlacedColumns,
  type PlacedItem,
  placedColumnsOf,
  type QuoteOptions,
  quoteCart,
  quotedCartLock,
  withCartEmptied,
} from "./checkout-quote.ts";
export { type CartActor, ownerKey } from "./owner.ts";
export { cartRoutes, servingOf } from "./routes.ts";
export { transferCart } from "./transfer.ts";
