import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffShelf } from "./diff.ts";
import {
  type ColumnMapping,
  type FeedLine,
  gtinCheckDigit,
  isSquareHeader,
  normaliseUpc,
  parsePriceCents,
  parseQuantity,
  readFeed,
  renderGenericFeed,
} from "./layouts.ts";
import { matchFeed } from "./match.ts";

/** A small Square item library export (the August 2025 header, trimmed of columns we ignore, two locations). */
const SQUARE_EXPORT = [
  '"Token","Item Name","Variation Name","SKU","Description","Categories","GTIN","Price","Archived","Sellable","Contains Alcohol","Enabled Main St","Current Quantity Main St","New Quantity Main St","Price Main St","Enabled Airport","Current Quantity Airport","New Quantity Airport","Price Airport"',
  '"VXQ2MHRZ","Tito\'s Handmade Vodka","750ml","TITO-750","","Vodka","619410001103","$24.99","N","Y","Y","Y","18","","$24.99","Y","4","","$29.99"',
  '"K3J7WQPA","Tito\'s Handmade Vodka","1.75L","TITO-1750","","Vodka","","$42.99","N","Y","Y","Y","6","","$41.99","Y","0","",""',
  '"P9D1LL0E","The Glenlivet 12 Year","Regular","GLEN-12","Single malt, ""Founder\'s Reserve"" style","Scotch","080432400432","59.99","N","Y","Y","Y","3","","","Y","1","",""',
  '"RM4Z8XCT","Corona Extra 6 Pack","Regular","","","Beer","","$11","N","Y","Y","Y","40","","","Y","12","",""',
].join("\r\n");

const GENERIC_MAPPING: ColumnMapping = {
  upc: "Barcode",
  sku: "Item #",
  name: "Description",
  size: "Size",
  price: "Retail",
  quantity: "On Hand",
};

const GENERIC_EXPORT = `Item #,Barcode,Description,Size,Retail,On Hand,Vendor
1001,0 88000 02089 1,Jack Daniel's Old No. 7,750ML,$26.99,12,Brown-Forman
1002,88000021850,Jack Daniel's Old No. 7,1.75L,"$1,049.00",0,Brown-Forman
1003,,Smirnoff No. 21 Vodka,750ML,15,7,Diageo
`;

describe("isSquareHeader", () => {
  it("knows Square's export by its headers, with or without a location", () => {
    expect(
      isSquareHeader(["Token", "Item Name", "Variation Name", "SKU", "Price", "Current Quantity Main St"]),
    ).toBe(true);
    expect(isSquareHeader(["Token", "Item Name", "Variation Name", "SKU", "Price", "Current Quantity"])).toBe(
      true,
    );
    expect(isSquareHeader(["Item #", "Barcode", "Description", "Retail", "On Hand"])).toBe(false);
  });
});

describe("parsePriceCents", () => {
  it.each([
    ["$12.99", 1299],
    ["12.99", 1299],
    ["12", 1200],
    [" $ 0.5 ", 50],
    [".99", 99],
    ["$1,299.00", 129900],
    ["abc", null],
    ["-3.00", null],
    ["12.999", null],
    ["12,99", null],
    ["", null],
  ])("%j → %j", (text, cents) => expect(parsePriceCents(text)).toBe(cents));

  it("reads back every amount written with two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        expect(parsePriceCents(text)).toBe(cents);
      }),
    );
  });
});

describe("parseQuantity", () => {
  it.each([
    ["12", 12],
    ["0", 0],
    ["12.0", 12],
    ["1,200", 1200],
    ["-1", null],
    ["2.5", null],
    ["many", null],
  ])("%j → %j", (text, n) => expect(parseQuantity(text)).toBe(n));
});

