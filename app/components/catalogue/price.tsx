import { formatPrice } from "#domain/money.ts";

/** A product price with two decimals (spec §5), or the reason it is hidden. */
export function Price({
  cents,
  className = "price",
  unavailable = "Not available at this store",
}: {
  cents: number | null;
  className?: string;
  unavailable?: string;
}) {
  if (cents == null) return <span className={`${className} price--unavailable`}>{unavailable}</span>;
  return <span className={className}>{formatPrice(cents)}</span>;
}
