import type { Source, TaxClass } from "../types.ts";

/**
 * What the rate files share. Every figure was looked up on RETRIEVED with the project's search tools (stored copies
 * of public pages); a figure marked `// unverified here: …` was not confirmed on a stored page and carries the
 * publisher's known page instead: check it against the live publication before relying on it.
 */
export const RETRIEVED = "2026-11-29";

/** A source read on RETRIEVED. */
export const source = (title: string, url: string): Source => ({ title, url, retrieved: RETRIEVED });

/**
 * What every general sales tax here reaches: the goods, and the delivery fee. The engine taxes the fee (a line of
 * class `delivery_fee`) only where `StateRules.deliveryFeeTaxable`, and only by rates that list its class, so the
 * general rates list it and the state's rule decides. Tips are taxed nowhere here (`tipTaxable` false everywhere).
 */
export const GOODS: TaxClass[] = [
  "beer",
  "wine",
  "spirits",
  "nicotine",
  "vapor",
  "tobacco",
  "soft_drink",
  "non_alcoholic",
  "general",
  "delivery_fee",
];

/** Goods without spirits: Washington's retail sales tax leaves spirits in their original container to its own tax. */
export const GOODS_BUT_SPIRITS: TaxClass[] = GOODS.filter((c) => c !== "spirits");

/** Percent to parts per million, exactly, for the percentages written below (at most 4 decimals). */
export const pct = (percent: number): number => Math.round(percent * 10_000);

/** Dollars to micro-dollars, exactly, for the amounts written below (at most 6 decimals). */
export const usd = (dollars: number): number => Math.round(dollars * 1_000_000);

/** 24 US fluid ounces in millilitres (24 × 29.5735), California's CRV size line. */
export const ML_24_FL_OZ = 709.76;

/** One US gallon in millilitres, New York's deposit line ("less than one gallon"). */
export const ML_1_GALLON = 3785.41;
