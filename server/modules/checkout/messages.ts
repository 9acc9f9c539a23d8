import {
  confirmationGreeting,
  confirmationSignOff,
  confirmationSubject,
} from "../../../domain/checkout/confirmation.ts";
import { formatCents } from "../../../domain/money.ts";
import type { OutgoingMessage } from "../messages/index.ts";

export interface PlacedOrderSummary {
  id: string;
  order_number: number;
  store: string;
  when: string;
  lines: { title: string; qty: number }[];
  total: number;
}

/** The confirmation a shopper gets when their payment is authorised: every order of the checkout. */
export function orderConfirmation(
  recipient: string,
  firstname: string,
  orders: PlacedOrderSummary[],
  origin: string,
): OutgoingMessage {
  const total = orders.reduce((s, o) => s + o.total, 0);
  const parts = orders.map((o) =>
    [
      `Order #${o.order_number} from ${o.store} (${o.when}):`,
      ...o.lines.map((l) => `  ${l.qty} × ${l.title}`),
      `  Total ${formatCents(o.total, true)}`,
      `  ${origin}/orders/${o.id}`,
    ].join("\n"),
  );
  return {
    channel: "email",
    recipient,
    template: "order-confirmation",
    subject: confirmationSubject(orders.map((o) => o.order_number)),
    body: `${confirmationGreeting(firstname, orders.length)}\n\n${parts.join("\n\n")}\n\nCharged to your payment method: ${formatCents(total, true)}. ${confirmationSignOff(orders.length)}`,
  };
}

/** The gift's recipient hears of it, with the link to claim it and choose when it comes. */
export function giftClaimMessage(
  to: { email: string | null; mobile: string | null },
  gift: { from: string; recipient: string; note: string | null; occasion: string | null; expires: Date },
  link: string,
): OutgoingMessage {
  const until = gift.expires.toISOString().slice(0, 10);
  const note = gift.note ? `\n\n“${gift.note}”` : "";
  if (to.email) {
    return {
      channel: "email",
      recipient: to.email,
      template: "gift-claim",
      subject: `${gift.from} sent you a gift${gift.occasion ? ` for ${gift.occasion.toLowerCase()}` : ""}`,
      body: `Hi ${gift.recipient}, ${gift.from} sent you a gift from Nightcap.${note}\n\nClaim it and choose when it's delivered (you'll need to be 21 or over): ${link}\n\nThe link works until ${until}.`,
    };
  }
  return {
    channel: "sms",
    recipient: `+1${to.mobile}`,
    template: "gift-claim",
    body: `${gift.from} sent you a gift from Nightcap! Claim it by ${until}: ${link}`,
  };
}
