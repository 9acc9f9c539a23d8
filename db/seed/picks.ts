import { bcSku, iowaSku } from "#domain/catalogue/source-sku.ts";

/** Hand-picked products for the storefront campaigns and for engraving, by their source ids. */

/** "me-time-whiskeys" (MT): a dozen premium whiskeys from the Iowa list, all 750ml. */
export const ME_TIME_WHISKEYS: readonly string[] = [
  "16850", // Blanton's
  "5486", // Macallan 12 Year
  "5430", // Lagavulin 16 Year
  "22215", // Woodford Reserve
  "16676", // Basil Hayden 8 Year
  "17766", // Eagle Rare
  "15856", // Redbreast 12 Year
  "5036", // Glenlivet 12 Year
  "15180", // WhistlePig 10 Year
  "5696", // Oban 14 Year
  "4356", // Balvenie 12 Year DoubleWood
  "19880", // Michter's US*1 Small Batch
].map((item) => iowaSku(item, 750));

/** "beers-of-the-month" (LR): a dozen beers from the BC list, by product number, litres and pack. */
export const BEERS_OF_THE_MONTH: readonly string[] = [
  ["643650", 330, 6], // Guinness Pub Draught
  ["487256", 330, 6], // Stella Artois
  ["186510", 330, 6], // Corona Extra
  ["18", 330, 6], // Heineken Lager
  ["120667", 355, 6], // Sierra Nevada Pale Ale
  ["562835", 341, 6], // Parallel 49 Filthy Dirty IPA
  ["388900", 330, 6], // Pilsner Urquell
  ["120501", 355, 6], // Negra Modelo
  ["689216", 750, 1], // Unibroue La Fin du Monde
  ["641167", 355, 6], // Lagunitas IPA
  ["784215", 355, 6], // New Belgium Fat Tire
  ["844399", 650, 1], // Driftwood Fat Tug IPA
].map(([sku, ml, qty]) => bcSku(String(sku), Number(ml), Number(qty)));

/** Premium 750ml spirits offered engraved ("_ETCH" variants). */
export const ETCHABLE_MASTERS: readonly string[] = [
  "19476", // Maker's Mark
  "26826", // Jack Daniel's Old No. 7
  "11296", // Crown Royal
  "16850", // Blanton's
  "5329", // Johnnie Walker Blue
  "88296", // Patron Silver
  "89164", // Don Julio 1942
  "87280", // Casamigos Blanco
  "48106", // Hennessy VS
  "48122", // Hennessy XO
].map((item) => iowaSku(item, 750));
