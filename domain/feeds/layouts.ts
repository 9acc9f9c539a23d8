/**
 * Shelf feeds (issue 34 §1), the pure part: reading a store's point-of-sale CSV export into feed lines, with a
 * report of every problem in the file. Matching lines to the catalogue is in match.ts, the dry run and its batches
 * in diff.ts.
 *
 * Left for the server and the console (later sessions):
 * - server: the upload route and the scheduled HTTPS fetch (credentials kept encrypted), a per-store saved
 *   `ColumnMapping`, Square location and missing-product policy; loading the catalogue's candidates and the
 *   store's inventory rows; applying `planBatches` one transaction per batch (resumable, with the audit log naming
 *   the feed, stock changes taken under the same lock as checkout so a feed never oversells), what "hide" means on
 *   the shelf (inventory has no hidden flag today: a column or a delete), and telling the caches as a console edit
 *   does; storing the reviewed fuzzy matches and the unmatched lines proposed as new products.
 * - console: the upload form, the problem report, the dry-run review (accepting or rejecting each proposed
 *   match), the apply button and its progress.
 *
 * Reading needs only the text: `readFeed` parses it with csv-parse (its sync API imports nothing of node:*, but
 * uses the global Buffer, so it runs on the server; a browser preview would pass rows to `readFeedRows`).
 */
import { parse } from "csv-parse/sync";

/** One product line of a feed, as the shop's system states it. */
export interface FeedLine {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  /** Canonical GTIN: digits only, at least 12 (UPC-A), check digit valid; see `normaliseUpc`. */
  upc?: string;
  sku?: string;
  name: string;
  /** The size as the file writes it ("750ml", "1.75 L"), when it has one. */
  size?: string;
  priceCents: number;
  quantity: number;
}

/** One thing wrong with a file, in words a store manager reads. `column` is the header name, or null for the row. */
export interface FeedProblem {
  line: number;
  column: string | null;
  message: string;
}

/** A store's own layout: which header holds what. Name, price and quantity are required, UPC or SKU expected. */
export interface ColumnMapping {
  upc?: string;
  sku?: string;
  name: string;
  size?: string;
  price: string;
  quantity: string;
}

export type FeedLayout = "square" | "generic";

export interface ReadOptions {
  /** The store's saved mapping, used when the file is not a Square export. */
  mapping?: ColumnMapping;
  /** Square exports have one "Current Quantity <location>" column per location: which is this store's. */
  squareLocation?: string;
}

/** Problems mean nothing applies: the whole file is reported, and the lines are only there when it is clean. */
export type FeedRead =
  | { ok: true; layout: FeedLayout; lines: FeedLine[] }
  | { ok: false; layout: FeedLayout | null; problems: FeedProblem[] };

/** A parsed row and the file line it starts on. */
export interface RawRow {
  line: number;
  cells: string[];
}

/**
 * Square's item library export (Items → Actions → Export library, CSV). Headers as seen in the `search` tool's
 * stored pages and code: Square's help article "Item Library and Unit Cost Management"
 * (https://squareup.com/help/gb/en/article/5966-item-library-and-unit-cost-management: "Your export file includes
 * all of your Items, unit costs and inventory across all locations") and a public exporter writing Square's
 * August 2025 header: "Token","Item Name","Variation Name","SKU","Description","Categories","Reporting Category",
 * …,"GTIN",…,"Price","Online Sale Price","Archived","Sellable","Contains Alcohol","Stockable",…,
 * "Enabled <Location>","Current Quantity <Location>","New Quantity <Location>","Stock Alert Enabled <Location>",
 * "Stock Alert Count <Location>","Price <Location>",… Older exports (also seen) have "Category" and a plain
 * "Current Quantity".
 */
export const SQUARE = {
  token: "Token",
  itemName: "Item Name",
  variationName: "Variation Name",
  sku: "SKU",
  gtin: "GTIN",
  price: "Price",
  currentQuantity: "Current Quantity",
} as const;

/** Square names a variation "Regular" when an item has only one; that is no size. */
const SQUARE_NO_SIZE = new Set(["regular", ""]);

const clean = (header: string) => header.replace(/^\uFEFF/, "").trim();