describe("normaliseUpc", () => {
  it.each([
    ["619410001103", "619410001103"],
    ["0 88000 02089 1", "088000020891"],
    ["088000-020891", "088000020891"],
    // A spreadsheet dropped the leading zero; EAN-13 and GTIN-14 forms of the same UPC are the same key.
    ["88000020891", "088000020891"],
    ["0088000020891", "088000020891"],
    ["00088000020891", "088000020891"],
    ["5000299000014", "5000299000014"],
    ["96385074", "000096385074"],
  ])("%j → %j", (text, upc) => expect(normaliseUpc(text)).toEqual({ ok: true, upc }));

  it.each([
    ["619410001104", "check digit should be 3"],
    ["61941OOO1103", "characters other than digits"],
    ["1234567", "has 7 digits"],
  ])("%j is refused (%s)", (text, words) => {
    const r = normaliseUpc(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(words);
  });

  it("accepts every code with its check digit, and refuses every other last digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{10}$/), fc.integer({ min: 0, max: 9 }), (body, digit) => {
        const ok = digit === gtinCheckDigit(body);
        expect(normaliseUpc(`${body}${digit}`).ok).toBe(ok);
      }),
    );
  });
});

describe("readFeed: Square", () => {
  it("reads the chosen location's quantity and price, the variation as the size", () => {
    const r = readFeed(SQUARE_EXPORT, { squareLocation: "Main St" });
    expect(r).toEqual({
      ok: true,
      layout: "square",
      lines: [
        {
          line: 2,
          upc: "619410001103",
          sku: "TITO-750",
          name: "Tito's Handmade Vodka",
          size: "750ml",
          priceCents: 2499,
          quantity: 18,
        },
        {
          line: 3,
          sku: "TITO-1750",
          name: "Tito's Handmade Vodka",
          size: "1.75L",
          priceCents: 4199,
          quantity: 6,
        },
        // No location price: the item's price; "Regular" is no size.
        {
          line: 4,
          upc: "080432400432",
          sku: "GLEN-12",
          name: "The Glenlivet 12 Year",
          priceCents: 5999,
          quantity: 3,
        },
        { line: 5, name: "Corona Extra 6 Pack", priceCents: 1100, quantity: 40 },
      ],
    });
  });

  it("asks for the location when the export has several", () => {
    const r = readFeed(SQUARE_EXPORT);
    expect(r).toEqual({
      ok: false,
      layout: "square",
      problems: [
        {
          line: 1,
          column: null,
          message: 'The file has several locations ("Main St", "Airport"): choose this store\'s location',
        },
      ],
    });
    const wrong = readFeed(SQUARE_EXPORT, { squareLocation: "Downtown" });
    expect(wrong.ok || wrong.problems[0].message).toBe(
      'The file has no "Current Quantity Downtown" column for this store\'s location',
    );
  });

  it("uses the only location without being told", () => {
    const text =
      '"Token","Item Name","Variation Name","SKU","Price","Current Quantity Shop"\n"T1","Aperol","750 mL","AP-1","21.50","5"\n';
    expect(readFeed(text)).toEqual({
      ok: true,
      layout: "square",
      lines: [{ line: 2, sku: "AP-1", name: "Aperol", size: "750 mL", priceCents: 2150, quantity: 5 }],
    });
  });
});

describe("readFeed: generic", () => {
  it("reads the store's layout through its column mapping", () => {
    expect(readFeed(GENERIC_EXPORT, { mapping: GENERIC_MAPPING })).toEqual({
      ok: true,
      layout: "generic",
      lines: [
        {
          line: 2,
          upc: "088000020891",
          sku: "1001",
          name: "Jack Daniel's Old No. 7",
          size: "750ML",
          priceCents: 2699,
          quantity: 12,
        },
        {
          line: 3,
          upc: "088000021850",
          sku: "1002",
          name: "Jack Daniel's Old No. 7",
          size: "1.75L",
          priceCents: 104900,
          quantity: 0,
        },
        { line: 4, sku: "1003", name: "Smirnoff No. 21 Vodka", size: "750ML", priceCents: 1500, quantity: 7 },
      ],
    });
  });

  it("matches mapped headers regardless of case, and skips blank rows", () => {
    const text = "UPC,NAME,PRICE,QTY\n619410001103,Tito's,24.99,3\n,,,\n";
    expect(
      readFeed(text, { mapping: { upc: "upc", name: "name", price: "price", quantity: "qty" } }),
    ).toEqual({
      ok: true,
      layout: "generic",
      lines: [{ line: 2, upc: "619410001103", name: "Tito's", priceCents: 2499, quantity: 3 }],
    });
  });
});

