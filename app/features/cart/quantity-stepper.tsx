import { MAX_LINE_QUANTITY } from "#domain/cart/constants.ts";

/** − qty + for one cart line; going below 1 removes the line. */
export function QuantityStepper({
  qty,
  max,
  label,
  onChange,
  onRemove,
}: {
  qty: number;
  max: number;
  label: string;
  onChange(qty: number): void;
  onRemove(): void;
}) {
  const limit = Math.min(max, MAX_LINE_QUANTITY);
  return (
    <fieldset className="qty-stepper" aria-label={`Quantity of ${label}`}>
      <button
        type="button"
        className="qty-stepper__button"
        aria-label={qty <= 1 ? `Remove ${label}` : `One fewer ${label}`}
        onClick={() => (qty <= 1 ? onRemove() : onChange(qty - 1))}
      >
        −
      </button>
      <output className="qty-stepper__value" aria-live="polite" data-testid="line-qty">
        {qty}
      </output>
      <button
        type="button"
        className="qty-stepper__button"
        aria-label={`One more ${label}`}
        disabled={qty >= limit}
        onClick={() => onChange(qty + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
