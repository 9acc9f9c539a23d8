import { QUANTITY_DEBOUNCE_MS } from "#domain/cart/constants.ts";

/**
 * Spec §4: a quantity change shows at once; the server update goes after QUANTITY_DEBOUNCE_MS, and a newer
 * change to the same line cancels the pending one, so a burst of clicks sends one request.
 */
export interface QuantityDebouncer {
  schedule(lineId: string, qty: number): void;
  /** Whether a change to this line is still waiting to be sent. */
  isPending(lineId: string): boolean;
  pending(): Map<string, number>;
  cancel(lineId: string): void;
  cancelAll(): void;
}

export function createQuantityDebouncer(
  send: (lineId: string, qty: number) => void,
  delayMs: number = QUANTITY_DEBOUNCE_MS,
): QuantityDebouncer {
  const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; qty: number }>();
  const cancel = (lineId: string) => {
    const entry = timers.get(lineId);
    if (entry) clearTimeout(entry.timer);
    timers.delete(lineId);
  };
  return {
    schedule(lineId, qty) {
      cancel(lineId);
      const timer = setTimeout(() => {
        timers.delete(lineId);
        send(lineId, qty);
      }, delayMs);
      timers.set(lineId, { timer, qty });
    },
    isPending: (lineId) => timers.has(lineId),
    pending: () => new Map([...timers].map(([id, e]) => [id, e.qty])),
    cancel,
    cancelAll() {
      for (const id of [...timers.keys()]) cancel(id);
    },
  };
}
