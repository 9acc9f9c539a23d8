import type { ContentPage } from "../content-types.ts";

export const merchantManagedDeliveryTerms: ContentPage = {
  title: "Merchant managed delivery terms",
  description: "Additional terms for Nightcap merchants that deliver orders with their own drivers: ID checks, training, insurance and service levels.",
  updated: "2026-01-15",
  lead: "These terms add to the [merchant terms](/merchant-terms) for Merchants that deliver Nightcap orders with their own employees or contractors ('Managed Delivery').",
  blocks: [
    { h2: "1. Drivers" },
    {
      p: "Merchant's drivers are at least 21 years old, hold a valid driver's licence, are insured as the law requires for commercial delivery, and have completed responsible-service training recognised in Merchant's state.",
    },
    { h2: "2. ID checks at the door" },
    {
      ul: [
        "Check a valid government-issued photo ID for every alcohol or tobacco delivery, using the Nightcap Driver app scanner where available.",
        "Refuse delivery to anyone under 21, anyone who appears intoxicated, and anyone who cannot show a valid ID, and return the order to the store.",
        "Never leave alcohol or tobacco unattended, and never hand it to someone other than the customer or the named gift recipient.",
      ],
    },
    { h2: "3. Service levels" },
    {
      p: "Merchant picks up orders within 10 minutes of packing and keeps the delivery status and driver location updated in the app. Nightcap may switch Merchant to Nightcap delivery if service levels are missed repeatedly.",
    },
    { h2: "4. Responsibility" },
    {
      p: "Merchant is responsible for its drivers' conduct, vehicles and compliance, and holds Nightcap harmless from claims arising from Managed Delivery, except where caused by Nightcap's own negligence.",
    },
    { h2: "5. Fees" },
    {
      p: "Delivery fees paid by customers on Managed Delivery orders are passed to Merchant, less the payment processing cost. The commission on products is the one in Merchant's order form.",
    },
  ],
};
