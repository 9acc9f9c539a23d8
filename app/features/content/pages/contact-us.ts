import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const contactUs: ContentPage = {
  title: "Contact us",
  description: "Help with an order, a delivery, a refund or your account. Reach Nightcap support by chat or email, every day from 10 am to 2 am.",
  lead: `Our support team is here ${COMPANY.supportHours}.`,
  blocks: [
    { h2: "Help with an order" },
    {
      p: "The fastest way to reach us about an order in progress is the chat on your order tracking page: it goes straight to the team that can talk to your driver and the store.",
    },
    { p: `Otherwise email ${COMPANY.supportEmail} with your order number. We answer within a few hours.` },
    { h2: "Common questions" },
    {
      faq: [
        {
          q: "Where is my order?",
          a: "Open the tracking page from your order confirmation to see your driver on the map and the updated arrival time.",
        },
        {
          q: "Something is missing or damaged.",
          a: "Tell us within 48 hours of delivery and we refund or replace the item. See [Returns & refunds](/returns-refunds).",
        },
        {
          q: "My delivery was refused.",
          a: "Drivers must refuse a delivery when no valid ID is shown or the recipient appears under 21 or intoxicated. A restocking fee may apply; the rest of your payment is refunded.",
        },
        {
          q: "My ID check says I'm under 21, but I'm not.",
          a: `A card that was misread or not yours can refuse an ID check, and a new scan cannot undo it. Chat with us (signed in) or email ${COMPANY.supportEmail} from your account's email: we review the check, and once it is cleared you can scan your own ID again at checkout.`,
        },
        {
          q: "How do I change my email or delete my account?",
          a: "Sign in and open your account settings, or write to us and we will do it for you.",
        },
      ],
    },
    { h2: "Everyone else" },
    {
      ul: [
        `Retail partners: ${COMPANY.partnersEmail}`,
        `Corporate accounts: ${COMPANY.businessEmail}`,
        `Privacy requests: ${COMPANY.privacyEmail}`,
        `Press: ${COMPANY.pressEmail}`,
        `Mail: ${COMPANY.mailingAddress}`,
      ],
    },
  ],
};
