/** The orders module's public face. */

export { orderSchema, orderStatusAnswerSchema, substitutionStatusSchema } from "./answers.ts";
export { countPlacedCheckouts } from "./history-counts.ts";
export { ORDER_NOT_FOUND, type OrderStatusAnswer, orderStatus, ordersWhere } from "./order-view.ts";
export { orderRoutes } from "./routes.ts";
