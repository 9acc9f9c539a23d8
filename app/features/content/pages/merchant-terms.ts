import type { ContentPage } from "../content-types.ts";

export const merchantTerms: ContentPage = {
  title: "Merchant terms",
  description: "The terms for licensed retailers selling on the Nightcap marketplace: listings, pricing, orders, compliance, fees and payouts.",
  updated: "2026-01-15",
  lead: "These terms apply to licensed retailers ('Merchants') that sell products to customers through Nightcap.",
  blocks: [
    { h2: "1. Licences and compliance" },
    {
      p: "Merchant holds and maintains every licence needed to sell and deliver the products it lists, and complies with all federal, state and local laws, including the rules on age verification, hours of sale and delivery areas. Merchant tells Nightcap at once if a licence is suspended or changed.",
    },
    { h2: "2. Seller of record" },
    {
      p: "Merchant is the seller of every product it sells through Nightcap and accepts or declines each order. Title and risk pass to the customer on delivery.",
    },
    { h2: "3. Catalogue, prices and stock" },
    {
      p: "Merchant sets its own prices and keeps its catalogue and stock levels accurate, through the point-of-sale integration or daily updates. Prices on Nightcap must not be higher than in-store prices by more than the amount disclosed to customers.",
    },
    { h2: "4. Orders" },
    {
      p: "Merchant confirms orders within 5 minutes and has them packed within 15 minutes during opening hours. When an item is out of stock, Merchant proposes a comparable substitute or removes the item.",
    },
    { h2: "5. Fees and payouts" },
    {
      p: "Nightcap collects payment from customers on Merchant's behalf and pays out weekly the product sales, taxes Merchant must remit and deposits, less the commission agreed in Merchant's order form and any refunds for Merchant errors.",
    },
    { h2: "6. Customer data" },
    {
      p: "Merchant uses customer information only to fulfil orders and meet legal record-keeping obligations, and not for its own marketing unless the customer has agreed.",
    },
    { h2: "7. Term and termination" },
    {
      p: "Either party may end this agreement with 30 days' written notice, or immediately for a material breach, including a compliance failure.",
    },
    { h2: "8. Managed delivery" },
    { p: "Merchants that deliver with their own staff also accept the [managed delivery terms](/merchant-manageddelivery-terms)." },
  ],
};
