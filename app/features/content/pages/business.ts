import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const business: ContentPage = {
  title: "Nightcap for Business",
  description:
    "Corporate accounts for office parties, client gifts and events: one invoice, engraved bottles, scheduled and bulk delivery across our cities.",
  lead: "Office happy hours, client gifts and company events, handled by one account and one monthly invoice.",
  blocks: [
    { h2: "What a corporate account gives you" },
    {
      ul: [
        "Monthly invoicing with net-30 terms, purchase order numbers and cost centres on every order.",
        "Gifting at scale: upload a list of recipients, add a personal note, and each recipient picks a delivery time that suits them.",
        "Engraved bottles and branded gift sets for milestones, closings and holidays.",
        "Scheduled deliveries for events, up to 14 days ahead, with a dedicated account manager.",
        "Volume pricing on orders over $1,000 from a single store.",
      ],
    },
    { h2: "Who uses it" },
    {
      p: "Law firms and banks sending closing gifts, startups stocking the Friday fridge, event planners supplying weddings and conferences, and real-estate agents thanking buyers on moving day.",
    },
    { h2: "Responsible gifting" },
    {
      p: "Every recipient must be 21 or older and shows ID at delivery. Gifts that cannot be delivered are refunded to your account, less any engraving.",
    },
    { h2: "Open an account" },
    {
      p: `Tell us about your company below, or email ${COMPANY.businessEmail}. We set up most accounts within one business day.`,
    },
  ],
};
