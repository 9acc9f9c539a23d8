import { sql } from "kysely";
import { mayEdit } from "#domain/orders/after-order.ts";
import type { OrderStatus, ShippingStatus } from "#domain/orders/status.ts";
import type { Order } from "#domain/orders/types.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { recordOrderEvent } from "./events.ts";
import { ORDER_NOT_FOUND, orderDetail } from "./order-view.ts";

export interface OrderEdit {
  delivery_notes?: string | null;
  unit?: string | null;
  recipient_note?: string | null;
}

/**
 * PATCH /order/edit/{id} (spec §7): what may still change before dispatch (domain mayEdit): the delivery notes,
 * the unit or apartment, and a gift's note to its recipient. Under a lock on the order, so a staff member
 * dispatching it at the same moment either comes first (the edit is refused) or sees the edit; an order_events row
 * tells the store and live tracking.
 */
export async function editOrder(db: Db, userId: string, id: string, edit: OrderEdit): Promise<Order> {
  const fields = Object.keys(edit).filter((k) => edit[k as keyof OrderEdit] !== undefined);
  if (fields.length === 0)
    throw badRequest("Say what to change: delivery_notes, unit or recipient_note.", "nothing_to_change");
  await db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .select(["id", "order_status", "shipping", "shipping_status", "is_gift"])
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
    const allowed = mayEdit({
      order_status: order.order_status as OrderStatus,
      shipping: order.shipping,
      shipping_status: order.shipping_status as ShippingStatus | null,
    });
    if (!allowed.ok) throw new AppError(409, "order_not_editable", allowed.message);
    if (edit.recipient_note !== undefined && !order.is_gift)
      throw badRequest("Only a gift has a note for its recipient.", "not_a_gift");
    const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    await tx
      .updateTable("orders")
      .set({
        ...(edit.delivery_notes !== undefined ? { delivery_notes: blank(edit.delivery_notes) } : {}),
        ...(edit.recipient_note !== undefined ? { recipient_note: blank(edit.recipient_note) } : {}),
        ...(edit.unit !== undefined
          ? {
              delivery_address_detail: sql`jsonb_set(delivery_address_detail, '{unit}', ${JSON.stringify(blank(edit.unit))}::jsonb)`,
            }
          : {}),
        version: sql`version + 1`,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .execute();
    await recordOrderEvent(tx, {
      order_id: id,
      type: "edited",
      from_status: null,
      to_status: null,
      data: JSON.stringify({ fields }),
      actor: `user:${userId}`,
    });
  });
  return orderDetail(db, userId, id);
}
