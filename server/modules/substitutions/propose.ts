import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { mayProposeSubstitutions, SUBSTITUTION_STATUS } from "#domain/orders/substitution.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { markSoldOut } from "../catalogue/index.ts";
import type { Outbox } from "../messages/index.ts";
import { recordOrderEvent, setSubstitutionStatus } from "../orders/index.ts";
import { substitutionsProposed } from "./messages.ts";
import { noticeOf } from "./notice.ts";

type Tx = Transaction<Database>;

/** A short line as staff report it: how many the shelf has, and what they suggest instead. */
export interface ShortReport {
  sku_id: string;
  stock_level: number;
  suggestions: string[];
}

export const MAX_SUGGESTIONS = 5;

/**
 * Staff found lines short while picking (the order row is locked by the caller): the lines and suggestions are
 * kept, the shelf of each short product is set to empty (the order takes what was left), the order's review
 * status becomes Proposed with an event live tracking hears, and the shopper is asked by email and text.
 */
export async function proposeSubstitutions(
  tx: Tx,
  outbox: Outbox,
  order: OrderRow,
  reports: readonly ShortReport[],
  actor: string,
): Promise<void> {
  if (!mayProposeSubstitutions(order))
    throw new AppError(
      409,
      "order_moved",
      "Substitutions can be proposed while the order is being picked, before it leaves the store.",
    );
  if (
    order.substitution_status === SUBSTITUTION_STATUS.proposed ||
    order.substitution_status === SUBSTITUTION_STATUS.viewing
  )
    throw new AppError(
      409,
      "substitutions_pending",
      "The shopper has not answered the last substitutions yet.",
    );

  const lines = await tx
    .selectFrom("order_lines")
    .select(["sku_id", "title", "qty", "price"])
    .where("order_id", "=", order.id)
    .execute();
  const suggested = [...new Set(reports.flatMap((r) => r.suggestions))];
  const sold = new Set(
    suggested.length === 0
      ? []
      : (
          await tx
            .selectFrom("inventory")
            .select("sku_id")
            .where("store_id", "=", order.store_id)
            .where("sku_id", "in", suggested)
            .execute()
        ).map((r) => r.sku_id),
  );
  const short = reports.map((report) => {
    const line = lines.find((l) => l.sku_id === report.sku_id);
    if (!line) throw badRequest(`${report.sku_id} is not on this order.`, "not_on_order");
    if (report.stock_level >= line.qty)
      throw badRequest(`The store has all ${line.qty} of ${line.title}: nothing to substitute.`, "not_short");
    for (const sku of report.suggestions) {
      if (sku === report.sku_id)
        throw badRequest(`Suggest a product other than ${line.title} itself.`, "bad_suggestion");
      if (!sold.has(sku)) throw badRequest(`The store does not sell ${sku}.`, "bad_suggestion");
    }
    return { line, report };
  });

  for (const { line, report } of short) {
    await tx
      .insertInto("order_substitutions")
      .values({
        order_id: order.id,
        sku_id: line.sku_id,
        title: line.title,
        quantity: line.qty,
        stock_level: report.stock_level,
        price: line.price,
        suggestions: report.suggestions,
        proposed_by: actor,
      })
      .onConflict((oc) =>
        oc.columns(["order_id", "sku_id"]).doUpdateSet({
          quantity: line.qty,
          stock_level: report.stock_level,
          price: line.price,
          suggestions: report.suggestions,
          answer: null,
          answered_at: null,
          proposed_by: actor,
          proposed_at: new Date(),
        }),
      )
      .execute();
    await markSoldOut(tx, order.store_id, line.sku_id);
  }
  await setSubstitutionStatus(tx, order.id, SUBSTITUTION_STATUS.proposed);
  await recordOrderEvent(tx, {
    order_id: order.id,
    type: "substitutions_proposed",
    from_status: order.order_status,
    to_status: order.order_status,
    data: JSON.stringify({ skus: short.map((s) => s.line.sku_id) }),
    actor,
  });
  const notice = await noticeOf(tx, order);
  for (const message of substitutionsProposed(
    notice,
    short.map((s) => s.line.title),
  ))
    await outbox.enqueue(tx, message);
}

/** The order row as the caller locked it. */
export interface OrderRow {
  id: string;
  order_number: number | string;
  checkout_id: string;
  store_id: string;
  order_status: number;
  shipping: boolean;
  shipping_status: string | null;
  substitution_status: string | null;
}
