import type { ColumnType } from "kysely";

/** Table types of support chat (0031-chat); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Identity = ColumnType<number, never, never>;
type Mark = ColumnType<number, number | undefined, number>;

export type ChatAuthorKind = "shopper" | "staff" | "visitor";

export interface ChatThreadsTable {
  id: string;
  /** The signed-in shopper's (one thread each), or null for an anonymous visitor's message. */
  user_id: string | null;
  visitor_name: string | null;
  visitor_email: string | null;
  store_id: string | null;
  shopper_read_id: Mark;
  staff_read_id: Mark;
  emailed_through: Mark;
  created_at: DefaultedTimestamp;
  last_message_at: DefaultedTimestamp;
}

export interface ChatMessagesTable {
  id: Identity;
  thread_id: string;
  author_kind: ChatAuthorKind;
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: DefaultedTimestamp;
}

export interface ChatDatabase {
  chat_threads: ChatThreadsTable;
  chat_messages: ChatMessagesTable;
}
