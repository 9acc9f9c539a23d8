import type { ColumnType } from "kysely";

/** Table types of tips, feedback and product reviews (0018-tips-feedback-reviews); part of `Database`. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Identity = ColumnType<number, never, never>;

export type TipStatus = "rated" | "charging" | "charged" | "failed";

export interface OrderTipsTable {
  order_id: string;
  user_id: string;
  /** Cents; 0 while only a rating was given. */
  amount: number;
  rating: number | null;
  status: TipStatus;
  /** Charge attempts so far: each has its own idempotency key (`tip:{order}:{attempt}`). */
  attempt: ColumnType<number, number | undefined, number>;
  payment_id: string | null;
  failure: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrderFeedbackTable {
  order_id: string;
  user_id: string;
  positive: string[];
  negative: string[];
  thumb: "up" | "down" | null;
  notes: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface ProductReviewsTable {
  id: Identity;
  sku_id: string;
  user_id: string;
  order_id: string;
  rating: number;
  text: string | null;
  /** How the review is signed: the shopper's first name and last initial. */
  author: string;
  created_at: DefaultedTimestamp;
}

export interface TipsDatabase {
  order_tips: OrderTipsTable;
  order_feedback: OrderFeedbackTable;
  product_reviews: ProductReviewsTable;
}
