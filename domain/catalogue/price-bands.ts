/** Price bands for the search price facet and for "similar" recommendations; bounds in cents, upper bound exclusive. */
export interface PriceBand {
  value: string;
  label: string;
  min: number;
  max: number | null;
}

export const PRICE_BANDS: readonly PriceBand[] = [
  { value: "under-10", label: "Under $10", min: 0, max: 1000 },
  { value: "10-20", label: "$10 – $20", min: 1000, max: 2000 },
  { value: "20-40", label: "$20 – $40", min: 2000, max: 4000 },
  { value: "40-75", label: "$40 – $75", min: 4000, max: 7500 },
  { value: "75-plus", label: "$75 & up", min: 7500, max: null },
];

export type PriceBandValue = "under-10" | "10-20" | "20-40" | "40-75" | "75-plus";

export const PRICE_BAND_VALUES = PRICE_BANDS.map((b) => b.value) as [PriceBandValue, ...PriceBandValue[]];

/** The index in PRICE_BANDS of the band a price (cents) falls in (the first band for a negative price). */
export function priceBandIndex(cents: number): number {
  return Math.max(
    0,
    PRICE_BANDS.findIndex((b) => cents >= b.min && (b.max === null || cents < b.max)),
  );
}

/** The band a price (cents) falls in. */
export function priceBandOf(cents: number): PriceBand {
  return PRICE_BANDS[priceBandIndex(cents)];
}

export function priceBandLabel(value: string): string | null {
  return PRICE_BANDS.find((b) => b.value === value)?.label ?? null;
}
