import type { ColumnType, Generated } from "kysely";
import type { LedgerKind } from "../domain/loyalty/programme.ts";

/** Table types of loyalty and the giveaway (0024-loyalty-giveaway); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Identity = ColumnType<number, never, never>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface LoyaltyLedgerTable {
  id: Identity;
  user_id: string;
  kind: LedgerKind;
  points: number;
  order_id: Optional<string>;
  action: Optional<string>;
  event_id: Optional<number>;
  refund_cents: Optional<number>;
  staff_id: Optional<string>;
  reason: string;
  credit_entry_id: Optional<number>;
  created_at: DefaultedTimestamp;
}

export interface GiveawaysTable {
  id: string;
  title: string;
  rules: string;
  active: Generated<boolean>;
  entries_multiplier: Generated<string>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  updated_by: Optional<string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface GiveawayEntriesTable {
  id: Identity;
  giveaway_id: string;
  user_id: string;
  order_id: string;
  kind: "entered" | "reversed";
  entries: number;
  created_at: DefaultedTimestamp;
}

export interface GiveawayDrawsTable {
  giveaway_id: string;
  published_value: string;
  seed: string;
  total_entries: number;
  ticket: number;
  winner_id: string;
  drawn_by: string;
  drawn_at: DefaultedTimestamp;
}

export interface LoyaltyDatabase {
  loyalty_ledger: LoyaltyLedgerTable;
  giveaways: GiveawaysTable;
  giveaway_entries: GiveawayEntriesTable;
  giveaway_draws: GiveawayDrawsTable;
}
