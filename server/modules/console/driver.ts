import type { Selectable, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { OrdersTable } from "#db/schema-checkout.ts";
import { etaMinutes, routeStops, trackingState } from "#domain/delivery/driving.ts";
import type { LatLng } from "#domain/geo/types.ts";
import type { DeliveryAddressDetail, Order } from "#domain/orders/types.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { ordersWhere, recordOrderEvent, setDriverPosition, setOrderDriver } from "../orders/index.ts";
import { type Staff, staffOrder } from "./access.ts";

type Tx = Transaction<Database>;

const doorOf = (order: { delivery_address_detail: unknown }): LatLng => {
  const a = order.delivery_address_detail as DeliveryAddressDetail;
  return { lat: a.lat, lng: a.lng };
};

/**
 * An on-demand order leaves the store (its dispatch, in the same transaction): the staff member sending it out
 * carries it, and the arrival counts from the store until the driver's first position report.
 */
export async function startRun(
  tx: Tx,
  order: Selectable<OrdersTable>,
  driverId: string,
  now: Date,
): Promise<void> {
  if (order.shipping) return;
  const store = await tx
    .selectFrom("stores")
    .select(["lat", "lng"])
    .where("id", "=", order.store_id)
    .executeTakeFirstOrThrow();
  const door = doorOf(order);
  await setOrderDriver(tx, order.id, {
    driverId,
    position: JSON.stringify({ lat: store.lat, lng: store.lng, at: now.toISOString() }),
    etaAt: new Date(now.getTime() + etaMinutes(store, door) * 60_000),
    trackingState: "Your driver has picked up your order",
  });
}

export const NOT_YOUR_RUN = "Only the driver carrying this order can report where it is.";

/**
 * A driver's position report (their phone, or the simulator): the order's arrival and tracking state follow, and
 * an event tells the shopper's tracking page. Only the driver carrying an order on its way may report.
 */
export async function reportPosition(
  db: Db,
  staff: Staff,
  orderId: string,
  position: LatLng,
  now: Date,
): Promise<{ eta: string; tracking_state: string }> {
  return db.transaction().execute(async (tx) => {
    const order = await staffOrder(tx, staff, orderId, true);
    if (order.order_status !== 2 || order.shipping)
      throw new AppError(409, "order_moved", "This order is not on its way.");
    if (order.driver_id !== staff.userId) throw new AppError(403, "not_your_run", NOT_YOUR_RUN);
    const door = doorOf(order);
    const minutes = etaMinutes(position, door);
    const state = trackingState(position, door);
    await setDriverPosition(tx, order.id, {
      position: JSON.stringify({ ...position, at: now.toISOString() }),
      etaAt: new Date(now.getTime() + minutes * 60_000),
      trackingState: state,
    });
    await recordOrderEvent(tx, {
      order_id: order.id,
      type: "driver_position",
      from_status: 2,
      to_status: 2,
      data: JSON.stringify({ eta_minutes: minutes, tracking_state: state }),
      actor: staff.userId,
    });
    return { eta: `${minutes} min`, tracking_state: state };
  });
}

export interface DriverStop {
  order: Order;
  position: LatLng;
}

/**
 * The driver view: the store's orders ready to go (in progress) and the driver's own on the way, in the order to
 * visit them from the store.
 */
export interface DriverRuns {
  store: { id: string; name: string; address: string; lat: number; lng: number } | null;
  ready: Order[];
  route: DriverStop[];
}

export async function driverRuns(db: Db, staff: Staff): Promise<DriverRuns> {
  const storeId = staff.storeId;
  if (!storeId) return { store: null, ready: [], route: [] };
  const store = await db
    .selectFrom("stores")
    .select(["id", "name", "address", "lat", "lng"])
    .where("id", "=", storeId)
    .executeTakeFirstOrThrow();
  const ready = (await ordersWhere(db, { storeId, statuses: [1], placedOnly: true })).filter(
    (o) => !o.shipping,
  );
  const mine = await db
    .selectFrom("orders")
    .select("id")
    .where("driver_id", "=", staff.userId)
    .where("order_status", "=", 2)
    .execute();
  const carrying = await ordersWhere(db, { ids: mine.map((m) => m.id) });
  const route = routeStops(
    store,
    carrying.map((order) => ({ order, position: doorOf(order) })),
  );
  return { store, ready, route };
}
