import { type Kysely, sql } from "kysely";

/**
 * Live tracking (server/modules/tracking, ADR 26): every order_events row announces itself with pg_notify in the
 * transaction that writes it, so PostgreSQL delivers the notice at commit (never for a rolled-back change) and
 * every writer (checkout, the store console, jobs) is covered without calling anything. The channel is named by
 * the schema, so schemas sharing one database (tests, the bench) do not hear each other; the payload is small
 * (order id and event id): listeners read the rows themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_order_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify(
        'order_events_' || current_schema(),
        json_build_object('order_id', new.order_id, 'id', new.id)::text
      );
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger order_events_notify after insert on order_events
    for each row execute function notify_order_event()`.execute(db);
}