/** A Square export has Token, Item Name, Variation Name and Price, and some Current Quantity column. */
export function isSquareHeader(headers: readonly string[]): boolean {
  const set = new Set(headers.map(clean));
  return (
    set.has(SQUARE.token) &&
    set.has(SQUARE.itemName) &&
    set.has(SQUARE.variationName) &&
    set.has(SQUARE.price) &&
    [...set].some((h) => h === SQUARE.currentQuantity || h.startsWith(`${SQUARE.currentQuantity} `))
  );
}

/** "$12.99", "12.99", "12", "1,299.50", " $0.5 " → cents; anything else (negative, 3 decimals, words) → null. */
export function parsePriceCents(text: string): number | null {
  const t = text.trim();
  const m = /^\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/.exec(t) ?? /^\$?\s*()\.(\d{1,2})$/.exec(t);
  if (!m) return null;
  const dollars = m[1] === "" ? 0 : Number(m[1].replaceAll(",", ""));
  const cents = m[2] === undefined ? 0 : Number(m[2].padEnd(2, "0"));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** A count of bottles: a non-negative whole number ("12", "12.0", "1,200"); null otherwise. */
export function parseQuantity(text: string): number | null {
  const m = /^((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.0+)?$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1].replaceAll(",", ""));
  return Number.isSafeInteger(n) ? n : null;
}

/** The GS1 check digit of the digits before it (any GTIN length: weights 3,1,3,… from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A UPC or EAN as files write it ("0 12345 67890 5", "012345-678905", "12345678905" with its leading zero lost to a
 * spreadsheet) → its canonical form: digits only, leading zeros dropped then padded back to 12, so UPC-A, the same
 * code as EAN-13 ("0" + UPC-A) and GTIN-14 ("00" + UPC-A) are one key. EAN-8 and GTIN-14 are kept as GTINs.
 * The check digit must be right.
 */
export function normaliseUpc(text: string): { ok: true; upc: string } | { ok: false; message: string } {
  const t = text.trim();
  if (!/^[\d\s-]+$/.test(t)) return { ok: false, message: `UPC "${t}" has characters other than digits` };
  const digits = t.replace(/[\s-]/g, "");
  if (digits.length < 8 || digits.length > 14) {
    return { ok: false, message: `UPC "${t}" has ${digits.length} digits; a UPC has 12 (an EAN 8 or 13)` };
  }
  // A spreadsheet that took the code for a number drops its leading zeros: UPC-A is 12 digits.
  const full = digits.length < 12 && digits.length !== 8 ? digits.padStart(12, "0") : digits;
  const check = gtinCheckDigit(full.slice(0, -1));
  if (check !== Number(full[full.length - 1])) {
    return { ok: false, message: `UPC "${t}" is not a valid code (its check digit should be ${check})` };
  }
  const canonical = full.replace(/^0+/, "").padStart(12, "0");
  return { ok: true, upc: canonical };
}

/** The catalogue's UPC (however it was seeded) as the same key, or null when it is not a valid code. */
export function upcKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const r = normaliseUpc(text);
  return r.ok ? r.upc : null;
}

/** Parses CSV text into rows and the file line each starts on; a broken file (an unclosed quote) is one problem. */
export function parseCsvRows(text: string): { rows: RawRow[] } | { problem: FeedProblem } {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // `info.lines` is the line the record ends on; a quoted cell may hold line breaks.
    return {
      rows: records.map(({ record, info }) => ({
        line: info.lines - countBreaks(record),
        cells: record,
      })),
    };
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    return {
      problem: {
        line: typeof lines === "number" ? lines : 1,
        column: null,
        message: "The file is not a readable CSV file (a quote is left open or a row is cut short)",
      },
    };
  }
}

function countBreaks(cells: readonly string[]): number {
  let n = 0;
  for (const cell of cells) for (const ch of cell) if (ch === "\n") n++;
  return n;
}

/** Reads a CSV export: Square when its headers say so, else the store's mapping. */
export function readFeed(text: string, options: ReadOptions = {}): FeedRead {
  const parsed = parseCsvRows(text);
  if ("problem" in parsed) return { ok: false, layout: null, problems: [parsed.problem] };
  return readFeedRows(parsed.rows, options);
}

interface Columns {
  upc?: number;
  sku?: number;
  name: number;
  size?: number;
  price: number;
  /** Square: the item's price, for rows whose location price is blank. */
  priceFallback?: number;
  quantity: number;
}

