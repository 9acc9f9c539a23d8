import { formatCents } from "#domain/money.ts";
import type { OutgoingMessage } from "../messages/index.ts";

/** What a gift's sender is told (an email through the outbox) when the recipient claims it or lets it lapse. */
interface SenderNotice {
  email: string;
  firstname: string;
  recipient: string;
  orderNumber: number;
  store: string;
  orderUrl: string;
}

const mail = (to: SenderNotice, template: string, subject: string, lines: string[]): OutgoingMessage => ({
  channel: "email",
  recipient: to.email,
  template,
  subject,
  body: [`Hi ${to.firstname},`, "", ...lines, "", `Your order: ${to.orderUrl}`].join("\n"),
});

export const giftClaimedNotice = (to: SenderNotice & { when: string }) =>
  mail(to, "gift-claimed", `${to.recipient} claimed your gift`, [
    `${to.recipient} claimed your gift (order #${to.orderNumber} from ${to.store}) and chose when it arrives: ${to.when}.`,
  ]);

/** The money side of a gift that lapsed: the card's hold released or a refund, and store credit back. */
export interface GiftMoneyBack {
  card: number;
  released: boolean;
  credit: number;
}

export const giftExpiredNotice = (to: SenderNotice & { expires: Date }, money: GiftMoneyBack) =>
  mail(to, "gift-expired", `Your gift to ${to.recipient} was not claimed`, [
    `${to.recipient} did not claim your gift (order #${to.orderNumber} from ${to.store}) by ${to.expires.toISOString().slice(0, 10)}, so we cancelled it.`,
    ...(money.card > 0
      ? [`We've refunded ${formatCents(money.card, true)} to your card; it can take 5–10 days to show.`]
      : money.released
        ? ["Your card is not charged for this order: its hold is released."]
        : []),
    ...(money.credit > 0
      ? [`${formatCents(money.credit, true)} of store credit is back on your account.`]
      : []),
  ]);
