import { type Kysely, sql } from "kysely";

/**
 * Notifications (server/modules/notifications; docs/adr/0030-order-notifications.md): the push tokens a signed-in
 * shopper registered (a browser's Web Push subscription, or a mobile app's FCM token kept for later), each with the
 * session that registered it (a device signed out, or its session ended, receives nothing more), and which
 * order events have had their notifications sent (one row per event, written with the messages it caused, so a
 * retried job never sends twice). Events written before this migration are taken as notified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_tokens (
      id text primary key,
      user_id text not null references users(id) on delete cascade,
      session_id text not null references sessions(id) on delete cascade,
      platform text not null check (platform in ('web', 'ios', 'android')),
      kind text not null check (kind in ('webpush', 'fcm')),
      -- A Web Push subscription's endpoint, or an FCM registration token: unique (a device registers once).
      token text not null unique,
      p256dh text,
      auth text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind = 'webpush') = (p256dh is not null and auth is not null))
    )`.execute(db);
  await sql`create index push_tokens_user on push_tokens (user_id)`.execute(db);
  await sql`
    create table order_event_notices (
      event_id bigint primary key references order_events(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into order_event_notices (event_id) select id from order_events`.execute(db);
}
