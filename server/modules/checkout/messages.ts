import {
  confirmationGreeting,
  confirmationSignOff,
  confirmationSubject,
} from "#domain/checkout/confirmation.ts";
import { giftHeadline } from "#domain/gifts/wording.ts";
import { formatCents } from "#domain/money.ts";
import type { OutgoingMessage } from "../messages/index.ts";

export interface PlacedOrderSummary {
  id: string;
  order_number: number;
  store: string;
  when: string;
  lines: { title: string; qty: number }[];
  /** The order's tax and its rows by jurisdiction and tax type (domain/tax/summary.ts). */
  tax: number;
  taxes: { title: string; cents: number }[];
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
      ...(o.tax > 0
        ? [
            `  Tax ${formatCents(o.tax, true)}`,
            ...o.taxes.map((t) => `    ${t.title} ${formatCents(t.cents, true)}`),
          ]
        : []),
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

/**
 * The gift's recipient hears of it, with its link: to claim it and choose when it comes when the sender left that to
 * them, else to see what is coming and when. The occasion reads by domain/gifts/wording.ts ("a birthday gift").
 */
export function giftClaimMessage(
  to: { email: string | null; mobile: string | null },
  gift: {
    from: string;
    recipient: string;
    note: string | null;
    occasion: string | null;
    expires: Date;
    /** The recipient chooses when it comes (`scheduled: {byRecipient: true}`). */
    byRecipient: boolean;
  },
  link: string,
): OutgoingMessage {
  const until = gift.expires.toISOString().slice(0, 10);
  const note = gift.note ? `\n\n“${gift.note}”` : "";
  const headline = giftHeadline(gift.from, gift.occasion);
  if (to.email) {
    const next = gift.byRecipient
      ? `It comes from Nightcap when you say: claim it and choose when it's delivered (you'll need to be 21 or over): ${link}\n\nThe link works until ${until}.`
      : `It comes from Nightcap: see what's coming and when (you'll need to be 21 or over to receive it): ${link}`;
    return {
      channel: "email",
      recipient: to.email,
      template: "gift-claim",
      subject: headline,
      body: `Hi ${gift.recipient}, ${headline}.${note}\n\n${next}`,
    };
  }
  return {
    channel: "sms",
    recipient: `+1${to.mobile}`,
    template: "gift-claim",
    body: gift.byRecipient
      ? `Nightcap: ${headline}! Claim it by ${until}: ${link}`
      : `Nightcap: ${headline}! See when it arrives: ${link}`,
  };
}
