import { type Kysely, sql } from "kysely";

/**
 * Referrals, lead capture and the pages that take input (issue 17; docs/adr/0035-referrals-and-enquiries.md):
 * - `referral_codes`: each shopper's one share code, made the first time they ask for it;
 * - `referral_devices`: the device ids (the anonymous-visitor cookie) each account signed in or up on: a friend
 *   who shares one with their referrer is not rewarded;
 * - `referrals`: a friend who signed up through a code (one row per friend: a friend is referred once), with the
 *   decision taken at their first completed order (rewarded, or refused and why);
 * - `referral_rewards`: the credit each side got for a referral, keyed by (referral, side): granted once however
 *   many times the decision runs;
 * - `leads`: emails given to the lead-capture prompt, one row per mailbox;
 * - `enquiries`: what the /retailers, /business and /apply forms sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table referral_codes (
      user_id text primary key references users(id) on delete cascade,
      code text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table referral_devices (
      user_id text not null references users(id) on delete cascade,
      device_id text not null,
      first_seen_at timestamptz not null default now(),
      primary key (user_id, device_id)
    )`.execute(db);
  await sql`create index referral_devices_by_device on referral_devices (device_id)`.execute(db);

  await sql`
    create table referrals (
      id bigint generated always as identity primary key,
      referrer_id text not null references users(id) on delete cascade,
      friend_id text not null unique references users(id) on delete cascade,
      code text not null,
      state text not null default 'signed_up' check (state in ('signed_up', 'rewarded', 'refused')),
      refusal_reason text,
      order_id text,
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      check ((state = 'refused') = (refusal_reason is not null))
    )`.execute(db);
  await sql`create index referrals_by_referrer on referrals (referrer_id, id desc)`.execute(db);

  await sql`
    create table referral_rewards (
      referral_id bigint not null references referrals(id) on delete cascade,
      side text not null check (side in ('referrer', 'friend')),
      user_id text not null references users(id) on delete cascade,
      amount int not null check (amount > 0),
      created_at timestamptz not null default now(),
      primary key (referral_id, side)
    )`.execute(db);

  await sql`
    create table leads (
      id bigint generated always as identity primary key,
      email text not null,
      platform text not null check (platform in ('web', 'ios', 'android')),
      page text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      times int not null default 1
    )`.execute(db);
  await sql`create unique index leads_by_email on leads (lower(email))`.execute(db);
  await sql`create index leads_newest on leads (created_at desc)`.execute(db);

  await sql`
    create table enquiries (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('partner', 'business', 'job')),
      name text not null,
      email text not null,
      detail jsonb not null,
      platform text not null check (platform in ('web', 'ios', 'android')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index enquiries_newest on enquiries (created_at desc)`.execute(db);
}
