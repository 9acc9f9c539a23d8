import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const apply: ContentPage = {
  title: "Become a Nightcap driver or partner",
  description:
    "Deliver with Nightcap on your own schedule, or bring your liquor store onto Nightcap. Requirements, pay and how to apply.",
  lead: "Earn on your own schedule delivering for the liquor stores in your neighbourhood, or bring your store to thousands of new customers.",
  blocks: [
    { h2: "Deliver with Nightcap" },
    {
      p: "Drivers pick up orders from partner stores and bring them to customers nearby. Most trips are under three miles, and you choose when you are online.",
    },
    { h3: "What you need" },
    {
      ul: [
        "Be 21 or older, with a valid driver's licence and at least one year of driving experience.",
        "A car, scooter or e-bike (where local rules allow) and proof of insurance for it.",
        "A smartphone that runs the Nightcap Driver app.",
        "Pass a background check and a motor vehicle record check.",
        "Complete our responsible delivery training: checking IDs, spotting fake IDs and refusing a delivery when you should.",
      ],
    },
    { h3: "What you get" },
    {
      ul: [
        "Pay for every delivery plus 100% of your tips.",
        "Weekly payouts, or instant cash-out to a debit card.",
        "Peak-hour boosts on Friday and Saturday nights and around holidays.",
      ],
    },
    { h2: "Sell on Nightcap" },
    {
      p: "Own a licensed liquor, wine or beer store? We send you orders from customers near your shop and handle the delivery, customer support and payments. Read more on [For retailers](/retailers).",
    },
    { h2: "How to apply" },
    {
      ol: [
        `Email ${COMPANY.partnersEmail} with your name, city and whether you want to drive or partner as a store.`,
        "We reply within two business days with the next steps and a link to start your background check.",
        "Once approved, drivers complete a short online training and can start delivering the same week.",
      ],
    },
  ],
};
