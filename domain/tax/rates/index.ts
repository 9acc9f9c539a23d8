import type { CityTaxes } from "../types.ts";
import { austin } from "./atx.ts";
import { chicago } from "./chi.ts";
import { washingtonDc } from "./dcmetro.ts";
import { denver } from "./den.ts";
import { losAngeles } from "./la.ts";
import { miami } from "./mia.ts";
import { newYork } from "./nyc.ts";
import { seattle } from "./sea.ts";
import { sanFrancisco } from "./sf.ts";
import { sanJose } from "./sj.ts";

/** Every seeded city's taxes (db/seed/stores.ts), keyed by the seed's city code. */
export const CITY_TAXES: Readonly<Record<string, CityTaxes>> = {
  CHI: chicago,
  LA: losAngeles,
  SF: sanFrancisco,
  NYC: newYork,
  ATX: austin,
  DEN: denver,
  SEA: seattle,
  MIA: miami,
  SJ: sanJose,
  DCMETRO: washingtonDc,
};

export { austin, chicago, denver, losAngeles, miami, newYork, sanFrancisco, sanJose, seattle, washingtonDc };

/** The rates and rules of a seeded city (a store's `city_code`); null where none are on record (ADR 61). */
export function cityTaxes(cityCode: string | null): Pick<CityTaxes, "rates" | "rules"> | null {
  const city = cityCode ? CITY_TAXES[cityCode] : undefined;
  return city ? { rates: city.rates, rules: city.rules } : null;
}
