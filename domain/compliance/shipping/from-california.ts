import type { Source } from "#domain/tax/types.ts";
import type { ClassShipping, ShipperRules, StateShipping } from "./types.ts";

/** When every figure here was last read against its source. */
const RETRIEVED = "2026-11-29";

const SOVOS_RETAILERS: Source = {
  title: "Sovos ShipCompliant: Where Retailers Can Ship DtC (updated January 4, 2024)",
  url: "https://sovos.com/blog/ship/where-retailers-can-ship-dtc/",
  retrieved: RETRIEVED,
};
const SOVOS_RETAILER_RULES: Source = {
  title:
    "Sovos ShipCompliant: Direct-to-Consumer Shipping Rules For Retailers (state content reviewed January 1, 2024)",
  url: "https://sovos.com/shipcompliant/resources/dtc-interstate-shipping-compliance-for-retailers/",
  retrieved: RETRIEVED,
};
const SOVOS_SPIRITS: Source = {
  title:
    "Sovos ShipCompliant: How and Where Can I Legally Ship Spirits DtC? (updated December 5, 2024) and DtC Spirits Interstate Shipping Compliance Rules (reviewed November 18, 2024)",
  url: "https://sovos.com/blog/ship/how-and-where-can-i-legally-ship-spirits-dtc",
  retrieved: RETRIEVED,
};
const WINE_INSTITUTE_TABLE: Source = {
  title: "Wine Institute: Direct Shipping Table (last updated May 20, 2025)",
  url: "https://wineinstitute.org/our-work/compliance/direct-shipping-table",
  retrieved: RETRIEVED,
};

/** A case of wine: twelve 750 ml bottles. */
const CASE_LITRES = 9;

const wine = (extra: Partial<ClassShipping> = {}): ClassShipping => ({
  class: "wine",
  source: SOVOS_RETAILERS,
  ...extra,
});

/**
 * Spirits by an out-of-state retailer: only where the state lets out-of-state retailers ship to its residents
 * (Sovos's retailer list) AND lets spirits be shipped direct to consumers at all (Sovos's spirits list: Alaska,
 * Arizona, Kentucky, Nebraska, New Hampshire, North Dakota, Rhode Island, Vermont and DC). The intersection is our
 * reading, the stricter one.
 */
const spirits = (): ClassShipping => ({
  class: "spirits",
  source: SOVOS_SPIRITS,
  // unverified here: the state's retailer shipping licence was not read to confirm it covers spirits, not wine only.
  note: "On both the out-of-state retailer list and the direct-to-consumer spirits list.",
});

const state = (
  code: string,
  ships: ClassShipping[],
  sources: Source[] = [SOVOS_RETAILERS],
): StateShipping => ({
  state: code,
  ships,
  effective: { from: "2024-01-01" },
  sources,
});

/**
 * What the shipping store (Nightcap Cellar, an off-sale retailer in Napa, California: db/seed/stores.ts) may ship.
 * Out-of-state retailers may ship wine to consumers in 12 states and DC (Sovos, 2024); everywhere else it is
 * illegal for a retailer to deliver alcohol into a state where it has no licensed store. Beer is on no list we
 * found for retailers, so it ships nowhere but California. Volume caps are the Wine Institute's (stated for
 * wineries; the retailer rules say "standard DtC compliance rules" apply) where its table was read.
 */
export const FROM_CALIFORNIA: ShipperRules = {
  from: "CA",
  to: [
    state(
      "CA",
      [
        // unverified here: that a California off-sale general (Type 21) licensee may send beer, wine and spirits to
        // consumers in California by common carrier; no page of the California ABC was read. Kept because the
        // sale and the delivery are both within the state that licenses the store.
        { class: "beer", source: SOVOS_RETAILER_RULES, note: "In-state: the store's own licence." },
        wine({ source: SOVOS_RETAILER_RULES, note: "In-state: the store's own licence." }),
        { class: "spirits", source: SOVOS_RETAILER_RULES, note: "In-state: the store's own licence." },
      ],
      [SOVOS_RETAILER_RULES],
    ),
    state("CT", [
      wine({
        limit: {
          litres: 2 * CASE_LITRES,
          law: "2 cases (18 litres) per person every 2 months",
          source: WINE_INSTITUTE_TABLE,
        },
      }),
    ]),
    state(
      "DC",
      [
        wine({
          limit: {
            litres: CASE_LITRES,
            law: "1 case (9 litres) per person per month",
            source: WINE_INSTITUTE_TABLE,
          },
        }),
        spirits(),
      ],
      [SOVOS_RETAILERS, SOVOS_SPIRITS, WINE_INSTITUTE_TABLE],
    ),
    state("FL", [wine({ note: "No permit; no volume cap (Wine Institute: unlimited)." })]),
    state("LA", [wine()]),
    state("NE", [wine(), spirits()], [SOVOS_RETAILERS, SOVOS_SPIRITS]),
    state("NH", [wine(), spirits()], [SOVOS_RETAILERS, SOVOS_SPIRITS]),
    state("NM", [wine()]),
    state("ND", [wine(), spirits()], [SOVOS_RETAILERS, SOVOS_SPIRITS]),
    state("OR", [wine()]),
    state("VA", [wine()]),
    state("WV", [wine()]),
    state("WY", [wine()]),
  ],
};
