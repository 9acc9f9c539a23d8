import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const retailers: ContentPage = {
  title: "Sell on Nightcap",
  description:
    "Grow your liquor store with on-demand delivery. Nightcap sends you orders from nearby customers and handles drivers, support and payments.",
  lead: "Reach new customers without hiring drivers or building an online store.",
  blocks: [
    { h2: "How it works for your store" },
    {
      ol: [
        "We list your catalogue at your shelf prices, synced with your point-of-sale system or a daily file.",
        "Customers within your delivery zone order on the Nightcap app and website.",
        "Your staff pack the order on a tablet we provide. A Nightcap driver, or your own staff with managed delivery, takes it to the customer and checks their ID.",
        "You receive the sale, less a commission, every week.",
      ],
    },
    { h2: "Why retailers choose Nightcap" },
    {
      ul: [
        "You stay the seller of record and keep control of your prices and products.",
        "No upfront cost, no monthly fee: you pay a commission only on completed orders.",
        "Shipping, where your licence allows it, lets you sell wine and spirits well beyond your delivery zone.",
        "Our support team handles customer questions, so your staff can stay behind the counter.",
      ],
    },
    { h2: "Requirements" },
    {
      ul: [
        "A current state retail licence that allows off-premises sales and delivery.",
        "A catalogue of at least 300 products, kept in stock.",
        "Opening hours that cover evenings, when most orders arrive.",
      ],
    },
    {
      p: `Read the [merchant terms](/merchant-terms) and the [managed delivery terms](/merchant-manageddelivery-terms), then apply below. Questions first? Email ${COMPANY.partnersEmail}.`,
    },
  ],
};
