import type { Selectable, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { OrdersTable } from "#db/schema-checkout.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { storeLineItems } from "#domain/checkout/bill.ts";
import {
  applySubstitutions,
  defaultUpdate,
  mayProposeSubstitutions,
  type Offered,
  recharge,
  recordedStatus,
  SUBSTITUTION_STATUS,
  type SubstitutionLine,
  type SubstitutionUpdate,
  subtotalOf,
  updateKind,
} from "#domain/orders/substitution.ts";
import type { DeliveryAddressDetail } from "#domain/orders/types.ts";
import { orderRefund } from "#domain/payments/settlement.ts";
import { lineEligible } from "#domain/promos/engine.ts";
import type { TaxResult } from "#domain/tax/compute.ts";
import { partTax, partTaxBase, productTaxLine } from "#domain/tax/part-tax.ts";
import { AppError } from "#server/errors.ts";
import { addressOf, type TaxService } from "#server/platform/tax/index.ts";
import { takeStock, taxFactsOf } from "../catalogue/index.ts";
import type { Outbox } from "../messages/index.ts";
import {
  addOrderLines,
  recordOrderEvent,
  removeOrderLine,
  setOrderLineQty,
  setSubstitutedMoney,
} from "../orders/index.ts";
import { lockPayment, paymentState, planRefund } from "../payments/index.ts";
import { findPromo, refundCredit } from "../promos/index.ts";
import { substitutionsDone } from "./messages.ts";
import { noticeOf } from "./notice.ts";

type Tx = Transaction<Database>;
export type OrderRow = Selectable<OrdersTable>;

export const NOTHING_TO_REVIEW = "There are no substitutions to review on this order.";
export const ALREADY_ANSWERED = "These substitutions are already settled.";

/** The answers cost more than the order: the difference must be charged first (submitAnswers does, then settles). */
export class CostsMore extends AppError {
  constructor(readonly difference: number) {
    super(409, "substitution_costs_more", "Your choices cost more than your order.");
  }
}

/** What the first refused item says, for clients that show one message. */
const refused = (errors: Record<string, string>) =>
  new AppError(422, "substitution_refused", Object.values(errors)[0] ?? "Check your choices.", errors);

/**
 * Settles an order's pending substitutions (the caller holds the order row locked): the shopper's answers, or
 * the store's defaults when it goes ahead unanswered (`byStore`). Replacements take stock with a conditional
 * update (one shelf, many shoppers); the order's lines and money are recomputed (domain/orders/substitution.ts);
 * what the card paid too much is refunded through the payment's ledger (ADR 25: a refund planned here, carried
 * out after the commit), credit the order no longer needs goes back to the ledger. Returns the payment to settle.
 */
export async function settleSubstitutions(
  tx: Tx,
  deps: { outbox: Outbox; tax: TaxService },
  order: OrderRow,
  answers: readonly SubstitutionUpdate[],
  offered: ReadonlyMap<string, Product>,
  actor: string,
  byStore: boolean,
  /** Already charged for this settlement after the order (a substitution charge): exactly the difference, or 0. */
  prepaid = 0,
): Promise<{ paymentId: string; difference: number }> {
  if (order.substitution_status === null) throw new AppError(409, "no_substitutions", NOTHING_TO_REVIEW);
  if (order.substitution_status === SUBSTITUTION_STATUS.done)
    throw new AppError(409, "substitutions_answered", ALREADY_ANSWERED);
  if (!byStore && !mayProposeSubstitutions(order))
    throw new AppError(409, "order_moved", "Your order has already left the store with what it had.");

  const rows = await tx
    .selectFrom("order_substitutions")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("answered_at", "is", null)
    .orderBy("sku_id")
    .execute();
  const short: SubstitutionLine[] = rows.map((r) => ({
    sku_id: r.sku_id,
    title: r.title,
    quantity: r.quantity,
    stock_level: r.stock_level,
    price: r.price,
  }));
  const lines = await tx
    .selectFrom("order_lines")
    .select(["id", "sku_id", "qty", "price", "is_tobacco"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  const shelf = new Map<string, Offered>();
  for (const p of offered.values())
    if (p.price !== null && !p.disabled && p.seller?.store_id === order.store_id)
      shelf.set(p.sku_id, {
        sku_id: p.sku_id,
        title: p.title,
        price: p.price,
        stock: p.stock,
        needsIdCheck: p.is_tobacco,
      });
  const result = applySubstitutions({
    lines,
    short,
    updates: answers,
    offered: shelf,
    idChecked: lines.some((l) => l.is_tobacco),
  });
  if (!result.ok) throw refused(result.errors);

  // The shelf may have emptied since it was read: take each replacement's stock or refuse that item.
  const errors: Record<string, string> = {};
  for (const added of result.added) {
    const taken = await takeStock(tx, order.store_id, added.sku_id, added.qty);
    if (!taken) {
      const owner = answers.find((a) => a.added.some((x) => x.sku_id === added.sku_id));
      errors[owner?.sku_id ?? added.sku_id] =
        `${shelf.get(added.sku_id)?.title ?? added.sku_id} just sold out.`;
    }
  }
  if (Object.keys(errors).length > 0) throw refused(errors);

  for (const line of lines) {
    const after = result.lines.find((l) => l.sku_id === line.sku_id);
    if (!after) await removeOrderLine(tx, line.id);
    else if (after.qty !== line.qty) await setOrderLineQty(tx, line.id, after.qty, after.qty * after.price);
  }
  const newSkus = result.lines.filter((l) => !lines.some((x) => x.sku_id === l.sku_id));
  if (newSkus.length > 0)
    await addOrderLines(
      tx,
      newSkus.map((l) => {
        const p = offered.get(l.sku_id) as Product;
        return {
          order_id: order.id,
          sku_id: l.sku_id,
          title: p.title,
          subtitle: p.subtitle,
          image: p.image,
          url: p.url,
          qty: l.qty,
          price: l.price,
          subtotal: l.qty * l.price,
          engraving: null,
          substitution_preference: p.substitution_preference,
          is_tobacco: p.is_tobacco,
        };
      }),
    );

  const fee = order.shipping ? order.shipping_fee : order.delivery_fee;
  const tax = await retax(tx, deps.tax, order, result.lines, fee);
  const { money, creditBack, difference } = recharge(
    {
      subtotal: order.subtotal,
      fee,
      discount: order.discount,
      tip: order.tip,
      tax: order.tax,
      credit: order.credit,
      round_up: order.round_up,
      total: order.total,
    },
    subtotalOf(result.lines),
    tax.total,
  );
  // More to pay: the caller charges the difference first (a charge of its own) and settles again with it.
  if (Math.max(0, difference) !== prepaid) throw new CostsMore(difference);

  let refund = 0;
  if (difference < 0 && order.captured > 0) {
    // Captured already: the card gets back what it paid too much. Before the capture, the smaller total is
    // simply what the capture will take.
    await lockPayment(tx, order.payment_id);
    const state = await paymentState(tx, order.payment_id);
    const mine = state.orders.find((o) => o.id === order.id) ?? { captured: 0, refunded: 0 };
    const allowed = orderRefund(mine, state.totals, Math.min(-difference, mine.captured - mine.refunded));
    if (allowed.ok && allowed.amount > 0) {
      refund = allowed.amount;
      await planRefund(tx, order.payment_id, order.id, refund);
    }
  }
  if (creditBack > 0)
    await refundCredit(tx, order.user_id, creditBack, order.checkout_id, "Items removed from your order");

  const lineItems = storeLineItems(
    {
      subtotal: money.subtotal,
      fee,
      discount: money.discount,
      tip: money.tip,
      tax: money.tax,
      credit: money.credit,
      roundUp: money.round_up,
      total: money.total,
    },
    { isShipping: order.shipping, shippingName: order.shipping_name, promoCode: order.promo_code },
  );
  await setSubstitutedMoney(tx, order.id, {
    subtotal: money.subtotal,
    discount: money.discount,
    credit: money.credit,
    total: money.total,
    tax: money.tax,
    taxLines: tax.lines,
    extraCharged: prepaid,
    lineItems,
    substitutionStatus: SUBSTITUTION_STATUS.done,
  });

  const statuses: string[] = [];
  const answered = new Date();
  for (const line of short) {
    const answer = answers.find((a) => a.sku_id === line.sku_id) ?? defaultUpdate(line);
    statuses.push(recordedStatus(updateKind(answer), line.title));
    await tx
      .updateTable("order_substitutions")
      .set({ answer: JSON.stringify(answer), answered_at: answered })
      .where("order_id", "=", order.id)
      .where("sku_id", "=", line.sku_id)
      .execute();
  }
  await recordOrderEvent(tx, {
    order_id: order.id,
    type: "substitutions_done",
    from_status: order.order_status,
    to_status: order.order_status,
    data: JSON.stringify({ statuses, difference, refund, charged: prepaid, by_store: byStore }),
    actor,
  });
  await deps.outbox.enqueue(
    tx,
    substitutionsDone(await noticeOf(tx, order), { statuses, difference, byStore }),
  );
  return { paymentId: order.payment_id, difference };
}

/**
 * The order's tax on its lines as substitutions leave them (issue 33: a substitution re-taxes the order), on the day
 * it was placed, with its discount where checkout put it: on the delivery fee for a free-delivery promo, otherwise
 * shared by the goods the promo covers. Tax lines are keyed by SKU, as at checkout.
 */
async function retax(
  tx: Tx,
  service: TaxService,
  order: OrderRow,
  lines: readonly { sku_id: string; qty: number; price: number }[],
  fee: number,
): Promise<TaxResult> {
  const facts = await taxFactsOf(
    tx,
    order.store_id,
    lines.map((l) => l.sku_id),
  );
  // Promos are never edited, only switched off (promos/repository.ts): the row is the rule the order was placed under.
  const promo = order.promo_code && order.discount > 0 ? await findPromo(tx, order.promo_code) : null;
  const onFee = promo?.kind === "free_delivery";
  const part = {
    lines: lines.flatMap((l) => {
      const product = facts.products.get(l.sku_id);
      if (!product) return [];
      const amount = l.qty * l.price;
      const covered = promo
        ? lineEligible(promo, { storeId: order.store_id, subtotal: amount, tags: product.tags })
        : true;
      return [{ ...productTaxLine(l.sku_id, product, l.qty, amount), promoEligible: covered }];
    }),
    discount: Math.min(order.discount, onFee ? fee : subtotalOf(lines)),
    discountOnFee: onFee,
    fee,
    tip: order.tip,
  };
  if (service.inline)
    return facts.taxes ? partTax({ ...facts.taxes, on: order.created_at.toISOString(), ...part }) : NO_TAX;
  // A tax service taxes the new lines at the order's address, on the day it was placed (the call is made under the
  // order's lock: substitutions are rare, and a service that does not answer refuses the settlement, 503).
  const store = await tx
    .selectFrom("stores as s")
    .leftJoin("cities as c", "c.code", "s.city_code")
    .select(["s.address", "s.city_code", "c.state"])
    .where("s.id", "=", order.store_id)
    .executeTakeFirstOrThrow();
  const to = order.delivery_address_detail as DeliveryAddressDetail | null;
  return service.calculate({
    storeId: order.store_id,
    cityCode: store.city_code,
    from: addressOf(store.address, store.state),
    to: to ? { line1: to.address, city: to.city, state: to.state, postalCode: to.zip } : null,
    base: partTaxBase(part),
    on: order.created_at,
  });
}

const NO_TAX: TaxResult = { lines: [], total: 0 };
