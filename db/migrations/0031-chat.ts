import { type Kysely, sql } from "kysely";

/**
 * Support chat (server/modules/chat, docs/adr/0038-support-chat.md): a thread per signed-in shopper (one, kept) or
 * per message an anonymous visitor leaves (with the name and email a reply goes to), the store it is for (staff of
 * that store and administrators answer it), its messages (ids increasing: a stream resumes after one), and each
 * side's read mark (the last message id it has read): unread counts are the other side's messages after it.
 * `emailed_through` is the last staff message told by email (the offline job sends each reply at most once).
 * Every message announces itself with pg_notify in its transaction, on `chat_messages_<schema>`, as order events do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_threads (
      id text primary key,
      user_id text unique references users(id) on delete cascade,
      visitor_name text,
      visitor_email text,
      store_id text references stores(id) on delete set null,
      shopper_read_id bigint not null default 0,
      staff_read_id bigint not null default 0,
      emailed_through bigint not null default 0,
      created_at timestamptz not null default now(),
      last_message_at timestamptz not null default now(),
      check ((user_id is null) = (visitor_email is not null and visitor_name is not null))
    )`.execute(db);
  await sql`create index chat_threads_store_activity on chat_threads (store_id, last_message_at desc)`.execute(
    db,
  );
  await sql`create index chat_threads_activity on chat_threads (last_message_at desc)`.execute(db);
  await sql`
    create table chat_messages (
      id bigint generated always as identity primary key,
      thread_id text not null references chat_threads(id) on delete cascade,
      author_kind text not null check (author_kind in ('shopper', 'staff', 'visitor')),
      author_id text,
      author_name text not null,
      body text not null check (char_length(body) between 1 and 2000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index chat_messages_thread on chat_messages (thread_id, id)`.execute(db);
  await sql`
    create function notify_chat_message() returns trigger language plpgsql as $$
    begin
      perform pg_notify(
        'chat_messages_' || current_schema(),
        json_build_object('thread_id', new.thread_id, 'id', new.id)::text
      );
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger chat_messages_notify after insert on chat_messages
    for each row execute function notify_chat_message()`.execute(db);
}
