import Stripe from "stripe";
import type { TaxResult } from "#domain/tax/compute.ts";
import { knownJurisdiction } from "#domain/tax/summary.ts";
import type { TaxClass, TaxLine } from "#domain/tax/types.ts";
import { STRIPE_API_URL } from "../payments/stripe/stripe-provider.ts";
import { type TaxAddress, type TaxPart, type TaxService, taxUnavailable } from "./service.ts";

/**
 * Stripe's product tax codes by our classes. Seen in Stripe's API reference: `txcd_99999999` (General - Tangible
 * Goods) and `txcd_92010001` (Shipping). unverified here: Stripe's codes for beer, wine, spirits and tobacco were not
 * seen, so those classes go as general goods until an operator names them (`STRIPE_TAX_CODES`); Stripe then charges
 * the general rate where a state taxes alcohol apart.
 */
export const DEFAULT_STRIPE_TAX_CODES: Readonly<Partial<Record<TaxClass, string>>> = {};
export const GENERAL_GOODS_CODE = "txcd_99999999";
export const SHIPPING_CODE = "txcd_92010001";

export interface StripeTaxOptions {
  secretKey: string;
  apiUrl?: string;
  taxCodes?: Partial<Record<TaxClass, string>>;
  timeoutMs?: number;
}

const slug = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Our jurisdiction id for Stripe's: "US-IL" for a state; below it the rate table's id where the place is on record
 * ("Cook County" → "US-IL-COOK"), else one made of its name ("US-IL-LAKE-COUNTY").
 */
export function jurisdictionId(j: {
  country: string;
  state: string | null;
  level: string;
  display_name: string;
}) {
  const state = j.state ? `${j.country}-${j.state}` : j.country;
  if (j.level === "state" || j.level === "country") return state;
  return (
    (j.state && knownJurisdiction(j.state, j.level, j.display_name)) || `${state}-${slug(j.display_name)}`
  );
}

type Breakdown = {
  amount: number;
  jurisdiction: { country: string; state: string | null; level: string; display_name: string };
  tax_rate_details: { tax_type: string | null } | null;
};

const linesOf = (lineId: string, breakdown: readonly Breakdown[] | null | undefined): TaxLine[] =>
  (breakdown ?? [])
    .filter((b) => b.amount > 0)
    .map((b) => ({
      lineId,
      jurisdiction: jurisdictionId(b.jurisdiction),
      // Our tax types name the tax without the word ("sales", "retail liquor"): the rows add "tax".
      taxType: (b.tax_rate_details?.tax_type ?? "sales_tax").replace(/_tax$/, "").replaceAll("_", " "),
      cents: b.amount,
    }));

const stripeAddress = (a: TaxAddress) => ({
  country: "US",
  state: a.state,
  postal_code: a.postalCode,
  ...(a.line1 ? { line1: a.line1 } : {}),
  ...(a.city ? { city: a.city } : {}),
});

/**
 * Stripe Tax (a tax calculation per store part, through the Stripe SDK the payments already use): each line at its
 * amount after its discount share, the delivery fee as shipping, the tip not sent (no seeded place taxes tips),
 * destination-sourced at the delivery address, the store as ship-from. A refusal or an unreachable API is 503
 * `tax_unavailable`: nothing is charged without its tax.
 */
export class StripeTaxService implements TaxService {
  readonly kind = "stripe" as const;
  readonly inline = false;
  private readonly stripe: Stripe;
  private readonly codes: Partial<Record<TaxClass, string>>;

  constructor(options: StripeTaxOptions) {
    const api = new URL(options.apiUrl ?? STRIPE_API_URL);
    const protocol = api.protocol === "http:" ? "http" : "https";
    this.stripe = new Stripe(options.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === "http" ? 80 : 443),
      protocol,
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? 10_000,
      telemetry: false,
      appInfo: { name: "Nightcap" },
    });
    this.codes = { ...DEFAULT_STRIPE_TAX_CODES, ...options.taxCodes };
  }

  async calculate(part: TaxPart): Promise<TaxResult> {
    const to = part.to ?? part.from;
    const goods = part.base.lines
      .map((l) => ({ line: l, amount: l.amount - l.discount }))
      .filter((l) => l.amount > 0);
    if (!to || (goods.length === 0 && part.base.deliveryFee === 0)) return { lines: [], total: 0 };
    let calculation: Stripe.Tax.Calculation;
    try {
      calculation = await this.stripe.tax.calculations.create({
        currency: "usd",
        line_items: goods.map(({ line, amount }) => ({
          amount,
          reference: line.id,
          quantity: Math.max(1, line.quantity),
          tax_behavior: "exclusive",
          tax_code: this.codes[line.taxClass] ?? GENERAL_GOODS_CODE,
        })),
        ...(part.base.deliveryFee > 0
          ? {
              shipping_cost: {
                amount: part.base.deliveryFee,
                tax_behavior: "exclusive",
                tax_code: SHIPPING_CODE,
              },
            }
          : {}),
        customer_details: { address: stripeAddress(to), address_source: "shipping" },
        ...(part.from ? { ship_from_details: { address: stripeAddress(part.from) } } : {}),
        tax_date: Math.floor(part.on.getTime() / 1000),
        expand: ["line_items.data.tax_breakdown", "shipping_cost.tax_breakdown"],
      });
    } catch (err) {
      throw taxUnavailable(err);
    }
    const lines = [
      ...(calculation.line_items?.data ?? []).flatMap((li) => linesOf(li.reference, li.tax_breakdown)),
      ...linesOf("delivery_fee", calculation.shipping_cost?.tax_breakdown),
    ];
    const total = lines.reduce((n, l) => n + l.cents, 0);
    // The breakdown must account for the tax Stripe charges, to the cent: a calculation that does not is refused.
    if (total !== calculation.tax_amount_exclusive) throw taxUnavailable(new Error("tax breakdown mismatch"));
    return { lines, total };
  }
}
