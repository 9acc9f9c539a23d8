/**
 * Orders strings by UTF-16 code units, the same on every machine (unlike `localeCompare`, which follows the
 * runtime's ICU data): for stable tie-breaks and SKU order.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
