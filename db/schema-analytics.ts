import type { ColumnType, Generated } from "kysely";

/** Table types of analytics and banners (0029-analytics-banners); part of `Database`. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AnalyticsEventsTable {
  id: Generated<string>;
  kind: "track" | "page";
  name: string;
  visitor: string;
  anonymous_id: string | null;
  user_id: string | null;
  platform: string;
  path: string | null;
  properties: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  received_at: DefaultedTimestamp;
}

export interface BannersTable {
  id: string;
  title: string;
  body: ColumnType<string, string | undefined, string>;
  image_url: string | null;
  link: string;
  location: "category" | "storefront";
  categories: ColumnType<string[], string[] | undefined, string[]>;
  after_row_of_result: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  created_by: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface BannerEventsTable {
  banner_id: string;
  kind: "impression" | "click";
  page_view: string;
  visitor: string | null;
  created_at: DefaultedTimestamp;
}

export interface AnalyticsDatabase {
  analytics_events: AnalyticsEventsTable;
  banners: BannersTable;
  banner_events: BannerEventsTable;
}
