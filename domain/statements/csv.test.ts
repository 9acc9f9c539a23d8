import { describe, expect, it } from "vitest";
import { statementFileName, statementLinesCsv, statementOrdersCsv } from "./csv.ts";
import { buildStatement } from "./statement.ts";
import type { StoreTerms } from "./types.ts";

const terms: StoreTerms = {
  commissionPpm: 150_000,
  commissionPerOrder: 0,
  processingPpm: 29_000,
  processingFixed: 30,
  deliveryFeesTo: "store",
  tipsTo: "store",
};
const week = { from: "2026-11-23", to: "2026-11-29" };
const base = { deliveryFee: 0, tip: 0, tax: 0, roundUp: 0, promo: null, credit: 0 };
const statement = buildStatement(
  [
    { kind: "captured", id: "1", orderId: "A", date: "2026-11-23", ...base, merchandise: 2000, tax: 165 },
    { kind: "captured", id: "2", orderId: "B", date: "2026-11-24", ...base, merchandise: 1000 },
    {
      kind: "refunded",
      id: "3",
      orderId: "B",
      date: "2026-11-25",
      reason: "damaged",
      ...base,
      merchandise: 500,
    },
  ],
  terms,
  week,
);

const rows = (csv: string) => csv.split("\r\n").filter(Boolean);

describe("a statement as CSV", () => {
  it("writes its lines in dollars, escaping a cell a spreadsheet would run", () => {
    const csv = statementLinesCsv({
      storeName: '=HYPERLINK("http://evil")',
      statement,
      status: "closed",
      label: (key) => (key === "merchandise" ? "Merchandise, sold" : key),
    });
    const lines = rows(csv);
    expect(lines[0]).toBe(
      "store,period_from,period_to,status,line,category,funded_by,reason,kept_by,orders,amount",
    );
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil"")",2026-11-23,2026-11-29,closed,"Merchandise, sold",merchandise,,,,2,30.00`,
    );
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil"")",2026-11-23,2026-11-29,closed,refunds:damaged,refunds,,damaged,,1,5.00`,
    );
    // A negative figure is a number, not escaped: only text is.
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("writes the orders behind it, each with its share of every figure, adding up to the statement", () => {
    const lines = rows(
      statementOrdersCsv({
        statement,
        orderNumbers: new Map([
          ["A", 101],
          ["B", 102],
        ]),
      }),
    );
    expect(lines[0]).toBe(
      "order_number,order_id,merchandise,delivery_fees,tips,taxes,donations,promos_platform_funded,promos_store_funded,credit,refunds,commission,processing_fees,net_payable,refund_reasons",
    );
    // A: 2000 goods, 165 tax; card 2165 → 62.785 → 63 + 30 = 93; commission 300; net 2000 − 300 − 93 = 1607.
    expect(lines[1]).toBe("101,A,20.00,0.00,0.00,1.65,0.00,0.00,0.00,0.00,0.00,3.00,0.93,16.07,");
    // B: 1000 goods, 500 back; card 1000 → 29 + 30 = 59; commission 150 − 75 = 75; net 1000 − 500 − 75 − 59 = 366.
    expect(lines[2]).toBe("102,B,10.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,5.00,0.75,0.59,3.66,damaged");
    expect(lines).toHaveLength(3);
  });

  it("names the download by the store and the week", () => {
    expect(statementFileName("Nightcap Wacker", week, "orders")).toBe(
      "nightcap-statement-nightcap-wacker-2026-11-23-to-2026-11-29-orders.csv",
    );
  });
});
