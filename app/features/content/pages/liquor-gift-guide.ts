import type { ContentPage } from "../content-types.ts";

export const liquorGiftGuide: ContentPage = {
  title: "Liquor gift guide",
  description:
    "Gift ideas for every budget and occasion: bourbon, Scotch, tequila, Champagne and gift sets, delivered in about 30 minutes or shipped.",
  lead: "The right bottle says you were paying attention. Here is how to find it, whatever the occasion.",
  blocks: [
    { h2: "For the whiskey lover" },
    {
      p: "A wheated bourbon such as Maker's Mark is soft enough for a newcomer and rich enough for a regular. For a Scotch drinker, a single malt with an age statement is a safe and generous choice. Browse [whiskey](/spirits/whiskey).",
    },
    { h2: "For a celebration" },
    {
      p: "Nothing marks a promotion, an engagement or a new home like Champagne. A non-vintage brut from a well-known house always pleases; a rosé Champagne feels a little more special. Browse [Champagne & sparkling](/wine/champagne-sparkling).",
    },
    { h2: "For the host" },
    {
      p: "Bring something they can open tonight and something they can keep. A good red and a bottle of tequila or gin covers most dinner parties. Browse [red wine](/wine/red-wine) and [tequila](/spirits/tequila).",
    },
    { h2: "Gift sets and engraving" },
    {
      p: "Gift packs come with glasses, cocktail tools or miniatures. Many bottles can be engraved with up to three lines of text: look for the engraving badge on the product page. See every [gift](/gifting).",
    },
    { h2: "By budget" },
    {
      ul: [
        "Under $25: a crowd-pleasing bottle of wine, a six-pack of craft beer, or a liqueur for the cocktail fan.",
        "$25 to $50: a premium bourbon, a reposado tequila or a non-vintage Prosecco gift set.",
        "$50 to $100: Champagne, a single malt Scotch or an engraved bottle.",
        "Over $100: an aged whiskey, a prestige cuvée or a magnum for the big night.",
      ],
    },
    { h2: "Sending a gift" },
    {
      p: "Choose 'This is a gift' at checkout, add the recipient's phone number and a note. They get a link to pick a delivery time. Recipients must be 21 or older and show ID at the door.",
    },
  ],
};
