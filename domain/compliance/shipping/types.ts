/**
 * What a store may ship to consumers in each state (issue 33 §3), by class, as data with sources
 * (`domain/compliance/shipping/`), read by the pure rule in `domain/compliance/where.ts`. A class a state's entry
 * does not list is not shipped there; a state without an entry gets nothing alcoholic.
 */
import type { Effective, Source } from "#domain/tax/types.ts";
import type { AlcoholClass } from "../goods.ts";

/** A state's cap on one class shipped to one person. A cap per month (or per two months) bounds each order too. */
export interface ShipLimit {
  /** Litres of the class one order may hold at most. A case is 9 litres (twelve 750 ml bottles). */
  litres: number;
  /** The law's own words, for the shopper: "1 case (9 litres) per person per month". */
  law: string;
  source: Source;
}

export interface ClassShipping {
  class: AlcoholClass;
  limit?: ShipLimit;
  note?: string;
  source: Source;
}

/** What one state lets our shipping store send to its residents. */
export interface StateShipping {
  /** Two-letter USPS state code ("DC" for the District). */
  state: string;
  ships: ClassShipping[];
  effective: Effective;
  sources: Source[];
}

/** The rules for a shipping store in one state: what it may send to each state (its own included). */
export interface ShipperRules {
  /** The state the shipping store is licensed in. */
  from: string;
  to: StateShipping[];
}
