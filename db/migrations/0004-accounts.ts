import { type Kysely, sql } from "kysely";

/**
 * Accounts and sign-in (spec §3 User, §5, §6, §7): users with roles, opaque sessions stored hashed, two-step
 * login codes bound to one attempt, single-use password resets, customer PINs, social sign-in identities and
 * the provider data kept until a profile is complete, merchants with their registered redirect URLs, the
 * outbox every email and SMS goes through, and the server secrets generated on first start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id text primary key,
      email text not null,
      username text not null,
      firstname text not null,
      lastname text not null,
      password_hash text,
      gender text check (gender in ('female', 'male', 'nonbinary', 'unspecified')),
      mobile text check (mobile ~ '^[0-9]{10}$'),
      country_code text,
      -- YYYY-MM-DD as text: a calendar date has no time zone, and drivers turn date columns into local midnights.
      birthday text not null check (birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      stated_source text,
      signup_platform text not null default 'web' check (signup_platform in ('web', 'ios', 'android')),
      signup_promo text,
      display_mode text not null default 'system' check (display_mode in ('light', 'dark', 'system')),
      user_agent text,
      email_verified boolean not null default false,
      mobile_verified boolean not null default false,
      age_verification_status int,
      role text not null default 'customer' check (role in ('customer', 'store_staff', 'admin')),
      store_id text references stores(id),
      direct_only boolean not null default false,
      round_up_enabled boolean not null default false,
      round_up_org_id text,
      round_up_amount int,
      contact_email boolean not null default true,
      contact_sms boolean not null default false,
      contact_push boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (role <> 'store_staff' or store_id is not null)
    )`.execute(db);
  // One account per email whatever its case: the race between two signups is settled here.
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);

  await sql`
    create table merchants (
      id text primary key,
      name text not null,
      redirect_urls text[] not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table user_merchants (
      user_id text not null references users(id) on delete cascade,
      merchant_id text not null references merchants(id),
      is_signup boolean not null,
      created_at timestamptz not null default now(),
      primary key (user_id, merchant_id)
    )`.execute(db);

  await sql`
    create table sessions (
      id text primary key,
      token_hash text not null unique,
      user_id text not null references users(id) on delete cascade,
      kind text not null check (kind in ('web', 'mobile', 'merchant')),
      platform text not null check (platform in ('web', 'ios', 'android')),
      merchant_id text references merchants(id),
      user_agent text,
      ip text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);

  await sql`
    create table login_codes (
      oid text primary key,
      purpose text not null check (purpose in ('login', 'signup')),
      email text not null,
      user_id text references users(id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      code_hash text not null,
      pending jsonb,
      attempts int not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz
    )`.execute(db);
  await sql`create index login_codes_email_idx on login_codes (email, created_at)`.execute(db);

  await sql`
    create table password_resets (
      token_hash text primary key,
      user_id text not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  await sql`
    create table customer_pins (
      id text primary key,
      user_id text not null references users(id) on delete cascade,
      client_timestamp bigint not null,
      pin_hash text not null,
      channel text not null check (channel in ('email', 'sms')),
      attempts int not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      verified_at timestamptz,
      unique (user_id, client_timestamp)
    )`.execute(db);

  await sql`
    create table sso_identities (
      provider text not null,
      subject text not null,
      user_id text not null references users(id) on delete cascade,
      email text,
      created_at timestamptz not null default now(),
      primary key (provider, subject),
      unique (user_id, provider)
    )`.execute(db);
  await sql`
    create table sso_pending (
      token_hash text primary key,
      provider text not null,
      subject text not null,
      email text,
      email_verified boolean not null default false,
      firstname text,
      lastname text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);

  await sql`
    create table outbox (
      id bigint generated always as identity primary key,
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      template text not null,
      subject text,
      body text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index outbox_unsent_idx on outbox (id) where sent_at is null`.execute(db);

  await sql`
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
