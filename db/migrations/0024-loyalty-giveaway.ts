import { type Kysely, sql } from "kysely";

/**
 * Loyalty and the giveaway (issue 17; docs/adr/0033-loyalty-and-giveaway.md):
 * - `loyalty_ledger`: a shopper's points as signed rows, never a number changed in place. An order earns once
 *   (unique per order), a refund takes back once per refund event, a one-off action is awarded once per shopper,
 *   staff adjustments carry who and why, a redemption names the credit entry it became;
 * - `giveaways`: what administrators set (switched on, dates, multiplier as typed, rules); `giveaway_entries`:
 *   entries per completed order and their reversal, once each; `giveaway_draws`: the one recorded draw of a giveaway
 *   with the published value, its seed and the ticket, so anyone can draw it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table loyalty_ledger (
      id bigint generated always as identity primary key,
      user_id text not null references users(id),
      kind text not null check (kind in ('earned', 'reversed', 'redeemed', 'expired', 'adjusted', 'action')),
      points int not null check (points <> 0),
      order_id text references orders(id),
      action text,
      event_id bigint,
      refund_cents int,
      staff_id text references users(id),
      reason text not null,
      credit_entry_id bigint references credit_entries(id),
      created_at timestamptz not null default now(),
      check (
        (kind in ('earned', 'action') and points > 0)
        or (kind in ('reversed', 'redeemed', 'expired') and points < 0)
        or (kind = 'adjusted' and staff_id is not null and length(reason) > 0)
      ),
      check (kind <> 'earned' or order_id is not null),
      check (kind <> 'action' or action is not null),
      check (kind <> 'reversed' or (order_id is not null and event_id is not null)),
      check (kind <> 'redeemed' or credit_entry_id is not null)
    )`.execute(db);
  await sql`create index loyalty_ledger_by_user on loyalty_ledger (user_id, id)`.execute(db);
  await sql`create unique index loyalty_earned_once on loyalty_ledger (order_id) where kind = 'earned'`.execute(
    db,
  );
  await sql`create unique index loyalty_action_once on loyalty_ledger (user_id, action) where kind = 'action'`.execute(
    db,
  );
  await sql`create unique index loyalty_reversal_once on loyalty_ledger (event_id) where kind = 'reversed'`.execute(
    db,
  );

  await sql`
    create table giveaways (
      id text primary key,
      title text not null,
      rules text not null,
      active boolean not null default false,
      entries_multiplier text not null default '50',
      starts_at timestamptz,
      ends_at timestamptz,
      updated_by text references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table giveaway_entries (
      id bigint generated always as identity primary key,
      giveaway_id text not null references giveaways(id),
      user_id text not null references users(id),
      order_id text not null references orders(id),
      kind text not null check (kind in ('entered', 'reversed')),
      entries int not null check ((kind = 'entered' and entries > 0) or (kind = 'reversed' and entries < 0)),
      created_at timestamptz not null default now(),
      unique (giveaway_id, order_id, kind)
    )`.execute(db);
  await sql`create index giveaway_entries_by_user on giveaway_entries (user_id, giveaway_id)`.execute(db);
  await sql`
    create table giveaway_draws (
      giveaway_id text primary key references giveaways(id),
      published_value text not null,
      seed text not null,
      total_entries int not null,
      ticket int not null,
      winner_id text not null references users(id),
      drawn_by text not null references users(id),
      drawn_at timestamptz not null default now()
    )`.execute(db);
}
