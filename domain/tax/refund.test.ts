import { describe, expect, it } from "vitest";
import { type LineRefund, refundTax } from "./refund.ts";
import type { TaxLine } from "./types.ts";

const charged: TaxLine[] = [
  { lineId: "wine", jurisdiction: "US-ZZ", taxType: "sales", cents: 107 },
  { lineId: "wine", jurisdiction: "US-ZZ-TOWN", taxType: "sales", cents: 21 },
  { lineId: "wine", jurisdiction: "US-ZZ-TOWN", taxType: "liquor", cents: 7 },
  { lineId: "beer", jurisdiction: "US-ZZ", taxType: "sales", cents: 10 },
];

const part = (lineId: string, num: number, den: number, before = 0, beforeDen = 1): LineRefund => ({
  lineId,
  fraction: { num, den },
  before: { num: before, den: beforeDen },
});

const cents = (lines: TaxLine[]) => lines.map((l) => `${l.lineId} ${l.jurisdiction} ${l.taxType} ${l.cents}`);

describe("refundTax", () => {
  it("a whole line: exactly its tax lines, none of the others", () => {
    expect(refundTax(charged, [part("wine", 1, 1)], [])).toEqual(charged.slice(0, 3));
  });

  it("half a line: each tax rounded half-up (107/2 = 53.5 → 54, 21/2 → 11, 7/2 → 4)", () => {
    expect(cents(refundTax(charged, [part("wine", 1, 2)], []))).toEqual([
      "wine US-ZZ sales 54",
      "wine US-ZZ-TOWN sales 11",
      "wine US-ZZ-TOWN liquor 4",
    ]);
  });

  it("the second half returns the rest, exactly: 53, 10, 3", () => {
    const first = refundTax(charged, [part("wine", 1, 2)], []);
    const second = refundTax(charged, [part("wine", 1, 2, 1, 2)], first);
    expect(cents(second)).toEqual([
      "wine US-ZZ sales 53",
      "wine US-ZZ-TOWN sales 10",
      "wine US-ZZ-TOWN liquor 3",
    ]);
  });

  it("thirds telescope: 10 cents refunded a third at a time is 3 + 4 + 3 = 10, not 3 + 3 + 3", () => {
    const thirds = [part("beer", 1, 3), part("beer", 1, 3, 1, 3), part("beer", 1, 3, 2, 3)];
    const given: TaxLine[] = [];
    for (const refund of thirds) given.push(...refundTax(charged, [refund], given));
    expect(given.map((l) => l.cents)).toEqual([3, 4, 3]); // round(10/3) = 3, round(20/3) − 3 = 4, 10 − 7 = 3
  });

  it("cents of the line's amount: $5 of a $20 line refunds a quarter of its tax (10/4 = 2.5 → 3)", () => {
    const refund: LineRefund = { lineId: "beer", cents: 500, amount: 2000, before: 0 };
    expect(cents(refundTax(charged, [refund], []))).toEqual(["beer US-ZZ sales 3"]);
  });

  it("never more than charged, even when earlier refunds were more generous than their share", () => {
    const generous: TaxLine[] = [{ ...charged[3], cents: 9 }];
    expect(cents(refundTax(charged, [part("beer", 1, 2, 1, 2)], generous))).toEqual(["beer US-ZZ sales 1"]);
    expect(refundTax(charged, [part("beer", 1, 4, 1, 4)], generous)).toEqual([]); // target 5, already 9: nothing
  });

  it("a line with no tax, or no share, refunds nothing", () => {
    expect(refundTax(charged, [part("snack", 1, 1), part("beer", 0, 1)], [])).toEqual([]);
  });

  it("refuses a share beyond the line, a bad fraction, and one line twice", () => {
    expect(() => refundTax(charged, [part("beer", 2, 3, 1, 2)], [])).toThrow(RangeError);
    expect(() => refundTax(charged, [part("beer", 1, 0)], [])).toThrow(RangeError);
    expect(() => refundTax(charged, [part("beer", -1, 2)], [])).toThrow(RangeError);
    expect(() => refundTax(charged, [{ lineId: "beer", cents: 2001, amount: 2000, before: 0 }], [])).toThrow(
      RangeError,
    );
    expect(() => refundTax(charged, [part("beer", 1, 4), part("beer", 1, 4)], [])).toThrow(RangeError);
  });
});