/** As `readFeed`, from rows already parsed (the first is the header). */
export function readFeedRows(rows: readonly RawRow[], options: ReadOptions = {}): FeedRead {
  if (rows.length === 0) {
    return { ok: false, layout: null, problems: [{ line: 1, column: null, message: "The file is empty" }] };
  }
  const [header, ...body] = rows;
  const headers = header.cells.map(clean);
  const square = isSquareHeader(headers);
  const layout: FeedLayout = square ? "square" : "generic";
  const found = square
    ? squareColumns(headers, header.line, options)
    : genericColumns(headers, header.line, options);
  if ("problems" in found) return { ok: false, layout, problems: found.problems };
  const { columns } = found;

  const problems: FeedProblem[] = [];
  const lines: FeedLine[] = [];
  const upcSeen = new Map<string, number>();
  const skuSeen = new Map<string, number>();
  const cell = (row: RawRow, index: number | undefined) =>
    index === undefined ? "" : (row.cells[index] ?? "").trim();

  for (const row of body) {
    if (row.cells.every((c) => c.trim() === "")) continue;
    const problem = (index: number | null, message: string) =>
      problems.push({ line: row.line, column: index === null ? null : headers[index], message });
    let bad = false;

    const name = cell(row, columns.name);
    if (name === "") {
      problem(columns.name, "The product has no name");
      bad = true;
    }
    const priceColumn =
      cell(row, columns.price) === "" && columns.priceFallback !== undefined
        ? columns.priceFallback
        : columns.price;
    const priceText = cell(row, priceColumn);
    const priceCents = parsePriceCents(priceText);
    if (priceText === "") {
      problem(priceColumn, "The price is missing");
      bad = true;
    } else if (priceCents === null) {
      problem(priceColumn, `Price "${priceText}" is not an amount of money`);
      bad = true;
    } else if (priceCents === 0) {
      problem(priceColumn, "The price is zero");
      bad = true;
    }
    const quantityText = cell(row, columns.quantity);
    const quantity = parseQuantity(quantityText);
    if (quantityText === "") {
      problem(columns.quantity, "The quantity is missing");
      bad = true;
    } else if (quantity === null) {
      problem(
        columns.quantity,
        /^-/.test(quantityText)
          ? `Quantity "${quantityText}" is below zero`
          : `Quantity "${quantityText}" is not a whole number of bottles`,
      );
      bad = true;
    }
    let upc: string | undefined;
    const upcText = cell(row, columns.upc);
    if (upcText !== "") {
      const r = normaliseUpc(upcText);
      if (r.ok) upc = r.upc;
      else {
        problem(columns.upc ?? null, r.message);
        bad = true;
      }
    }
    const sku = cell(row, columns.sku) || undefined;
    if (upc !== undefined) {
      const first = upcSeen.get(upc);
      if (first !== undefined) {
        problem(columns.upc ?? null, `UPC ${upc} is also on line ${first}`);
        bad = true;
      } else upcSeen.set(upc, row.line);
    }
    if (sku !== undefined) {
      const first = skuSeen.get(sku);
      if (first !== undefined) {
        problem(columns.sku ?? null, `SKU "${sku}" is also on line ${first}`);
        bad = true;
      } else skuSeen.set(sku, row.line);
    }
    if (bad || priceCents === null || quantity === null) continue;

    let size = cell(row, columns.size) || undefined;
    if (square && size !== undefined && SQUARE_NO_SIZE.has(size.toLowerCase())) size = undefined;
    lines.push({
      line: row.line,
      ...(upc !== undefined ? { upc } : {}),
      ...(sku !== undefined ? { sku } : {}),
      name,
      ...(size !== undefined ? { size } : {}),
      priceCents,
      quantity,
    });
  }
  if (problems.length > 0) return { ok: false, layout, problems };
  if (lines.length === 0) {
    return {
      ok: false,
      layout,
      problems: [{ line: header.line, column: null, message: "The file has no products" }],
    };
  }
  return { ok: true, layout, lines };
}

