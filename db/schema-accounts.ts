import type { ColumnType, Generated } from "kysely";

/** Table types of the accounts migration (0004-accounts); part of `Database` in schema.ts. */

/** Read as Date, written as Date or SQL-ready text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Filled by a default (now()) when not given. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  /** The payment provider's customer (spec §3 stripeCustID). */
  payment_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  id: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  password_hash: string | null;
  gender: "female" | "male" | "nonbinary" | "unspecified" | null;
  mobile: string | null;
  country_code: string | null;
  birthday: string;
  stated_source: string | null;
  signup_platform: Generated<"web" | "ios" | "android">;
  signup_promo: string | null;
  display_mode: Generated<"light" | "dark" | "system">;
  user_agent: string | null;
  email_verified: Generated<boolean>;
  mobile_verified: Generated<boolean>;
  age_verification_status: number | null;
  /** YYYY-MM-DD: the status above holds through this day (0014-age-verification). */
  age_verification_expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  role: Generated<"customer" | "store_staff" | "admin">;
  store_id: string | null;
  direct_only: Generated<boolean>;
  round_up_enabled: Generated<boolean>;
  round_up_org_id: string | null;
  round_up_amount: number | null;
  contact_email: Generated<boolean>;
  contact_sms: Generated<boolean>;
  contact_push: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface MerchantsTable {
  id: string;
  name: string;
  redirect_urls: string[];
  created_at: DefaultedTimestamp;
}

export interface UserMerchantsTable {
  user_id: string;
  merchant_id: string;
  is_signup: boolean;
  created_at: DefaultedTimestamp;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  kind: "web" | "mobile" | "merchant";
  platform: "web" | "ios" | "android";
  merchant_id: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface LoginCodesTable {
  oid: string;
  purpose: "login" | "signup";
  email: string;
  user_id: string | null;
  channel: "email" | "sms";
  code_hash: string;
  pending: ColumnType<unknown, string | null, string | null> | null;
  attempts: Generated<number>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface CustomerPinsTable {
  id: string;
  user_id: string;
  client_timestamp: ColumnType<string, string | number | bigint, string | number | bigint>;
  pin_hash: string;
  channel: "email" | "sms";
  attempts: Generated<number>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
}

export interface SsoIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: DefaultedTimestamp;
}

export interface SsoPendingTable {
  token_hash: string;
  provider: string;
  subject: string;
  email: string | null;
  email_verified: Generated<boolean>;
  firstname: string | null;
  lastname: string | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: "email" | "sms";
  recipient: string;
  template: string;
  subject: string | null;
  body: string;
  created_at: DefaultedTimestamp;
  sent_at: NullableTimestamp;
  status: Generated<"queued" | "sending" | "sent" | "failed">;
  attempts: Generated<number>;
  last_error: string | null;
  /** What carried it: smtp, twilio, mailbox (kept locally, never sent). */
  transport: string | null;
  provider_message_id: string | null;
  claimed_at: NullableTimestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: DefaultedTimestamp;
}

export interface AccountsDatabase {
  users: UsersTable;
  merchants: MerchantsTable;
  user_merchants: UserMerchantsTable;
  sessions: SessionsTable;
  login_codes: LoginCodesTable;
  password_resets: PasswordResetsTable;
  customer_pins: CustomerPinsTable;
  sso_identities: SsoIdentitiesTable;
  sso_pending: SsoPendingTable;
  outbox: OutboxTable;
  app_secrets: AppSecretsTable;
}
