import type { ColumnType, Generated } from "kysely";

/** Table types of referrals, lead capture and the enquiry forms (0027-referrals-and-enquiries); part of `Database`. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Platform = "web" | "ios" | "android";

export interface ReferralCodesTable {
  user_id: string;
  code: string;
  created_at: DefaultedTimestamp;
}

export interface ReferralDevicesTable {
  user_id: string;
  device_id: string;
  first_seen_at: DefaultedTimestamp;
}

export interface ReferralsTable {
  id: ColumnType<string, never, never>;
  referrer_id: string;
  friend_id: string;
  code: string;
  state: Generated<"signed_up" | "rewarded" | "refused">;
  refusal_reason: string | null;
  order_id: string | null;
  created_at: DefaultedTimestamp;
  decided_at: NullableTimestamp;
}

export interface ReferralRewardsTable {
  referral_id: string;
  side: "referrer" | "friend";
  user_id: string;
  amount: number;
  created_at: DefaultedTimestamp;
}

export interface LeadsTable {
  id: ColumnType<string, never, never>;
  email: string;
  platform: Platform;
  page: string | null;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
  times: Generated<number>;
}

export interface EnquiriesTable {
  id: ColumnType<string, never, never>;
  kind: "partner" | "business" | "job";
  name: string;
  email: string;
  detail: ColumnType<Record<string, string>, string, string>;
  platform: Platform;
  created_at: DefaultedTimestamp;
}

export interface ReferralsDatabase {
  referral_codes: ReferralCodesTable;
  referral_devices: ReferralDevicesTable;
  referrals: ReferralsTable;
  referral_rewards: ReferralRewardsTable;
  leads: LeadsTable;
  enquiries: EnquiriesTable;
}
