import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";
import { prose } from "#domain/prose.ts";

export const termsOfService: ContentPage = {
  title: "Terms of service",
  description: "The terms that apply when you use Nightcap to order beer, wine, spirits and other products for delivery or shipping.",
  updated: "2026-01-15",
  lead: prose`These terms are an agreement between you and ${COMPANY.legalName}. By using Nightcap you accept them.`,
  blocks: [
    { h2: "1. Who can use Nightcap" },
    {
      p: "You must be at least 21 years old to create an account or to order, receive or be the recipient of alcohol or tobacco. You must give accurate information and keep your password private.",
    },
    { h2: "2. Nightcap is a marketplace" },
    {
      p: "Products are sold by independent licensed retailers. The retailer that accepts your order is the seller and is responsible for the sale of alcohol. Nightcap provides the platform, payment processing on the retailer's behalf and, where offered, delivery services.",
    },
    { h2: "3. Age verification and refused deliveries" },
    {
      p: "At delivery you, or your gift recipient, must show a valid government-issued photo ID. The driver must refuse the delivery if no valid ID is shown, the recipient appears under 21 or intoxicated, or the address is one where delivery is not allowed. A refused order is returned to the store and refunded, less a restocking fee of up to 20% of the product subtotal.",
    },
    { h2: "4. Prices, fees and payment" },
    {
      p: "Prices are set by retailers and may differ from in-store prices. Taxes, deposits, delivery and service fees are shown before you pay. Free shipping applies to eligible shipped orders of $150 or more. Promo codes and credit follow their own conditions and may not apply where state law forbids alcohol discounts.",
    },
    { h2: "5. Delivery times" },
    {
      p: "Arrival times are estimates. Weather, traffic and store volume can cause delays; we will keep you updated in the app.",
    },
    { h2: "6. Cancellations, returns and refunds" },
    { p: "See [Returns & refunds](/returns-refunds). Sales of alcohol are final except where the product is wrong, missing or damaged." },
    { h2: "7. Acceptable use" },
    {
      p: "Do not resell products bought on Nightcap, order for anyone under 21, abuse promotions, interfere with the service or harass drivers and store staff. We may suspend accounts that break these rules.",
    },
    { h2: "8. Liability" },
    {
      p: "To the extent the law allows, Nightcap is not liable for indirect or consequential losses, and our total liability for any claim is limited to the amount you paid for the order concerned. Nothing in these terms limits rights you have under consumer protection law.",
    },
    { h2: "9. Disputes" },
    {
      p: "These terms are governed by the laws of the State of Illinois. Before filing a claim, contact us so we can try to resolve it informally within 30 days.",
    },
    { h2: "10. Changes" },
    { p: `We may update these terms and will post the new version here. Questions: ${COMPANY.supportEmail}.` },
  ],
};
