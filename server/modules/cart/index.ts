/** The cart module's public face: its routes, and the guest-cart transfer the accounts module runs at login. */
export { readCart } from "./cart-service.ts";
export { type CartActor, ownerKey } from "./owner.ts";
export { cartRoutes } from "./routes.ts";
export { transferCart } from "./transfer.ts";
