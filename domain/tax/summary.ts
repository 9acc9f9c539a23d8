/**
 * An order's taxes as a shopper, a receipt or an inspector reads them: one row per jurisdiction and tax type
 * ("Illinois sales tax", "City of Chicago retail liquor tax"), in cents, less what refunds gave back, largest first.
 */
import { CITY_TAXES } from "./rates/index.ts";
import type { TaxLine } from "./types.ts";

export interface TaxRow {
  jurisdiction: string;
  taxType: string;
  title: string;
  cents: number;
}

const NAMES: ReadonlyMap<string, string> = new Map(
  Object.values(CITY_TAXES).flatMap((city) => city.jurisdictions.map((j) => [j.id, j.name] as const)),
);

const KNOWN = Object.values(CITY_TAXES).flatMap((city) => city.jurisdictions);
/** A place's name as a tax service may spell it: "City of Chicago", "CHICAGO" and "Chicago" are one. */
const plainName = (name: string) =>
  name
    .toUpperCase()
    .replace(/\b(CITY OF|COUNTY|STATE)\b/g, "")
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

/**
 * Our id for a jurisdiction a tax service names (its state, level and name), so its lines read and sum as the rate
 * table's do ("Cook County" in Illinois is "US-IL-COOK"); null when none on record matches.
 */
export function knownJurisdiction(state: string, level: string, name: string): string | null {
  const plain = plainName(name);
  return KNOWN.find((j) => j.state === state && j.level === level && plainName(j.name) === plain)?.id ?? null;
}

/** A jurisdiction's name ("US-IL-COOK" → "Cook County"), or its id where none is on record. */
export const jurisdictionName = (id: string): string => NAMES.get(id) ?? id;

export function taxRows(charged: readonly TaxLine[], refunded: readonly TaxLine[] = []): TaxRow[] {
  const rows = new Map<string, TaxRow>();
  const add = (line: TaxLine, sign: 1 | -1) => {
    const key = JSON.stringify([line.jurisdiction, line.taxType]);
    const row = rows.get(key) ?? {
      jurisdiction: line.jurisdiction,
      taxType: line.taxType,
      title: `${jurisdictionName(line.jurisdiction)} ${line.taxType} tax`,
      cents: 0,
    };
    row.cents += sign * line.cents;
    rows.set(key, row);
  };
  for (const line of charged) add(line, 1);
  for (const line of refunded) add(line, -1);
  return [...rows.values()].filter((row) => row.cents > 0).sort((a, b) => b.cents - a.cents);
}
