/**
 * Whole numbers with US thousands separators ("2,976"). Safe integers are grouped here: ICU's formatter, even made
 * once, was about 0.4 % of the server's CPU in the checkout bench (every price in every answer goes through it).
 * Anything else (fractions, -0, beyond 2^53) goes to the one formatter for the module: `toLocaleString("en-US")`
 * builds an ICU formatter on every call, which showed up as a long task while the storefront hydrates.
 */
const US_INTEGER = new Intl.NumberFormat("en-US");

export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return US_INTEGER.format(n);
  const digits = String(n < 0 ? -n : n);
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
