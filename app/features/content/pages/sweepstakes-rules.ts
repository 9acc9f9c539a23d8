import { COMPANY } from "../company.ts";
import type { ContentPage } from "../content-types.ts";

export const sweepstakesRules: ContentPage = {
  title: "Sweepstakes official rules",
  description: "Official rules of Nightcap giveaways: eligibility, how to enter, bonus entries, prizes, odds and how winners are chosen.",
  updated: "2026-01-15",
  lead: "NO PURCHASE NECESSARY TO ENTER OR WIN. A PURCHASE DOES NOT INCREASE YOUR CHANCES OF WINNING BEYOND THE BONUS ENTRIES DESCRIBED BELOW. VOID WHERE PROHIBITED.",
  blocks: [
    { h2: "1. Sponsor" },
    { p: `${COMPANY.mailingAddress}.` },
    { h2: "2. Eligibility" },
    {
      p: "Open to legal residents of the 50 United States and the District of Columbia who are 21 or older at the time of entry. Employees of Nightcap, its retail partners and their immediate families are not eligible.",
    },
    { h2: "3. Entry period" },
    { p: "Each giveaway runs for the dates shown on its announcement in the Nightcap app and website (Eastern Time)." },
    { h2: "4. How to enter" },
    {
      ul: [
        "Online: while the giveaway is active, sign in and select 'Enter' on the giveaway banner: one entry per person per day.",
        "Bonus entries: each order delivered during the entry period earns additional entries, multiplied by the multiplier shown for that giveaway (50 when none is announced).",
        `Free method of entry: mail a postcard with your name, email, date of birth and the giveaway name to ${COMPANY.mailingAddress}. Each postcard counts as the same number of entries as one delivered order. Limit one postcard per envelope.`,
      ],
    },
    { h2: "5. Prizes" },
    {
      p: "Prizes are described on each giveaway's announcement with their approximate retail value. Alcohol prizes are delivered only where legal and to winners aged 21 or older. No cash or substitution except at the sponsor's discretion; winners pay any taxes.",
    },
    { h2: "6. Drawing and odds" },
    {
      p: "Winners are drawn at random from all eligible entries within five business days after the entry period ends. Odds depend on the number of eligible entries received.",
    },
    { h2: "7. Notification" },
    {
      p: "Winners are notified by email and must respond within seven days and may be required to sign an affidavit of eligibility. Otherwise an alternate winner may be chosen.",
    },
    { h2: "8. General" },
    {
      p: "By entering, you accept these rules and the sponsor's decisions. The sponsor may cancel or modify a giveaway if fraud or technical failure affects it. Personal information is used as described in our [privacy policy](/privacy-policy).",
    },
  ],
};
