import type { ColumnType } from "kysely";
import type { SubstitutionUpdate } from "../domain/orders/substitution.ts";

/** Table types of substitutions (0019-substitutions); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrderSubstitutionsTable {
  order_id: string;
  sku_id: string;
  title: string;
  quantity: number;
  stock_level: number;
  price: number;
  suggestions: ColumnType<string[], string[] | undefined, string[]>;
  /** The shopper's answer, once given (or the store's default, applied when it went ahead unanswered). */
  answer: ColumnType<SubstitutionUpdate | null, string | null | undefined, string | null>;
  proposed_by: string;
  proposed_at: DefaultedTimestamp;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SubstitutionsDatabase {
  order_substitutions: OrderSubstitutionsTable;
}