function squareColumns(
  headers: string[],
  line: number,
  options: ReadOptions,
): { columns: Columns } | { problems: FeedProblem[] } {
  const at = (h: string) => {
    const i = headers.indexOf(h);
    return i < 0 ? undefined : i;
  };
  const quantityHeaders = headers.filter(
    (h) => h === SQUARE.currentQuantity || h.startsWith(`${SQUARE.currentQuantity} `),
  );
  let quantityHeader: string | undefined;
  if (options.squareLocation !== undefined) {
    quantityHeader = quantityHeaders.find((h) => h === `${SQUARE.currentQuantity} ${options.squareLocation}`);
    if (quantityHeader === undefined) {
      return {
        problems: [
          {
            line,
            column: null,
            message: `The file has no "${SQUARE.currentQuantity} ${options.squareLocation}" column for this store's location`,
          },
        ],
      };
    }
  } else if (quantityHeaders.length === 1) {
    quantityHeader = quantityHeaders[0];
  } else {
    const places = quantityHeaders.map((h) => `"${h.slice(SQUARE.currentQuantity.length + 1)}"`).join(", ");
    return {
      problems: [
        {
          line,
          column: null,
          message: `The file has several locations (${places}): choose this store's location`,
        },
      ],
    };
  }
  // A location's own price column, when the export has one and the row fills it, is that location's price.
  const location = quantityHeader.slice(SQUARE.currentQuantity.length).trim();
  const itemPrice = at(SQUARE.price) as number;
  const locationPrice = location !== "" ? at(`${SQUARE.price} ${location}`) : undefined;
  return {
    columns: {
      upc: at(SQUARE.gtin),
      sku: at(SQUARE.sku),
      name: at(SQUARE.itemName) as number,
      size: at(SQUARE.variationName),
      price: locationPrice ?? itemPrice,
      ...(locationPrice !== undefined ? { priceFallback: itemPrice } : {}),
      quantity: headers.indexOf(quantityHeader),
    },
  };
}

function genericColumns(
  headers: string[],
  line: number,
  options: ReadOptions,
): { columns: Columns } | { problems: FeedProblem[] } {
  const mapping = options.mapping;
  if (!mapping) {
    return {
      problems: [
        {
          line,
          column: null,
          message: "The file is not a Square export and the store has no column mapping saved",
        },
      ],
    };
  }
  const problems: FeedProblem[] = [];
  const find = (field: string, header: string | undefined, required: boolean) => {
    if (header === undefined || header.trim() === "") {
      if (required)
        problems.push({ line, column: null, message: `The column mapping names no ${field} column` });
      return undefined;
    }
    const i = headers.findIndex((h) => h.toLowerCase() === header.trim().toLowerCase());
    if (i < 0) {
      problems.push({ line, column: header, message: `The file has no "${header}" column (the ${field})` });
      return undefined;
    }
    return i;
  };
  const columns = {
    upc: find("UPC", mapping.upc, false),
    sku: find("SKU", mapping.sku, false),
    name: find("name", mapping.name, true),
    size: find("size", mapping.size, false),
    price: find("price", mapping.price, true),
    quantity: find("quantity", mapping.quantity, true),
  };
  if (mapping.upc === undefined && mapping.sku === undefined) {
    problems.push({ line, column: null, message: "The column mapping names neither a UPC nor a SKU column" });
  }
  if (problems.length > 0) return { problems };
  return { columns: columns as Columns };
}

/** Quotes a cell for CSV when it needs it. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Writes lines as a generic CSV under `mapping`'s headers (for tests, and a store's "download my mapping"). */
export function renderGenericFeed(lines: readonly Omit<FeedLine, "line">[], mapping: ColumnMapping): string {
  const fields = (["upc", "sku", "name", "size", "price", "quantity"] as const).filter(
    (f) => mapping[f] !== undefined,
  );
  const value = (l: Omit<FeedLine, "line">, f: (typeof fields)[number]) => {
    switch (f) {
      case "price":
        return `${Math.floor(l.priceCents / 100)}.${String(l.priceCents % 100).padStart(2, "0")}`;
      case "quantity":
        return String(l.quantity);
      default:
        return l[f] ?? "";
    }
  };
  const rows = [fields.map((f) => csvCell(mapping[f] as string))];
  for (const l of lines) rows.push(fields.map((f) => csvCell(value(l, f))));
  return `${rows.map((r) => r.join(",")).join("\n")}\n`;
}
