import { REFERRAL_CAP, REFERRAL_REWARD } from "#domain/referrals/rules.ts";
import type { ContentPage } from "../content-types.ts";

const friend = `$${REFERRAL_REWARD.friendCents / 100}`;
const you = `$${REFERRAL_REWARD.referrerCents / 100}`;

export const share: ContentPage = {
  title: `Give ${friend}, get ${you}`,
  description: `Invite friends to Nightcap: when their first order is delivered, they get ${friend} of credit and you get ${you}.`,
  lead: "Share Nightcap with friends who are 21 or older. When their first order is delivered, you both earn store credit.",
  blocks: [
    { h2: "How it works" },
    {
      ol: [
        "Sign in and copy your personal invite link from this page.",
        "Send it to friends who are 21 or older. They sign up through your link.",
        `When their first order is delivered, ${friend} of credit lands in their account and ${you} in yours.`,
        "Follow each invite here: signed up, ordered, rewarded.",
      ],
    },
    { h2: "Good to know" },
    {
      ul: [
        `You can earn credit for up to ${REFERRAL_CAP} friends.`,
        "Credit comes off your next order at checkout and lasts 12 months.",
        "Invites are for new customers only: not your own second account, nor someone who shares your payment card, device or delivery address.",
        "Where state law does not allow discounts on alcohol, credit applies to non-alcoholic items and delivery.",
      ],
    },
  ],
};
