import { formatCents } from "#domain/money.ts";
import type { OutgoingMessage } from "../messages/index.ts";

/**
 * The emails of an order's status changes (sent by the order-notices job through the outbox; they began as the
 * store console's). Their short texts and push notifications are domain/notifications/order-updates.ts.
 */
export interface OrderNotice {
  email: string;
  firstname: string;
  orderNumber: number;
  orderUrl: string;
  store: string;
  shipping: boolean;
}

const mail = (to: OrderNotice, template: string, subject: string, lines: string[]): OutgoingMessage => ({
  channel: "email",
  recipient: to.email,
  template,
  subject,
  body: [`Hi ${to.firstname},`, "", ...lines, "", `Your order: ${to.orderUrl}`].join("\n"),
});

/** The money side of an order that ends: what goes back to the card and what to the store credit. */
export interface MoneyBack {
  /** Refunded to the card (cents). */
  card: number;
  /** The hold on the card released, nothing taken. */
  released: boolean;
  /** Store credit given back (cents). */
  credit: number;
  /** The store's return fee kept of an order refused at the door (cents), as checkout wrote it before paying. */
  kept?: number;
}

function moneyLines(money: MoneyBack, store: string): string[] {
  const lines: string[] = [];
  if (money.kept)
    lines.push(
      `${store} keeps its ${formatCents(money.kept, true)} return fee, as checkout said before you paid.`,
    );
  if (money.card > 0)
    lines.push(
      `We've refunded ${formatCents(money.card, true)} to your card; it can take 5–10 days to show.`,
    );
  else if (money.released) lines.push("Your card is not charged for this order: its hold is released.");
  if (money.credit > 0)
    lines.push(`${formatCents(money.credit, true)} of store credit is back on your account.`);
  return lines;
}

export const orderAccepted = (to: OrderNotice) =>
  mail(to, "order-accepted", `Order #${to.orderNumber} is being prepared`, [
    `${to.store} has accepted your order #${to.orderNumber} and is getting it ready.`,
  ]);

export const orderDispatched = (to: OrderNotice) =>
  mail(
    to,
    "order-dispatched",
    to.shipping ? `Order #${to.orderNumber} has shipped` : `Order #${to.orderNumber} is on its way`,
    [
      to.shipping
        ? `${to.store} has shipped your order #${to.orderNumber}.`
        : `Your order #${to.orderNumber} from ${to.store} is on its way. Have your ID ready: the driver checks it at the door.`,
    ],
  );

export const orderDelivered = (to: OrderNotice) =>
  mail(to, "order-delivered", `Order #${to.orderNumber} is delivered`, [
    `Your order #${to.orderNumber} from ${to.store} is delivered. Enjoy, responsibly.`,
  ]);

export const orderFailed = (
  to: OrderNotice,
  failure: { state: "soft" | "hard"; reason: string },
  money: MoneyBack,
) =>
  mail(to, "order-failed", `We couldn't deliver order #${to.orderNumber}`, [
    `We couldn't deliver your order #${to.orderNumber}: ${failure.reason}`,
    failure.state === "soft"
      ? `${to.store} will be in touch to try again.`
      : "This order will not be delivered.",
    ...moneyLines(money, to.store),
  ]);

export const orderCancelled = (to: OrderNotice, reason: string, money: MoneyBack) =>
  mail(to, "order-cancelled", `Order #${to.orderNumber} is cancelled`, [
    `${to.store} cancelled your order #${to.orderNumber}: ${reason}`,
    ...moneyLines(money, to.store),
  ]);

export const orderRefunded = (to: OrderNotice, amount: number, reason: string) =>
  mail(to, "order-refunded", `A refund on order #${to.orderNumber}`, [
    `${to.store} refunded ${formatCents(amount, true)} on your order #${to.orderNumber}: ${reason}`,
    "It can take 5–10 days to show on your card.",
  ]);

/** A change with no store action behind it (the acceptance timeout): the order's own words. */
export const orderCancelledBy = (to: OrderNotice, reason: string, money: MoneyBack, byStore: boolean) =>
  byStore
    ? orderCancelled(to, reason, money)
    : mail(to, "order-cancelled", `Order #${to.orderNumber} is cancelled`, [
        `Your order #${to.orderNumber} from ${to.store} is cancelled: ${reason}`,
        ...moneyLines(money, to.store),
      ]);
