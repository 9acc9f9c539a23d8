/**
 * A bound on work in progress (docs/adr/0042-shared-page-cache.md, 0076-shed-at-the-door.md). Past the limit a
 * request either is refused at once (tryEnter) or waits its turn for at most a set time (waitToEnter): the queue is
 * bounded by time, not by count, so a request that waited too long is answered the busy page and one that got a
 * place still has time left to render.
 */
export interface Admission {
  /** Takes a place when one is free; false when the limit is reached. */
  tryEnter(): boolean;
  /**
   * Takes a place now (then `decided(true)` is called before this returns), or the first one to come free within
   * `maxWaitMs`, first come first served; `decided(false)` when the time runs out. The function returned gives up
   * waiting without a call (the client went away).
   */
  waitToEnter(maxWaitMs: number, decided: (admitted: boolean) => void): () => void;
  /**
   * Takes a place for work nobody waits for (a kept page rendered again in the background): never the last free
   * place, and never more than a quarter of them at once, so a shopper's request still finds one.
   */
  tryEnterBackground(): boolean;
  /** Gives back a place taken by tryEnter or waitToEnter (it goes to the longest-waiting request, if any). */
  leave(): void;
  /** Gives back a place taken by tryEnterBackground. */
  leaveBackground(): void;
  readonly inFlight: number;
  /** Requests waiting for a place now. */
  readonly waiting: number;
  /** Requests refused so far, at once or after waiting. */
  readonly refused: number;
}

interface Waiter {
  admit(admitted: boolean): void;
  timer: NodeJS.Timeout;
  done: boolean;
}

export function createAdmission(limit: number): Admission {
  const backgroundLimit = Math.max(1, Math.floor(limit / 4));
  let inFlight = 0;
  let background = 0;
  let refused = 0;
  const queue: Waiter[] = [];

  function settle(waiter: Waiter, admitted: boolean) {
    waiter.done = true;
    clearTimeout(waiter.timer);
    waiter.admit(admitted);
  }

  /** A freed place goes to the longest-waiting request still there, else back to the pool. */
  function handOn() {
    while (queue.length > 0) {
      const next = queue.shift() as Waiter;
      if (next.done) continue;
      settle(next, true);
      return;
    }
    inFlight = Math.max(0, inFlight - 1);
  }

  return {
    tryEnter() {
      if (inFlight >= limit) {
        refused += 1;
        return false;
      }
      inFlight += 1;
      return true;
    },
    waitToEnter(maxWaitMs, decided) {
      if (inFlight < limit) {
        // A place is free, so nobody waits: a place that came free went to a live waiter first (handOn).
        queue.length = 0;
        inFlight += 1;
        decided(true);
        return () => {};
      }
      const waiter: Waiter = {
        admit: decided,
        done: false,
        timer: setTimeout(() => {
          refused += 1;
          settle(waiter, false);
          while (queue[0]?.done) queue.shift();
        }, maxWaitMs),
      };
      queue.push(waiter);
      return () => {
        // Left in the queue and skipped when its turn comes: removing it would cost a search of the queue.
        if (waiter.done) return;
        waiter.done = true;
        clearTimeout(waiter.timer);
      };
    },
    tryEnterBackground() {
      if (inFlight + 1 >= limit || background >= backgroundLimit || queue.length > 0) return false;
      inFlight += 1;
      background += 1;
      return true;
    },
    leave: handOn,
    leaveBackground() {
      background = Math.max(0, background - 1);
      handOn();
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.filter((w) => !w.done).length;
    },
    get refused() {
      return refused;
    },
  };
}
