/**
 * A bound on work in progress: past the limit a request is refused at once (503 with Retry-After) instead of joining
 * a queue that only grows while the CPU is saturated (docs/adr/0042-shared-page-cache.md).
 */
export interface Admission {
  /** Takes a place when one is free; false when the limit is reached. */
  tryEnter(): boolean;
  leave(): void;
  readonly inFlight: number;
  readonly refused: number;
}

export function createAdmission(limit: number): Admission {
  let inFlight = 0;
  let refused = 0;
  return {
    tryEnter() {
      if (inFlight >= limit) {
        refused += 1;
        return false;
      }
      inFlight += 1;
      return true;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
    },
    get inFlight() {
      return inFlight;
    },
    get refused() {
      return refused;
    },
  };
}
