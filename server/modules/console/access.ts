import type { FastifyRequest } from "fastify";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { lockOrder } from "../orders/index.ts";
import { requireRole, type SignedInActor } from "../sessions/index.ts";

/** Who may use the store console: store staff (their own store) and administrators (any store). */
export interface Staff {
  userId: string;
  role: "store_staff" | "admin";
  /** Staff always have one; an administrator may have none. */
  storeId: string | null;
}

export const CONSOLE_FORBIDDEN = "The store console is for store staff.";
export const CONSOLE_ORDER_NOT_FOUND = "No order of your store has that id.";
export const OTHER_STORE = "You can only see your own store's orders.";

/** The signed-in staff member or administrator; a shopper gets 403, a visitor 401. */
export function requireStaff(req: FastifyRequest): Staff {
  let actor: SignedInActor;
  try {
    actor = requireRole(req, "store_staff", "admin");
  } catch (err) {
    if (err instanceof AppError && err.status === 403)
      throw new AppError(403, "staff_only", CONSOLE_FORBIDDEN);
    throw err;
  }
  return { userId: actor.userId, role: actor.role as Staff["role"], storeId: actor.storeId };
}

/** The store whose orders a list shows: staff, their own (asking for another is 403); an admin, the one asked for or all. */
export function storeScope(staff: Staff, asked: string | undefined): string | undefined {
  if (staff.role === "admin") return asked;
  if (asked !== undefined && asked !== staff.storeId) throw new AppError(403, "other_store", OTHER_STORE);
  return staff.storeId ?? "-";
}

/** An order the staff member may act on, locked for the transaction when `tx` is given; another store's is 404. */
export async function staffOrder(
  db: Db | Transaction<Database>,
  staff: Staff,
  orderId: string,
  lock: boolean,
) {
  const order = lock
    ? await lockOrder(db as Transaction<Database>, orderId)
    : await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order || order.order_status === -1) throw notFound(CONSOLE_ORDER_NOT_FOUND, "order_not_found");
  if (staff.role !== "admin" && order.store_id !== staff.storeId)
    throw notFound(CONSOLE_ORDER_NOT_FOUND, "order_not_found");
  return order;
}

export const ADMIN_ONLY = "Only administrators can do this.";

/** Administrators only: store staff are refused (403 `admin_only`). */
export function requireAdmin(staff: Staff): void {
  if (staff.role !== "admin") throw new AppError(403, "admin_only", ADMIN_ONLY);
}
