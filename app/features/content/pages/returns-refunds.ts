import type { ContentPage } from "../content-types.ts";

export const returnsRefunds: ContentPage = {
  title: "Returns & refunds",
  description: "What to do when an item is missing, wrong or damaged, how refunds work, and when a delivery can be cancelled.",
  updated: "2026-01-15",
  lead: "State alcohol laws mean sealed products cannot usually be returned once delivered, but if something goes wrong, we make it right.",
  blocks: [
    { h2: "Missing, wrong or damaged items" },
    {
      p: "Tell us within 48 hours of delivery through the order page or [Contact us](/contact-us). We refund the item to your original payment method or as Nightcap credit, whichever you prefer, or send a replacement when the store has it in stock.",
    },
    { h2: "Substitutions" },
    {
      p: "If an item is out of stock, the store may propose a substitute of similar or higher value at the same price. You can review, accept or remove substitutions before the order leaves the store.",
    },
    { h2: "Cancelling an order" },
    {
      ul: [
        "Before the store starts packing your order: free cancellation, full refund.",
        "After packing has started: we refund everything except items that have been engraved.",
        "Engraved bottles are made for you and cannot be cancelled or refunded once engraving has begun.",
      ],
    },
    { h2: "Refused deliveries" },
    {
      p: "If the driver cannot complete a delivery because no valid ID was shown, the recipient appeared under 21 or intoxicated, or no one was available, the order is returned to the store. We refund the order less a restocking fee of up to 20% of the product subtotal and the delivery fee.",
    },
    { h2: "Shipped orders" },
    {
      p: "Shipped orders need an adult signature. If a package arrives damaged, keep the packaging and send us a photo within 48 hours; we will arrange a replacement or refund.",
    },
    { h2: "How long refunds take" },
    { p: "Credit is immediate. Refunds to a card appear within 5 to 10 business days, depending on your bank." },
  ],
};
