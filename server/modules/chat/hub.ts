import type { RowNotice, StreamHub } from "#server/platform/stream-hub.ts";

/** A new chat_messages row, as the database announces it. */
export type ChatNotice = RowNotice<"thread_id">;

/** The instance's fan-out of chat messages to the open streams of each thread (a shopper's widget, a console page). */
export type ChatHub = StreamHub<"thread_id">;
