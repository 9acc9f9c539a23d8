/** Whether a rate applies to a line on a day (issue 33 §1): its class, its dates, and its strength bounds. */
import type { Effective, Rate, TaxClass } from "./types.ts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an ISO date or date-time ("2026-11-29T05:00:00Z" → "2026-11-29"). */
export function isoDay(on: string): string {
  const day = on.slice(0, 10);
  if (!ISO_DATE.test(day)) throw new RangeError(`not an ISO date: ${on}`);
  return day;
}

/** `from` inclusive, `to` exclusive; ISO dates compare as strings. */
export function inEffect(effective: Effective, day: string): boolean {
  return effective.from <= day && (effective.to === undefined || day < effective.to);
}

/**
 * A rate with `minAbv`/`maxAbv` applies only to a line whose ABV is known and within them (`minAbv` inclusive unless
 * `minAbvExclusive`, `maxAbv` exclusive unless `maxAbvInclusive`): a line of unknown strength is taxed by neither
 * side of a split, so the catalogue must give it.
 */
export function withinAbv(
  rate: Pick<Rate, "minAbv" | "minAbvExclusive" | "maxAbv" | "maxAbvInclusive">,
  abv: number | null,
): boolean {
  if (rate.minAbv === undefined && rate.maxAbv === undefined) return true;
  if (abv === null) return false;
  const aboveMin =
    rate.minAbv === undefined || (rate.minAbvExclusive ? abv > rate.minAbv : abv >= rate.minAbv);
  const belowMax =
    rate.maxAbv === undefined || (rate.maxAbvInclusive ? abv <= rate.maxAbv : abv < rate.maxAbv);
  return aboveMin && belowMax;
}

export function rateApplies(
  rate: Rate,
  line: { taxClass: TaxClass; abv: number | null },
  day: string,
): boolean {
  return rate.classes.includes(line.taxClass) && inEffect(rate.effective, day) && withinAbv(rate, line.abv);
}
