import { type Kysely, sql } from "kysely";

/**
 * Sessions kept in process (server/modules/sessions, docs/adr/0089-sessions-kept-in-process.md): whatever ends a
 * session or changes what it grants announces the user with pg_notify in the transaction that writes it, so every
 * instance forgets that user's kept sessions at commit, whichever writer it was (sign-out, a password reset, a role
 * given in the console, an account deleted). What a resolved session reads: the session's `revoked_at` and
 * `expires_at`, the user's `role` and `store_id`; a session's touch (`last_seen_at`) announces nothing. The channel is
 * named by the schema, as order events' (0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_session_user() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        perform pg_notify('sessions_' || current_schema(), old.id);
      else
        perform pg_notify('sessions_' || current_schema(), old.user_id);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger sessions_notify after update of revoked_at, expires_at, user_id, token_hash or delete on sessions
    for each row execute function notify_session_user()`.execute(db);
  await sql`
    create trigger users_sessions_notify after update of role, store_id or delete on users
    for each row execute function notify_session_user()`.execute(db);
}
