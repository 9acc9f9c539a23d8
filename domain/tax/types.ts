/**
 * The tax engine's vocabulary (issue 33 §1). Rates are data (`domain/tax/rates/`), each with its source; the rules
 * that read them are pure (`domain/tax/`). Money is integer cents; rates are integer parts per million (10.25% is
 * 102_500) and per-volume amounts integer micro-dollars per unit ($2.68 a gallon is 2_680_000), so no rate is a float.
 */

/**
 * What a line is, as the tax laws tell goods apart. Wine splits by strength where a law does (see `minAbv`). Soft
 * drinks are apart from other non-alcoholic goods (Chicago's and DC's soft-drink taxes reach them, not water or ice),
 * and vapor products apart from other nicotine (New York's vapor products tax reaches e-cigarettes and e-liquids,
 * not pouches or gum).
 */
export type TaxClass =
  | "beer"
  | "wine"
  | "spirits"
  | "nicotine" // pouches, gum, lozenges: nicotine that is not a vapor product
  | "vapor" // e-cigarettes, e-liquids, pods (vapor products, with or without nicotine)
  | "tobacco"
  | "soft_drink" // carbonated or sweetened drinks: sodas, sweetened teas and juice drinks, energy drinks
  | "non_alcoholic" // water, ice, unsweetened mixers and juices: other non-food drinks
  | "food" // snacks sold as groceries where a state taxes them apart
  | "general" // everything else sold (gift bags, accessories)
  | "delivery_fee"
  | "tip";

/** Where a tax is levied. `id` is stable and readable, e.g. "US-IL", "US-IL-COOK", "US-IL-CHICAGO", "US-IL-RTA". */
export interface Jurisdiction {
  id: string;
  name: string;
  level: "state" | "county" | "city" | "district";
  /** Two-letter USPS state code ("DC" for the District). */
  state: string;
}

/** The official publication a rate or rule comes from, and when we read it. */
export interface Source {
  title: string;
  url: string;
  /** ISO date the figure was checked against the source. */
  retrieved: string;
}

/** A window of dates a rate is in force: from inclusive, to exclusive (ISO dates; `to` absent while current). */
export interface Effective {
  from: string;
  to?: string;
}

interface RateBase {
  jurisdiction: string; // Jurisdiction.id
  /** What the filing calls it: "sales", "liquor", "soft drink", "spirits litre tax", … */
  taxType: string;
  /** The classes it applies to. */
  classes: TaxClass[];
  /**
   * For wine split by strength: applies only from `minAbv` (percent, inclusive unless `minAbvExclusive`) up to
   * `maxAbv` (exclusive unless `maxAbvInclusive`). "14% or less" is `maxAbv: 14, maxAbvInclusive: true`; "more than
   * 14% and less than 20%" is `minAbv: 14, minAbvExclusive: true, maxAbv: 20`; "20% or more" is `minAbv: 20`.
   */
  minAbv?: number;
  minAbvExclusive?: true;
  maxAbv?: number;
  maxAbvInclusive?: true;
  /**
   * The tax is already in the shelf price: collected upstream (from the wholesaler) and recovered in the price, or
   * required by law to be included in it (Cook County's liquor tax). Kept in the data for the record and the filing
   * report, never charged at checkout: a tax line for it would tax the buyer twice.
   */
  includedInPrice?: true;
  effective: Effective;
  source: Source;
}

/** A percentage of the taxable amount (the line's price after the discounts the jurisdiction lets reduce it). */
export interface PercentRate extends RateBase {
  kind: "percent";
  ratePpm: number;
}

/** An amount per volume of liquid sold (Chicago's liquor tax per gallon, Washington's spirits tax per litre). */
export interface VolumeRate extends RateBase {
  kind: "per_volume";
  unit: "gallon" | "litre";
  microDollarsPerUnit: number;
}

/** A container deposit or redemption value (California CRV, New York's bottle deposit): per container by size. */
export interface DepositRate extends RateBase {
  kind: "deposit";
  /** Cents per container, by the container's size: the first tier whose `belowMl` is above the size (or has none). */
  tiers: { belowMl?: number; cents: number }[];
}

/**
 * A fixed amount once per order with goods in it (Colorado's Retail Delivery Fee per delivery, Chicago's checkout
 * bag tax for the order's bag). `classes` is empty: it reaches no line, and is charged as a line of its own
 * (`ORDER_LINE` in compute.ts).
 */
export interface PerOrderRate extends RateBase {
  kind: "per_order";
  cents: number;
}

export type Rate = PercentRate | VolumeRate | DepositRate | PerOrderRate;

/** How a state decides whose rates apply to a delivery, and what it taxes around the goods. */
export interface StateRules {
  state: string;
  /** "origin": the store's jurisdictions; "destination": the delivery address's. */
  sourcing: "origin" | "destination";
  /** Whether a separately stated delivery fee is taxed (at the goods' rates), and whether a voluntary tip is. */
  deliveryFeeTaxable: boolean;
  tipTaxable: boolean;
  /**
   * Whether a container deposit is part of the taxable price: when set, each percent rate reaching a line also taxes
   * the deposits charged on it (California's CRV is taxed with the drink).
   */
  depositTaxable: boolean;
  /** Whether a store's own discount (promo, credit) reduces the taxable base. */
  discountReducesBase: boolean;
  /** Tax rounded on each line, or once on the invoice's total per tax. */
  rounding: "per_line" | "per_invoice";
  sources: Source[];
}

/** One city we deliver in: the jurisdictions that overlap it and their rates, with the state's rules. */
export interface CityTaxes {
  /** The seed's city code (db/seed/stores.ts): "CHI", "LA", … */
  cityCode: string;
  jurisdictions: Jurisdiction[];
  rates: Rate[];
  rules: StateRules;
}

/** A line to tax: what it is, its price after discounts as the caller reckons them, and its liquid. */
export interface TaxableLine {
  id: string;
  taxClass: TaxClass;
  /** Cents before discounts, and the share of store discounts allotted to it (both non-negative). */
  amount: number;
  discount: number;
  quantity: number;
  /** Per unit, where known: liquid volume in ml and alcohol by volume in percent. */
  volumeMl: number | null;
  abv: number | null;
}

/** One tax on one line, in cents. Their sum is the tax charged. */
export interface TaxLine {
  lineId: string;
  jurisdiction: string;
  taxType: string;
  cents: number;
}
