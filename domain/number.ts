/**
 * Whole numbers with US thousands separators ("2,976"). One formatter for the module: `toLocaleString("en-US")`
 * builds an ICU formatter on every call, which showed up as a long task while the storefront hydrates.
 */
const US_INTEGER = new Intl.NumberFormat("en-US");

export function formatCount(n: number): string {
  return US_INTEGER.format(n);
}
