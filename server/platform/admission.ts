/**
 * A bound on work in progress: past the limit a request is refused at once (503 with Retry-After) instead of joining
 * a queue that only grows while the CPU is saturated (docs/adr/0042-shared-page-cache.md).
 */
export interface Admission {
  /** Takes a place when one is free; false when the limit is reached. */
  tryEnter(): boolean;
  /**
   * Takes a place for work nobody waits for (a kept page rendered again in the background): never the last free
   * place, and never more than a quarter of them at once, so a shopper's request still finds one.
   */
  tryEnterBackground(): boolean;
  /** Gives back a place taken by tryEnter. */
  leave(): void;
  /** Gives back a place taken by tryEnterBackground. */
  leaveBackground(): void;
  readonly inFlight: number;
  readonly refused: number;
}

export function createAdmission(limit: number): Admission {
  const backgroundLimit = Math.max(1, Math.floor(limit / 4));
  let inFlight = 0;
  let background = 0;
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
    tryEnterBackground() {
      if (inFlight + 1 >= limit || background >= backgroundLimit) return false;
      inFlight += 1;
      background += 1;
      return true;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
    },
    leaveBackground() {
      background = Math.max(0, background - 1);
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
