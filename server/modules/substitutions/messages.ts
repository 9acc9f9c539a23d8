import { formatCents } from "#domain/money.ts";
import type { OutgoingMessage } from "../messages/index.ts";

/** Who hears about an order's substitutions: the shopper, by email and, with a mobile number, by text. */
export interface SubstitutionNotice {
  email: string;
  mobile: string | null;
  firstname: string;
  orderNumber: number;
  store: string;
  reviewUrl: string;
}

/** The store found items short: the shopper is asked to review, by email and text. */
export function substitutionsProposed(to: SubstitutionNotice, titles: string[]): OutgoingMessage[] {
  const items = titles.join(", ");
  const messages: OutgoingMessage[] = [
    {
      channel: "email",
      recipient: to.email,
      template: "substitutions-proposed",
      subject: `Order #${to.orderNumber}: some items need your OK`,
      body: [
        `Hi ${to.firstname},`,
        "",
        `${to.store} is short of ${items} for your order #${to.orderNumber}.`,
        "Choose what you'd like instead (or remove them), and we'll carry on:",
        to.reviewUrl,
        "",
        "If you don't answer, the store keeps what it has and refunds the rest.",
      ].join("\n"),
    },
  ];
  if (to.mobile)
    messages.push({
      channel: "sms",
      recipient: `+1${to.mobile}`,
      template: "substitutions-proposed",
      body: `Nightcap: ${to.store} is short of ${items} for order #${to.orderNumber}. Review substitutions: ${to.reviewUrl}`,
    });
  return messages;
}

/** The order's substitutions are settled: what changed, and the money. */
export function substitutionsDone(
  to: SubstitutionNotice,
  summary: { statuses: string[]; difference: number; byStore: boolean },
): OutgoingMessage {
  const money =
    summary.difference < 0
      ? `We've refunded ${formatCents(-summary.difference, true)} to your payment method; it can take 5–10 days to show.`
      : summary.difference > 0
        ? `The difference of ${formatCents(summary.difference, true)} is charged to your card.`
        : "Your total is unchanged.";
  return {
    channel: "email",
    recipient: to.email,
    template: "substitutions-done",
    subject: `Order #${to.orderNumber}: substitutions settled`,
    body: [
      `Hi ${to.firstname},`,
      "",
      summary.byStore
        ? `We didn't hear back in time, so ${to.store} kept what it had for your order #${to.orderNumber}:`
        : `Thanks! ${to.store} is finishing your order #${to.orderNumber} with your choices:`,
      ...summary.statuses.map((s) => `  ${s}`),
      "",
      money,
    ].join("\n"),
  };
}
