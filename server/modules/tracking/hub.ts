/** A new order_events row, as the database announces it. */
export interface OrderEventNotice {
  order_id: string;
  id: number;
}

/**
 * The instance's fan-out of order events: one subscription to the database's notices per process (see
 * `startTracking`), handed to the open tracking streams of the order each is about. A stream subscribes to one
 * order; `resync` tells every stream to read what it may have missed (the notices' connection was lost a while).
 */
export class TrackingHub {
  private readonly byOrder = new Map<string, Set<Subscriber>>();

  subscribe(orderId: string, subscriber: Subscriber): () => void {
    let set = this.byOrder.get(orderId);
    if (!set) {
      set = new Set();
      this.byOrder.set(orderId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byOrder.get(orderId) === set) this.byOrder.delete(orderId);
    };
  }

  publish(notice: OrderEventNotice): void {
    for (const s of this.byOrder.get(notice.order_id) ?? []) s.notice(notice);
  }

  resync(): void {
    for (const set of this.byOrder.values()) for (const s of set) s.resync();
  }

  /** Open streams, for tests and metrics. */
  get size(): number {
    let n = 0;
    for (const set of this.byOrder.values()) n += set.size;
    return n;
  }
}

export interface Subscriber {
  notice(notice: OrderEventNotice): void;
  resync(): void;
}

/** Reads a notice's payload; null for anything else. */
export function parseNotice(payload: string): OrderEventNotice | null {
  try {
    const v = JSON.parse(payload) as { order_id?: unknown; id?: unknown };
    if (typeof v.order_id === "string" && typeof v.id === "number") return { order_id: v.order_id, id: v.id };
  } catch {}
  return null;
}
