import type { RowNotice, StreamHub } from "#server/platform/stream-hub.ts";

/** A new order_events row, as the database announces it. */
export type OrderEventNotice = RowNotice<"order_id">;

/** The instance's fan-out of order events to the open tracking streams, by order. */
export type TrackingHub = StreamHub<"order_id">;
