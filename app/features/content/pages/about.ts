import type { ContentPage } from "../content-types.ts";

export const about: ContentPage = {
  title: "About Nightcap",
  description:
    "Nightcap delivers beer, wine and spirits from licensed local stores in about 30 minutes. Who we are, how it works, and where our product data comes from.",
  lead: "We connect you with licensed liquor stores near you, so the drinks for tonight arrive tonight.",
  blocks: [
    { h2: "How Nightcap works" },
    {
      p: "Nightcap is a marketplace. The bottles you see are stocked, priced and sold by independent, licensed retailers in your area. When you place an order, the store that serves your address packs it and a driver brings it to your door, usually in about 30 minutes. Where same-day delivery is not available, many stores ship wine and spirits to states that allow it.",
    },
    {
      p: "Every delivery is checked at the door: the driver scans a valid government photo ID and confirms that the person receiving the order is 21 or older and not visibly intoxicated. No ID, no delivery.",
    },
    { h2: "What we care about" },
    {
      ul: [
        "Responsible service: we never deliver to anyone under 21, and we support retailers in refusing any order that should not be delivered.",
        "Local stores: our partners are neighbourhood shops, and we help them reach customers without building their own delivery fleet.",
        "Honest prices: you see the price of the store that delivers to you, and every fee before you pay.",
      ],
    },
    { h2: "Data sources and credits" },
    {
      p: "Our product catalogue is built from two public government datasets, which give us real product names, sizes, categories and reference prices. We thank both publishers.",
    },
    {
      ul: [
        "BC Liquor Store Product Price List, published by the British Columbia Liquor Distribution Branch through DataBC. Contains information licensed under the Open Government Licence – British Columbia.",
        "Iowa Liquor Products, published by the Iowa Department of Commerce, Alcoholic Beverages Division, on data.iowa.gov. This dataset is in the public domain.",
      ],
    },
    {
      p: "Prices on Nightcap are set by our retail partners and may differ from the reference prices in these datasets. Product photos are illustrations. Neither publisher endorses Nightcap.",
    },
    { h2: "Get in touch" },
    {
      p: "Questions about an order? Visit [Contact us](/contact-us). Interested in selling on Nightcap? See [For retailers](/retailers). Want to join the team? See [Careers](/careers).",
    },
  ],
};
