import { parseAamva } from "#domain/age/aamva.ts";
import {
  DOOR_MESSAGES,
  type DoorCheckRefusal,
  doorCheck,
  type HandoverRefusal,
  recipientName,
} from "#domain/door/handover.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { findUser } from "../accounts/index.ts";
import { type Staff, staffOrder } from "./access.ts";
import { act, refusalAction } from "./act.ts";
import { recordCompliance } from "./compliance.ts";
import type { ConsoleContext } from "./context.ts";
import { NOT_YOUR_RUN } from "./driver.ts";

/**
 * The handover at the door (issue 33 §4; docs/adr/0062-the-handover-at-the-door.md). The driver scans the
 * recipient's licence with the shopper's age-check reader; the server decides with the one age rule: a pass hands
 * the order over (delivered), a refusal is told to the driver, who may scan another ID or record why the order was
 * not handed over. Every scan, handover and refusal goes in the store's compliance log; nothing of the licence is
 * kept but the outcome, its issuing jurisdiction and whose it was.
 */
export type DoorCheckAnswer =
  | { result: "handed_over"; whose: "account" | "recipient"; message: string }
  | { result: "refused"; reason: DoorCheckRefusal; suggested: HandoverRefusal; message: string };

/** YYYY-MM-DD of `now` where the store is. */
function storeToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Only the driver carrying an order on its way stands at its door. */
async function atTheDoor(ctx: ConsoleContext, staff: Staff, orderId: string) {
  const order = await staffOrder(ctx.db, staff, orderId, false);
  if (order.order_status !== 2 || order.shipping)
    throw new AppError(409, "order_moved", "This order is not on its way.");
  if (order.driver_id !== staff.userId) throw new AppError(403, "not_your_run", NOT_YOUR_RUN);
  return order;
}

export async function checkAtDoor(
  ctx: ConsoleContext,
  staff: Staff,
  orderId: string,
  barcode: string,
): Promise<DoorCheckAnswer> {
  const order = await atTheDoor(ctx, staff, orderId);
  const reading = parseAamva(barcode);
  if (!reading.ok) throw badRequest(DOOR_MESSAGES.unreadable, "unreadable_id");
  const [account, store] = await Promise.all([
    findUser(ctx.db, order.user_id),
    ctx.db.selectFrom("stores").select("timezone").where("id", "=", order.store_id).executeTakeFirstOrThrow(),
  ]);
  const gift = order.is_gift ? (order.gift_info as { recipient?: string } | null) : null;
  const decided = doorCheck({
    licence: reading.licence,
    account: { firstname: account?.firstname ?? "", lastname: account?.lastname ?? "" },
    recipient: gift?.recipient ? recipientName(gift.recipient) : null,
    today: storeToday((ctx.now ?? (() => new Date()))(), store.timezone),
  });
  await ctx.db.transaction().execute((tx) =>
    recordCompliance(tx, {
      storeId: order.store_id,
      orderId: order.id,
      kind: "id_check",
      outcome: decided.ok ? "passed" : decided.reason,
      detail: {
        jurisdiction: reading.licence.jurisdiction,
        ...(decided.ok ? { whose: decided.whose } : {}),
      },
      actorId: staff.userId,
    }),
  );
  if (!decided.ok)
    return {
      result: "refused",
      reason: decided.reason,
      suggested: decided.refusal,
      message: decided.message,
    };
  await act(ctx, staff, orderId, { type: "deliver", whose: decided.whose });
  return { result: "handed_over", whose: decided.whose, message: decided.message };
}

/** The driver records why the order was not handed over: the order fails by the reason's rule. */
export async function refuseAtDoor(
  ctx: ConsoleContext,
  staff: Staff,
  orderId: string,
  refusal: HandoverRefusal,
): Promise<void> {
  await atTheDoor(ctx, staff, orderId);
  await act(ctx, staff, orderId, refusalAction(refusal));
}
