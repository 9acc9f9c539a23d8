import type { ContentPage } from "../content-types.ts";

export const share: ContentPage = {
  title: "Give $10, get $10",
  description: "Invite friends to Nightcap: they get $10 off their first order and you get $10 of credit when they order.",
  lead: "Share Nightcap with friends who are 21 or older. They save on their first order, and you earn credit.",
  blocks: [
    { h2: "How it works" },
    {
      ol: [
        "Sign in and copy your personal invite link from your account.",
        "Send it to friends who are 21 or older.",
        "They get $10 off their first order of $30 or more.",
        "When their order is delivered, $10 of credit lands in your account.",
      ],
    },
    { h2: "Good to know" },
    {
      ul: [
        "You can earn credit for up to 20 friends a year.",
        "Credit applies to products, not to taxes, tips or fees, and expires after 12 months.",
        "Invites are for new customers only, one per household and payment card.",
        "Where state law does not allow discounts on alcohol, credit applies to non-alcoholic items and delivery.",
      ],
    },
    { cta: { label: "Sign in to get your link", to: "/login" } },
  ],
};
