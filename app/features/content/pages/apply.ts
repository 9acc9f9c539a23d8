import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const apply: ContentPage = {
  title: "Apply to Nightcap",
  description:
    "Apply for a role at Nightcap: engineering, operations, partnerships, compliance, support, or delivering as a driver.",
  lead: "Tell us who you are and which role you want. We read every application and reply within two weeks.",
  blocks: [
    { h2: "Driving with us" },
    {
      p: "Drivers are 21 or older, with a valid driver's licence, a year of driving, a car, scooter or e-bike with insurance, and a smartphone. Every driver passes a background check and our responsible delivery training (checking IDs, refusing a delivery when you should). You keep 100% of your tips.",
    },
    { h2: "Selling on Nightcap" },
    {
      p: `Own a licensed liquor, wine or beer store? Apply on [For retailers](/retailers) instead, or email ${COMPANY.partnersEmail}.`,
    },
  ],
};
