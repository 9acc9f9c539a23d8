import { describe, expect, it } from "vitest";
import type { CityTaxes, Rate, Source, TaxClass } from "../types.ts";
import { pct, RETRIEVED, source } from "./common.ts";
import { CITY_TAXES } from "./index.ts";

/** The seed's city codes (db/seed/stores.ts), written out so a city added there without rates fails here. */
const SEEDED = ["CHI", "LA", "SF", "NYC", "ATX", "DEN", "SEA", "MIA", "SJ", "DCMETRO"];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const inForce = (rate: Rate, day: string): boolean =>
  rate.effective.from <= day && (rate.effective.to === undefined || day < rate.effective.to);

/** The percentage (ppm) charged on a class on a day: the sum of every percent rate reaching it. */
const percentOn = (city: CityTaxes, taxClass: TaxClass, day: string): number =>
  city.rates
    .filter((r) => r.kind === "percent" && r.classes.includes(taxClass) && inForce(r, day))
    .reduce((sum, r) => sum + (r.kind === "percent" ? r.ratePpm : 0), 0);

/**
 * The published combined rate on general merchandise in each city, on the day the rates were read, with where it was
 * read. The data's jurisdictions must add up to it.
 */
const PUBLISHED: Record<string, { percent: number; source: Source }> = {
  CHI: {
    percent: 10.25,
    source: source(
      "The Center Square (Lincoln Daily News): Chicago's sales tax rate is 10.25%",
      "https://archives.lincolndailynews.com/2025/Jun/06/NEWS/news_e.shtml",
    ),
  },
  LA: {
    percent: 9.75,
    source: source(
      "Daily8 (FOX 11): LA County 9.5% to 9.75% from April 1, 2025",
      "https://www.daily8.com/en/hashtag/HomelessnessServicesandAffordableHousingOrdinance",
    ),
  },
  SF: {
    percent: 8.625,
    source: source(
      "LegalClarity: San Francisco 8.625% as of January 1, 2026",
      "https://legalclarity.org/what-is-the-sales-tax-in-san-francisco-8-625",
    ),
  },
  NYC: {
    percent: 8.875,
    source: source(
      "Accounting Byte forum: NYC 8.875% = 4% State + 4.5% City + 0.375% MCTD (Publication 718 not seen)",
      "https://forum.accountingbyte.com/threads/what-is-nyc-sales-tax.1390/latest",
    ),
  },
  ATX: {
    percent: 8.25,
    source: source(
      "Texas Comptroller, Sales Tax Collection FAQ: Austin 8.25 percent",
      "https://comptroller.texas.gov/taxes/sales/faq/collection.php",
    ),
  },
  DEN: {
    percent: 9.15,
    source: source(
      "Denverite: 8.81% now, 9.15% if 2Q passes (it passed: Ballotpedia)",
      "https://denverite.com/2024/10/14/vg-2024-denver-ballot-measure-2q-voter-guide",
    ),
  },
  SEA: {
    // unverified here: no page states 10.55%; it is proprights.org's 10.35% plus King County's 0.1% (KIRO 7) and
    // Seattle's 0.1% (Council Bill 121083), both in force in 2026.
    percent: 10.55,
    source: source(
      "proprights.org: Seattle 10.35%, plus King County's 0.1% from January 1, 2026",
      "https://proprights.org/blog/understanding-king-county%E2%80%99s-sales-tax-clarifying-103-rate-and-new-01-increase",
    ),
  },
  MIA: {
    percent: 7,
    source: source(
      "Florida Department of Revenue, Form DR-15DSS (unverified here: not seen in a stored copy)",
      "https://floridarevenue.com/Forms_library/current/dr15dss.pdf",
    ),
  },
  SJ: {
    percent: 10,
    source: source(
      "San Jose Inside: San José at 10% with Measure A (passed: KTVU), from April 1, 2026",
      "https://www.sanjoseinside.com/news/san-jose-consumers-face-10-sales-tax-under-rescue-plan/",
    ),
  },
  DCMETRO: {
    percent: 7,
    source: source(
      "VATupdate: DC general rate 7% from October 2026 (unverified here: OTR's notice not seen)",
      "https://www.vatupdate.com/2024/07/30/washington-dc-to-increase-sales-tax-rate-to-7-by-october-2026",
    ),
  },
};

const allSources = (city: CityTaxes): Source[] => [...city.rates.map((r) => r.source), ...city.rules.sources];

