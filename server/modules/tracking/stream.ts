import type { ServerResponse } from "node:http";
import type { Db } from "#server/platform/db.ts";
import { EventStream } from "#server/platform/event-stream.ts";
import { type OrderStatusAnswer, orderStatus } from "../orders/index.ts";
import type { OrderEventNotice, TrackingHub } from "./hub.ts";

/** One SSE message's data: the order's status as GET /order/status/{id} answers it, and the event that moved it. */
export interface TrackingMessage extends OrderStatusAnswer {
  /** Null on the first message of a fresh connection (the current state); else the order_events row it follows. */
  event: { type: string; from_status: number | null; to_status: number | null; at: string } | null;
}

/**
 * One shopper's live view of one order, written to an open response as server-sent events. Messages go out one at
 * a time in event-id order: a notice (or a resync) queues a read of the order's events after the last id sent,
 * then of its status, so a notice racing the first read, or arriving twice, never sends an event twice or out of
 * order.
 */
export class OrderStream extends EventStream<TrackingMessage> {
  constructor(
    private readonly deps: { db: Db; hub: TrackingHub; onError: (err: unknown) => void },
    res: ServerResponse,
    private readonly order: { id: string; userId: string },
    lastEventId: number | null,
  ) {
    super(res, deps.onError, lastEventId ?? 0);
    // Subscribed before the first read: a change committed meanwhile is read by the catch-up that follows.
    this.onClose(
      deps.hub.subscribe(order.id, {
        notice: (n: OrderEventNotice) => {
          if (n.id > this.lastId) this.enqueue(() => this.catchUp());
        },
        resync: () => this.enqueue(() => this.catchUp()),
      }),
    );
    this.enqueue(() => (lastEventId === null ? this.sendCurrent() : this.catchUp()));
  }

  /** A fresh connection: the order as it is now, with the id of its latest event (a reconnect resumes after it). */
  private async sendCurrent(): Promise<void> {
    const latest = await this.deps.db
      .selectFrom("order_events")
      .select((eb) => eb.fn.max("id").as("id"))
      .where("order_id", "=", this.order.id)
      .executeTakeFirst();
    const id = latest?.id == null ? 0 : Number(latest.id);
    const status = await orderStatus(this.deps.db, this.order.userId, this.order.id);
    this.send(id, { ...status, event: null });
  }

  /** Every event after the last one sent, in order, each with the order's status as it is now. */
  private async catchUp(): Promise<void> {
    const rows = await this.deps.db
      .selectFrom("order_events")
      .select(["id", "type", "from_status", "to_status", "created_at"])
      .where("order_id", "=", this.order.id)
      .where("id", ">", this.lastId)
      .orderBy("id")
      .execute();
    if (rows.length === 0) return;
    const status = await orderStatus(this.deps.db, this.order.userId, this.order.id);
    for (const r of rows) {
      this.send(Number(r.id), {
        ...status,
        event: {
          type: r.type,
          from_status: r.from_status,
          to_status: r.to_status,
          at: new Date(r.created_at).toISOString(),
        },
      });
    }
  }
}
