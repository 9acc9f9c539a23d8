/**
 * The stand-in's Stripe Tax: POST /v1/tax/calculations as Stripe's API reference shapes it (a `tax.calculation`
 * whose line items and shipping cost carry their tax breakdown when expanded), with a small rate table of its own
 * for the ZIPs the tests ship to. Its rates are written here, apart from `domain/tax/rates/`, so a test comparing
 * the two services compares two separate sources; they are Stripe-style sales taxes only (no per-gallon excises).
 */
type Level = "state" | "county" | "city" | "district";
interface StandInRate {
  level: Level;
  name: string;
  percent: number;
  /** Whether shipping is taxed here (Illinois taxes delivery with the goods; New York too). */
  shipping: boolean;
}

/** By ZIP prefix (most specific first), then by state. */
const BY_ZIP: [RegExp, string, StandInRate[]][] = [
  [
    /^606/,
    "IL",
    [
      { level: "state", name: "Illinois", percent: 6.25, shipping: true },
      { level: "county", name: "Cook County", percent: 1.75, shipping: true },
      { level: "city", name: "Chicago", percent: 1.25, shipping: true },
      { level: "district", name: "Regional Transportation Authority", percent: 1, shipping: true },
    ],
  ],
  [
    /^1(0[0-4])/,
    "NY",
    [
      { level: "state", name: "New York", percent: 4, shipping: true },
      { level: "city", name: "New York City", percent: 4.5, shipping: true },
      {
        level: "district",
        name: "Metropolitan Commuter Transportation District",
        percent: 0.375,
        shipping: true,
      },
    ],
  ],
  [/^9/, "CA", [{ level: "state", name: "California", percent: 7.25, shipping: false }]],
  [/^20[0-5]/, "DC", [{ level: "state", name: "District of Columbia", percent: 6, shipping: true }]],
];

export class TaxLocationError extends Error {}

export function standInRates(state: string, zip: string): StandInRate[] {
  for (const [pattern, st, rates] of BY_ZIP) if (st === state && pattern.test(zip)) return rates;
  return [];
}

const breakdownOf = (amount: number, state: string, zip: string, forShipping: boolean) =>
  standInRates(state, zip)
    .filter((r) => !forShipping || r.shipping)
    .map((r) => ({
      amount: Math.round((amount * r.percent) / 100),
      jurisdiction: { country: "US", display_name: r.name, level: r.level, state },
      sourcing: "destination",
      tax_rate_details: {
        display_name: "Sales Tax",
        percentage_decimal: r.percent.toFixed(4),
        tax_type: "sales_tax",
      },
      taxability_reason: "standard_rated",
      taxable_amount: amount,
    }));

/** One calculation from the form Stripe's SDK sends; throws TaxLocationError for an address it cannot place. */
export function taxCalculation(
  params: URLSearchParams,
  ids: { newId(prefix: string): string; now(): number },
) {
  const get = (name: string) => params.get(name);
  const expand = [...params].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
  const state = get("customer_details[address][state]") ?? "";
  const zip = get("customer_details[address][postal_code]") ?? "";
  if (get("customer_details[address][country]") !== "US" || !/^\d{5}$/.test(zip) || !/^[A-Z]{2}$/.test(state))
    throw new TaxLocationError();
  const items: { amount: number; reference: string; quantity: number; tax_code: string }[] = [];
  for (let i = 0; get(`line_items[${i}][amount]`) !== null; i++)
    items.push({
      amount: Number(get(`line_items[${i}][amount]`)),
      reference: get(`line_items[${i}][reference]`) ?? `li_${i}`,
      quantity: Number(get(`line_items[${i}][quantity]`) ?? 1),
      tax_code: get(`line_items[${i}][tax_code]`) ?? "txcd_99999999",
    });
  const id = ids.newId("taxcalc");
  const lineItems = items.map((item) => {
    const breakdown = breakdownOf(item.amount, state, zip, false);
    return {
      id: ids.newId("tax_li"),
      object: "tax.calculation_line_item",
      amount: item.amount,
      amount_tax: breakdown.reduce((n, b) => n + b.amount, 0),
      livemode: false,
      metadata: null,
      product: null,
      quantity: item.quantity,
      reference: item.reference,
      tax_behavior: "exclusive",
      tax_code: item.tax_code,
      ...(expand.includes("line_items.data.tax_breakdown") ? { tax_breakdown: breakdown } : {}),
    };
  });
  const shippingAmount = get("shipping_cost[amount]");
  const shippingBreakdown = shippingAmount ? breakdownOf(Number(shippingAmount), state, zip, true) : [];
  const shipping = shippingAmount
    ? {
        amount: Number(shippingAmount),
        amount_tax: shippingBreakdown.reduce((n, b) => n + b.amount, 0),
        tax_behavior: "exclusive",
        tax_code: get("shipping_cost[tax_code]") ?? "txcd_92010001",
        ...(expand.includes("shipping_cost.tax_breakdown") ? { tax_breakdown: shippingBreakdown } : {}),
      }
    : null;
  const tax = lineItems.reduce((n, l) => n + l.amount_tax, 0) + (shipping?.amount_tax ?? 0);
  const amount = items.reduce((n, l) => n + l.amount, 0) + (shipping?.amount ?? 0);
  return {
    id,
    object: "tax.calculation",
    amount_total: amount + tax,
    currency: get("currency"),
    customer: null,
    customer_details: {
      address: { country: "US", state, postal_code: zip, line1: get("customer_details[address][line1]") },
      address_source: get("customer_details[address_source]"),
      ip_address: null,
      tax_ids: [],
      taxability_override: "none",
    },
    expires_at: ids.now() + 90 * 86_400,
    line_items: expand.some((e) => e.startsWith("line_items"))
      ? { object: "list", data: lineItems, has_more: false, url: `/v1/tax/calculations/${id}/line_items` }
      : null,
    livemode: false,
    ship_from_details: null,
    shipping_cost: shipping,
    tax_amount_exclusive: tax,
    tax_amount_inclusive: 0,
    tax_breakdown: [],
    tax_date: Number(get("tax_date") ?? ids.now()),
  };
}
