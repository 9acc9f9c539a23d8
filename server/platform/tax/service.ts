import type { TaxResult } from "#domain/tax/compute.ts";
import type { TaxBase } from "#domain/tax/part-tax.ts";
import { AppError } from "#server/errors.ts";

/** A US address as a tax service places it: the state and ZIP at least; the street when known. */
export interface TaxAddress {
  line1?: string;
  city?: string;
  state: string;
  postalCode: string;
}

/** One store's part of a bill to tax: its base (domain/tax/part-tax.ts), where it leaves from and goes, and when. */
export interface TaxPart {
  storeId: string;
  /** The store's seeded city (`stores.city_code`): the rate table's key. */
  cityCode: string | null;
  from: TaxAddress | null;
  /** The delivery or shipping address; null before the shopper gives one (then the store's place is used). */
  to: TaxAddress | null;
  base: TaxBase;
  on: Date;
}

/**
 * Who computes the tax of a store's part (issue 33 §1, docs/adr/0069-tax-service.md): the embedded rate table
 * (`embedded`, the default: `inline` says the pure bill may use the table itself, with no call) or a tax service
 * (`stripe`: Stripe Tax). Either answers the part's tax lines, keyed by the base's line ids, `delivery_fee`, `tip`
 * and `order`, adding up to the total.
 */
export interface TaxService {
  readonly kind: "embedded" | "stripe";
  readonly inline: boolean;
  calculate(part: TaxPart): Promise<TaxResult>;
}

export const TAX_UNAVAILABLE = "We can't work out the tax right now. Please try again in a moment.";

/** The answer when the tax service cannot be reached or refuses the part: nothing is charged without its tax. */
export const taxUnavailable = (cause?: unknown) =>
  Object.assign(new AppError(503, "tax_unavailable", TAX_UNAVAILABLE), { cause });

/** The ZIP at the end of a one-line US address ("233 S Wacker Dr, Chicago, IL 60601"). */
export function addressOf(text: string, state: string | null): TaxAddress | null {
  const zip = /\b(\d{5})(?:-\d{4})?\s*$/.exec(text.trim())?.[1];
  const st = state ?? /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\s*$/.exec(text.trim())?.[1];
  if (!zip || !st) return null;
  return { line1: text.split(",")[0]?.trim() || undefined, state: st, postalCode: zip };
}