describe("tax rates data", () => {
  it("covers every seeded city, keyed by its code", () => {
    expect(Object.keys(CITY_TAXES).sort()).toEqual([...SEEDED].sort());
    for (const [code, city] of Object.entries(CITY_TAXES)) expect(city.cityCode).toBe(code);
  });

  for (const code of SEEDED) {
    describe(code, () => {
      const city = CITY_TAXES[code] as CityTaxes;
      const ids = new Set(city.jurisdictions.map((j) => j.id));
      const stateJurisdiction = city.jurisdictions.find((j) => j.level === "state");

      it("has one state, its rules, and at least the state's sales rate", () => {
        expect(city.jurisdictions.filter((j) => j.level === "state")).toHaveLength(1);
        expect(stateJurisdiction?.state).toBe(city.rules.state);
        for (const j of city.jurisdictions) expect(j.state).toBe(city.rules.state);
        expect(city.rules.sources.length).toBeGreaterThan(0);
        expect(
          percentOn(
            { ...city, rates: city.rates.filter((r) => r.jurisdiction === stateJurisdiction?.id) },
            "general",
            RETRIEVED,
          ),
        ).toBeGreaterThan(0);
      });

      it("names each jurisdiction once and rates only those", () => {
        expect(ids.size).toBe(city.jurisdictions.length);
        for (const rate of city.rates)
          expect(ids, `${rate.taxType} in ${rate.jurisdiction}`).toContain(rate.jurisdiction);
      });

      it("cites every rate and rule: a title, an https address, an ISO date", () => {
        for (const s of allSources(city)) {
          expect(s.title.trim().length, s.url).toBeGreaterThan(0);
          expect(s.url, s.title).toMatch(/^https:\/\/[^\s]+$/);
          expect(s.retrieved, s.title).toMatch(ISO_DATE);
          expect(Number.isNaN(Date.parse(s.retrieved))).toBe(false);
        }
      });

      it("keeps amounts as non-negative integers and windows as ISO dates in order", () => {
        for (const rate of city.rates) {
          // a per-order rate reaches no line: its classes are empty; every other rate reaches some
          if (rate.kind === "per_order") expect(rate.classes).toEqual([]);
          else expect(rate.classes.length).toBeGreaterThan(0);
          expect(rate.effective.from).toMatch(ISO_DATE);
          if (rate.effective.to !== undefined) {
            expect(rate.effective.to).toMatch(ISO_DATE);
            expect(rate.effective.to > rate.effective.from).toBe(true);
          }
          if (rate.minAbv !== undefined && rate.maxAbv !== undefined)
            expect(rate.minAbv).toBeLessThan(rate.maxAbv);
          if (rate.kind === "percent") {
            expect(Number.isSafeInteger(rate.ratePpm) && rate.ratePpm >= 0).toBe(true);
            expect(rate.ratePpm).toBeLessThan(1_000_000);
          } else if (rate.kind === "per_volume") {
            expect(Number.isSafeInteger(rate.microDollarsPerUnit) && rate.microDollarsPerUnit >= 0).toBe(
              true,
            );
          } else if (rate.kind === "per_order") {
            expect(Number.isSafeInteger(rate.cents) && rate.cents > 0).toBe(true);
          } else {
            expect(rate.tiers.length).toBeGreaterThan(0);
            expect(rate.tiers.at(-1)?.belowMl).toBeUndefined();
            const lines = rate.tiers.flatMap((t) => (t.belowMl === undefined ? [] : [t.belowMl]));
            expect(lines).toEqual([...lines].sort((a, b) => a - b));
            for (const t of rate.tiers) expect(Number.isSafeInteger(t.cents) && t.cents >= 0).toBe(true);
          }
        }
      });

      if (code === "CHI") {
        it("charges 11.75% on alcohol for off-premises consumption (Chowhound, 2026-03-03)", () => {
          expect(percentOn(city, "spirits", RETRIEVED)).toBe(pct(11.75));
          expect(percentOn(city, "beer", RETRIEVED)).toBe(pct(11.75));
        });
      }

      it("charges no rate included in the shelf price, and keeps per-litre taxes charged at retail", () => {
        const inPrice = city.rates.filter((r) => r.includedInPrice);
        // Chicago's and Cook County's per-gallon liquor taxes are collected from wholesalers and (Cook County)
        // required in the shelf price; Washington's spirits litre tax is collected from the buyer at retail.
        const expected = code === "CHI" ? 8 : 0;
        expect(inPrice).toHaveLength(expected);
        for (const rate of inPrice) expect(rate.kind).toBe("per_volume");
        if (code === "SEA")
          expect(city.rates.some((r) => r.kind === "per_volume" && !r.includedInPrice)).toBe(true);
      });

      it("keeps soft-drink and vapor taxes on their own classes, not on water or nicotine pouches", () => {
        const named = (pattern: RegExp) => city.rates.filter((r) => pattern.test(r.taxType));
        for (const rate of named(/soft drink/)) expect(rate.classes).toEqual(["soft_drink"]);
        for (const rate of named(/vapor|electronic cigarette/)) expect(rate.classes).toEqual(["vapor"]);
        // a general sales rate reaching nicotine also reaches vapor products
        for (const rate of city.rates.filter((r) => r.classes.includes("nicotine")))
          expect(rate.classes).toContain("vapor");
        const vaporTaxes = named(/vapor|electronic cigarette/).map((r) => `${r.jurisdiction} ${r.taxType}`);
        const expected: Record<string, string[]> = {
          NYC: ["US-NY vapor products"],
          LA: ["US-CA electronic cigarette excise"],
          SF: ["US-CA electronic cigarette excise"],
          SJ: ["US-CA electronic cigarette excise"],
        };
        expect(vaporTaxes).toEqual(expected[code] ?? []);
      });

      it("adds up to the published combined rate on general merchandise", () => {
        const published = PUBLISHED[code];
        expect(published?.source.url).toMatch(/^https:\/\//);
        expect(percentOn(city, "general", RETRIEVED)).toBe(Math.round((published?.percent ?? 0) * 10_000));
      });
    });
  }
});
