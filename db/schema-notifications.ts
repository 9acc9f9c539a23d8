import type { ColumnType } from "kysely";

/** Table types of notifications (0020-notifications); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PushTokensTable {
  id: string;
  user_id: string;
  /** The session that registered it: pushes go only while it is live. */
  session_id: string;
  platform: "web" | "ios" | "android";
  /** webpush: a browser's subscription (endpoint, p256dh, auth); fcm: a mobile app's token, kept for later. */
  kind: "webpush" | "fcm";
  /** The subscription's endpoint URL, or the FCM registration token. */
  token: string;
  p256dh: string | null;
  auth: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrderEventNoticesTable {
  event_id: ColumnType<number, number, never>;
  created_at: DefaultedTimestamp;
}

export interface NotificationsDatabase {
  push_tokens: PushTokensTable;
  order_event_notices: OrderEventNoticesTable;
}