describe("readFeed: the bad-file report", () => {
  it("reports every problem of the file, by line and column, and gives no lines", () => {
    const text = [
      "Item #,Barcode,Description,Size,Retail,On Hand",
      "1001,088000020891,Jack Daniel's,750ML,abc,12",
      "1002,088000020892,,750ML,$26.99,-4",
      "1003,61941OOO1103,Tito's,750ML,,2.5",
      "1004,088000020891,Jack again,750ML,0,",
      "1001,,Dup SKU,750ML,10,1",
      "1006,,Fine,750ML,10,1",
    ].join("\n");
    const r = readFeed(text, { mapping: GENERIC_MAPPING });
    expect(r).toEqual({
      ok: false,
      layout: "generic",
      problems: [
        { line: 2, column: "Retail", message: 'Price "abc" is not an amount of money' },
        { line: 3, column: "Description", message: "The product has no name" },
        { line: 3, column: "On Hand", message: 'Quantity "-4" is below zero' },
        {
          line: 3,
          column: "Barcode",
          message: 'UPC "088000020892" is not a valid code (its check digit should be 1)',
        },
        { line: 4, column: "Retail", message: "The price is missing" },
        { line: 4, column: "On Hand", message: 'Quantity "2.5" is not a whole number of bottles' },
        { line: 4, column: "Barcode", message: 'UPC "61941OOO1103" has characters other than digits' },
        { line: 5, column: "Retail", message: "The price is zero" },
        { line: 5, column: "On Hand", message: "The quantity is missing" },
        { line: 5, column: "Barcode", message: "UPC 088000020891 is also on line 2" },
        { line: 6, column: "Item #", message: 'SKU "1001" is also on line 2' },
      ],
    });
  });

  it("reports a mapping the file does not fit, or no mapping at all", () => {
    expect(readFeed("A,B\n1,2\n", { mapping: GENERIC_MAPPING })).toMatchObject({
      ok: false,
      problems: [
        { line: 1, column: "Barcode", message: 'The file has no "Barcode" column (the UPC)' },
        { line: 1, column: "Item #", message: 'The file has no "Item #" column (the SKU)' },
        { line: 1, column: "Description", message: 'The file has no "Description" column (the name)' },
        { line: 1, column: "Size", message: 'The file has no "Size" column (the size)' },
        { line: 1, column: "Retail", message: 'The file has no "Retail" column (the price)' },
        { line: 1, column: "On Hand", message: 'The file has no "On Hand" column (the quantity)' },
      ],
    });
    expect(readFeed("A,B\n1,2\n")).toEqual({
      ok: false,
      layout: "generic",
      problems: [
        {
          line: 1,
          column: null,
          message: "The file is not a Square export and the store has no column mapping saved",
        },
      ],
    });
    expect(readFeed("N,P,Q\nx,1,1\n", { mapping: { name: "N", price: "P", quantity: "Q" } })).toMatchObject({
      problems: [{ message: "The column mapping names neither a UPC nor a SKU column" }],
    });
  });

  it("reports an unreadable, an empty and a product-less file", () => {
    expect(readFeed('Item #,Barcode\n1,"open\n2,3\n', { mapping: GENERIC_MAPPING })).toMatchObject({
      ok: false,
      layout: null,
      problems: [{ column: null, message: expect.stringContaining("not a readable CSV file") }],
    });
    expect(readFeed("", { mapping: GENERIC_MAPPING })).toMatchObject({
      problems: [{ message: "The file is empty" }],
    });
    expect(
      readFeed("Item #,Barcode,Description,Size,Retail,On Hand\n", { mapping: GENERIC_MAPPING }),
    ).toMatchObject({
      problems: [{ message: "The file has no products" }],
    });
  });

  it("counts lines from where a row starts, quoted line breaks included", () => {
    const text = 'SKU,Name,Price,Qty\nA,"two\nlines",1,1\nB,Fine,zz,1\n';
    expect(
      readFeed(text, { mapping: { sku: "SKU", name: "Name", price: "Price", quantity: "Qty" } }),
    ).toMatchObject({
      problems: [{ line: 4, column: "Price" }],
    });
  });
});

