import type { ContentPage } from "../content-types.ts";

export const loyaltyProgramBenefits: ContentPage = {
  title: "Nightcap Rewards",
  description:
    "Earn points on every order and unlock Silver, Gold and Platinum benefits: free delivery, early access and birthday rewards.",
  lead: "Every order earns points. Points unlock rewards and status.",
  blocks: [
    { h2: "How you earn" },
    {
      ul: [
        "1 point for every dollar spent on products (taxes, fees and tips excluded).",
        "50 points when you complete your profile and verify your age.",
        "100 points for each friend who places a first order with your referral link.",
        "25 points for rating an order.",
      ],
    },
    { h2: "Status tiers" },
    {
      ul: [
        "Member (0 points): birthday reward and members-only deals.",
        "Silver (500 points in a calendar year): free delivery on one order each month.",
        "Gold (1,500 points in a calendar year): free delivery on every order over $50 and early access to limited releases.",
        "Platinum (4,000 points in a calendar year): free delivery on every order, priority support and invitations to tastings.",
      ],
    },
    { h2: "Redeeming points" },
    {
      p: "Every 500 points is worth $5 of credit at checkout. Points expire 12 months after the month they were earned. Credit cannot be used for taxes, tips or where local law forbids discounts on alcohol.",
    },
    { h2: "The fine print" },
    {
      p: "Rewards are for personal use by customers aged 21 and over. Points have no cash value and cannot be transferred. We may change the program with 30 days' notice. See the [terms of service](/terms-of-service).",
    },
  ],
};
