import type { ColumnType } from "kysely";
import type { DiffCounts as FeedDiffCounts, ShelfChange as FeedShelfChange } from "../domain/feeds/diff.ts";
import type { ColumnMapping as FeedColumnMapping } from "../domain/feeds/layouts.ts";

/** Table types of the store console (0015-console); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface ConsoleAuditTable {
  id: ColumnType<number, never, never>;
  actor_id: string;
  store_id: string | null;
  order_id: string | null;
  action: string;
  detail: ColumnType<unknown, string | undefined, string>;
  before: NullableJson<unknown>;
  after: NullableJson<unknown>;
  created_at: DefaultedTimestamp;
}

/** A store's compliance log (0036-door-handover): added to, never changed (a trigger refuses it). */
export interface ComplianceLogTable {
  id: ColumnType<string, never, never>;
  store_id: string;
  order_id: string | null;
  kind: "id_check" | "handover" | "refusal";
  outcome: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  actor_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A store's shelf feed (0039-shelf-feeds): its reviewed dry run and how many of its batches are applied. */
export interface ShelfFeedsTable {
  id: string;
  store_id: string;
  created_by: string;
  created_at: DefaultedTimestamp;
  layout: string;
  mapping: ColumnType<FeedColumnMapping | null, string | null, never>;
  square_location: string | null;
  missing_policy: "keep" | "zero" | "hide";
  line_count: number;
  counts: ColumnType<FeedDiffCounts, string, string>;
  changes: ColumnType<FeedShelfChange[], string, string>;
  batches_total: number;
  batches_done: ColumnType<number, number | undefined, number>;
  status: ColumnType<"previewed" | "applying" | "applied", "previewed" | undefined, "applying" | "applied">;
  applied_at: ColumnType<Date | null, never, Date>;
  /** The file's text, so the review can be previewed again with the store's choices (0043); null before then. */
  source_csv: string | null;
}

/** A store's SKU or UPC it mapped to a catalogue product (0043-feed-code-maps). */
export interface FeedCodeMapsTable {
  store_id: string;
  code_kind: "sku" | "upc";
  code: string;
  sku_id: string;
  mapped_by: string;
  mapped_at: DefaultedTimestamp;
}

/**
 * A store's scheduled feed (0042-feed-sources): where its file is fetched, how it is read, its credentials sealed,
 * its schedule and what the last fetch did.
 */
export interface FeedSourcesTable {
  store_id: string;
  url: string;
  layout: "square" | "generic";
  mapping: ColumnType<FeedColumnMapping | null, string | null, string | null>;
  square_location: string | null;
  missing_policy: "keep" | "zero" | "hide";
  credentials_kind: "basic" | "bearer" | null;
  /** The sealed envelope (server/platform/sealed.ts), never the credentials in clear. */
  credentials_sealed: string | null;
  every_hours: number;
  auto_apply: ColumnType<boolean, boolean | undefined, boolean>;
  set_by: string;
  updated_at: DefaultedTimestamp;
  next_fetch_at: ColumnType<Date, Date | string, Date | string>;
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_fetch_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_result: "previewed" | "applied" | "failed" | null;
  last_error: string | null;
  last_feed_id: string | null;
}

/** A product a store proposed for the catalogue (0044-product-proposals). */
export interface ProductProposalsTable {
  id: string;
  store_id: string;
  proposed_by: string;
  proposed_at: DefaultedTimestamp;
  title: string;
  upc: string | null;
  store_sku: string | null;
  size: string | null;
  price_cents: number;
  quantity: number;
  note: string | null;
  status: ColumnType<"pending" | "approved" | "rejected", "pending" | undefined, "approved" | "rejected">;
  decided_by: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  /** The product the approval made. */
  sku_id: string | null;
}

export interface ConsoleDatabase {
  console_audit: ConsoleAuditTable;
  compliance_log: ComplianceLogTable;
  shelf_feeds: ShelfFeedsTable;
  feed_code_maps: FeedCodeMapsTable;
  feed_sources: FeedSourcesTable;
  product_proposals: ProductProposalsTable;
}
