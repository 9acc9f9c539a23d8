import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaxBase } from "#domain/tax/part-tax.ts";
import {
  STAND_IN_SECRET_KEY,
  type StripeStandIn,
  startStripeStandIn,
} from "#tests/support/stripe-stand-in.ts";
import { EmbeddedTaxService } from "./embedded.ts";
import { TAX_UNAVAILABLE, type TaxPart, type TaxService } from "./service.ts";
import { StripeTaxService } from "./stripe-tax.ts";

/**
 * The tax service's contract (issue 33 §1, docs/adr/0069-tax-service.md), held by both implementations: the rate
 * table, and Stripe Tax against the local stand-in of its API. Then what only Stripe's adapter does: the request it
 * sends and the lines it reads back.
 */
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

const BOURBON = {
  id: "line-bourbon",
  taxClass: "spirits" as const,
  amount: 2999,
  quantity: 1,
  volumeMl: 750,
  abv: 45,
};
const base = (over: Partial<TaxBase> = {}): TaxBase => ({
  lines: [{ ...BOURBON, discount: 0 }],
  deliveryFee: 399,
  tip: 0,
  ...over,
});
const chicago = (over: Partial<TaxPart> = {}): TaxPart => ({
  storeId: "t-wacker",
  cityCode: "CHI",
  from: { line1: "233 S Wacker Dr", state: "IL", postalCode: "60601" },
  to: { line1: "1425 N Damen Ave", state: "IL", postalCode: "60622" },
  base: base(),
  on: new Date(),
  ...over,
});

const services: [string, () => TaxService][] = [
  ["the rate table", () => new EmbeddedTaxService()],
  ["Stripe Tax", () => new StripeTaxService({ secretKey: STAND_IN_SECRET_KEY, apiUrl: standIn.url })],
];

describe.each(services)("the tax service contract: %s", (_, make) => {
  it("taxes a Chicago bourbon and its delivery fee, in lines keyed by the base's lines that add up to the total", async () => {
    const result = await make().calculate(chicago());
    expect(result.total).toBeGreaterThan(0);
    expect(result.lines.reduce((n, l) => n + l.cents, 0)).toBe(result.total);
    const ids = new Set(result.lines.map((l) => l.lineId));
    expect(ids.has(BOURBON.id)).toBe(true);
    expect(ids.has("delivery_fee")).toBe(true);
    for (const id of ids) expect([BOURBON.id, "delivery_fee", "order"]).toContain(id);
    for (const line of result.lines) expect(line.jurisdiction).toMatch(/^US-IL(-[A-Z0-9-]+)?$/);
  });

  it("a discount on the line lowers its tax; nothing to tax is no tax", async () => {
    const service = make();
    const full = await service.calculate(chicago());
    const discounted = await service.calculate(
      chicago({ base: base({ lines: [{ ...BOURBON, discount: 1000 }] }) }),
    );
    expect(discounted.total).toBeLessThan(full.total);
    expect(await service.calculate(chicago({ base: base({ lines: [], deliveryFee: 0 }) }))).toEqual({
      lines: [],
      total: 0,
    });
  });
});

describe("Stripe Tax's adapter", () => {
  const stripe = (taxCodes = {}) =>
    new StripeTaxService({ secretKey: STAND_IN_SECRET_KEY, apiUrl: standIn.url, taxCodes });

  it("sends each line after its discount, the fee as shipping, the address and the day; reads the breakdown", async () => {
    const on = new Date("2026-11-29T21:00:00Z");
    const before = standIn.requests.length;
    const result = await stripe({ spirits: "txcd_00000001" }).calculate(
      chicago({ on, base: base({ lines: [{ ...BOURBON, discount: 500 }] }) }),
    );
    const sent = standIn.requests.slice(before).find((r) => r.path === "/v1/tax/calculations");
    expect(sent?.authorization).toBe(`Bearer ${STAND_IN_SECRET_KEY}`);
    const form = Object.fromEntries(sent?.params ?? []);
    expect(form).toMatchObject({
      currency: "usd",
      "line_items[0][amount]": "2499",
      "line_items[0][reference]": BOURBON.id,
      "line_items[0][tax_code]": "txcd_00000001",
      "line_items[0][tax_behavior]": "exclusive",
      "shipping_cost[amount]": "399",
      "shipping_cost[tax_code]": "txcd_92010001",
      "customer_details[address][postal_code]": "60622",
      "customer_details[address][state]": "IL",
      "customer_details[address][country]": "US",
      "customer_details[address_source]": "shipping",
      "ship_from_details[address][postal_code]": "60601",
      tax_date: String(on.getTime() / 1000),
    });
    // The stand-in's Chicago: 6.25 + 1.75 + 1.25 + 1 percent of $24.99 and of $3.99, each rounded.
    const bourbon = [156, 44, 31, 25];
    const fee = [25, 7, 5, 4];
    expect(result.lines.filter((l) => l.lineId === BOURBON.id).map((l) => l.cents)).toEqual(bourbon);
    expect(result.lines.filter((l) => l.lineId === "delivery_fee").map((l) => l.cents)).toEqual(fee);
    expect(result.total).toBe([...bourbon, ...fee].reduce((a, b) => a + b, 0));
    expect(result.lines[0]).toMatchObject({ jurisdiction: "US-IL", taxType: "sales" });
    // Stripe's places read as the rate table's ids where they are on record.
    expect(new Set(result.lines.map((l) => l.jurisdiction))).toEqual(
      new Set(["US-IL", "US-IL-COOK", "US-IL-CHICAGO", "US-IL-RTA"]),
    );
  });

  it("sends goods with no code named as general goods, and leaves a line discounted to nothing out", async () => {
    const before = standIn.requests.length;
    const soda = {
      id: "line-soda",
      taxClass: "soft_drink" as const,
      amount: 500,
      quantity: 1,
      volumeMl: 2000,
      abv: null,
    };
    await stripe().calculate(
      chicago({
        base: base({
          lines: [
            { ...BOURBON, discount: 2999 },
            { ...soda, discount: 0 },
          ],
        }),
      }),
    );
    const form = Object.fromEntries(standIn.requests.slice(before).at(-1)?.params ?? []);
    expect(form["line_items[0][reference]"]).toBe("line-soda");
    expect(form["line_items[0][tax_code]"]).toBe("txcd_99999999");
    expect(form["line_items[1][reference]"]).toBeUndefined();
  });

  it("a service that fails or cannot place the address is 503 tax_unavailable, never a bill without its tax", async () => {
    standIn.failNext({ kind: "status", status: 500 }, 3);
    await expect(stripe().calculate(chicago())).rejects.toMatchObject({
      status: 503,
      code: "tax_unavailable",
      message: TAX_UNAVAILABLE,
    });
    await expect(
      stripe().calculate(chicago({ to: { state: "IL", postalCode: "6062" }, from: null })),
    ).rejects.toMatchObject({ status: 503, code: "tax_unavailable" });
  });
});