const lineArb = fc.record(
  {
    upc: fc.stringMatching(/^[1-9]\d{10}$/).map((body) => `${body}${gtinCheckDigit(body)}`),
    sku: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,8}$/),
    name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ',."-]{0,30}[A-Za-z0-9.]$/),
    size: fc.constantFrom("750ml", "1.75L", "375 ML", "6 x 355ml"),
    priceCents: fc.integer({ min: 1, max: 500_000 }),
    quantity: fc.integer({ min: 0, max: 10_000 }),
  },
  { requiredKeys: ["name", "priceCents", "quantity"] },
);

describe("readFeed ∘ renderGenericFeed", () => {
  it("gives back the lines of a rendered valid feed", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(lineArb, { minLength: 1, maxLength: 30, selector: (l) => l.upc ?? Symbol() }),
        (generated) => {
          // Unique SKUs too (a file may not repeat one), and a UPC or a SKU on every line. The
          // stand-in is lower case, which lineArb's SKUs never are, so it cannot repeat one of them.
          const seen = new Set<string>();
          const lines = generated.map((l, i) => {
            const sku = l.sku === undefined || seen.has(l.sku) ? `line-${i}` : l.sku;
            seen.add(sku);
            return { ...l, sku };
          });
          const text = renderGenericFeed(lines, GENERIC_MAPPING);
          const expected: FeedLine[] = lines.map((l, i) => ({ line: i + 2, ...l }));
          expect(readFeed(text, { mapping: GENERIC_MAPPING })).toEqual({
            ok: true,
            layout: "generic",
            lines: expected,
          });
        },
      ),
    );
  });
});

describe("the fixtures, end to end", () => {
  const catalogue = [
    { skuId: "iowa-38176-750", upc: "619410001103", title: "Tito's Handmade Vodka", volumeMl: 750 },
    { skuId: "iowa-38176-1750", upc: null, title: "Tito's Handmade Vodka", volumeMl: 1750 },
    { skuId: "bc-1234-750", upc: "80432400432", title: "The Glenlivet 12 Year Old", volumeMl: 750 },
    { skuId: "iowa-26826-750", upc: "088000020891", title: "Jack Daniel's Old No. 7", volumeMl: 750 },
    { skuId: "iowa-26826-1750", upc: "088000021850", title: "Jack Daniel's Old No. 7", volumeMl: 1750 },
    { skuId: "iowa-36308-750", upc: null, title: "Smirnoff No. 21 Vodka", volumeMl: 750 },
  ];

  it("dry-runs the Square export against a shelf", () => {
    const read = readFeed(SQUARE_EXPORT, { squareLocation: "Airport" });
    if (!read.ok) throw new Error("unreadable");
    const result = matchFeed(read.lines, catalogue);
    expect(result.matched.map((m) => [m.line.line, m.skuId, m.by])).toEqual([
      [2, "iowa-38176-750", "upc"],
      [4, "bc-1234-750", "upc"],
    ]);
    expect(result.proposed.map((p) => [p.line.line, p.skuId])).toEqual([[3, "iowa-38176-1750"]]);
    expect(result.unmatched.map((l) => l.name)).toEqual(["Corona Extra 6 Pack"]);
    const shelf = [
      { skuId: "iowa-38176-750", priceCents: 2799, stock: 4 },
      { skuId: "iowa-36308-750", priceCents: 1499, stock: 9 },
    ];
    expect(diffShelf(shelf, result.matched, "zero").changes).toEqual([
      { kind: "update", skuId: "iowa-38176-750", line: 2, price: { from: 2799, to: 2999 } },
      { kind: "new", skuId: "bc-1234-750", line: 4, priceCents: 5999, stock: 1 },
      { kind: "zero", skuId: "iowa-36308-750", stock: { from: 9, to: 0 } },
    ]);
  });

  it("matches the generic export by UPC and SKU, and proposes the rest", () => {
    const read = readFeed(GENERIC_EXPORT, { mapping: GENERIC_MAPPING });
    if (!read.ok) throw new Error("unreadable");
    const result = matchFeed(read.lines, catalogue, { storeSkus: new Map([["1003", "iowa-36308-750"]]) });
    expect(result.matched.map((m) => [m.skuId, m.by])).toEqual([
      ["iowa-26826-750", "upc"],
      ["iowa-26826-1750", "upc"],
      ["iowa-36308-750", "mapped"],
    ]);
  });
});
