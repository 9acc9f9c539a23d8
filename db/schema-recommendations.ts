import type { ColumnType } from "kysely";

/** Table types of recommendations that learn (0026-recommendations); part of `Database`. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CoPurchaseTable {
  sku_a: string;
  sku_b: string;
  together: number;
  orders_a: number;
  orders_b: number;
}

export interface CoPurchaseRefreshTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  refreshed_at: NullableTimestamp;
  next_run_at: NullableTimestamp;
  orders: ColumnType<number, number | undefined, number>;
  pairs: ColumnType<number, number | undefined, number>;
}

export interface FavouritesTable {
  user_id: string;
  sku_id: string;
  created_at: DefaultedTimestamp;
}

export interface RecommendationsDatabase {
  co_purchase: CoPurchaseTable;
  co_purchase_refresh: CoPurchaseRefreshTable;
  favourites: FavouritesTable;
}
