import { formatCents } from "#domain/money.ts";
import type { OutgoingMessage } from "../messages/index.ts";

const link = (origin: string | null, path: string) => (origin ? `${origin}${path}` : path);

/** Both sides of a rewarded referral hear of their credit. */
export function referralRewardMessage(
  recipient: string,
  firstname: string,
  side: "referrer" | "friend",
  amount: number,
  friend: string,
  origin: string | null,
): OutgoingMessage {
  const money = formatCents(amount, true);
  return {
    channel: "email",
    recipient,
    template: "referral-reward",
    subject: `You've earned ${money} of Nightcap credit`,
    body:
      side === "referrer"
        ? `Hi ${firstname},\n\n${friend} just received their first Nightcap order, so ${money} of store credit is now in your account. It comes off your next order at checkout.\n\nInvite more friends: ${link(origin, "/share")}`
        : `Hi ${firstname},\n\nThanks for your first Nightcap order. As a friend of a Nightcap shopper you've earned ${money} of store credit, and it comes off your next order at checkout.\n\nInvite your own friends: ${link(origin, "/share")}`,
  };
}
