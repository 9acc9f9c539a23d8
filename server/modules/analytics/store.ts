import { sql } from "kysely";
import type { Platform } from "#domain/accounts/roles.ts";
import { normalizeSearch, occurredAt, PAGE_VIEWED, PRODUCTS_SEARCHED } from "#domain/analytics/events.ts";
import { FUNNEL_EVENTS, type FunnelDay, funnelByDay } from "#domain/analytics/funnel.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { EventsBody, ZeroResultSearch } from "./schemas.ts";

export interface Visitor {
  /** Who the funnel counts: the anonymous visitor (kept while signed in), else the account. */
  visitor: string;
  anonymousId: string | null;
  userId: string | null;
  platform: Platform;
}

/** Stores a batch as one insert; a batch with any event of an insane time is refused whole (400). */
export async function recordEvents(db: Db, who: Visitor, body: EventsBody, now: Date): Promise<number> {
  const received = now.getTime();
  const rows = body.events.map((e, i) => {
    const at = occurredAt(e.timestamp, received);
    if (at === null)
      throw new AppError(
        400,
        "bad_timestamp",
        `Invalid body.events.${i}.timestamp: more than a day old or ahead of the server's clock.`,
      );
    const properties =
      e.type === "track" && e.event === PRODUCTS_SEARCHED && typeof e.properties?.query === "string"
        ? { ...e.properties, query: normalizeSearch(e.properties.query) }
        : (e.properties ?? {});
    return {
      kind: e.type,
      name: e.type === "page" ? PAGE_VIEWED : e.event,
      visitor: who.visitor,
      anonymous_id: who.anonymousId,
      user_id: who.userId,
      platform: who.platform,
      path: e.path ?? null,
      properties: JSON.stringify(properties),
      occurred_at: new Date(at),
      received_at: now,
    };
  });
  await db.insertInto("analytics_events").values(rows).execute();
  return rows.length;
}

/** The first UTC day of a window of `days` days ending today. */
function windowStart(now: Date, days: number): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start;
}

/** The funnel per UTC day of the window (newest first): the database groups, the domain counts. */
export async function funnel(db: Db, now: Date, days: number): Promise<FunnelDay[]> {
  const rows = await db
    .selectFrom("analytics_events")
    .select([
      sql<string>`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day"),
      "visitor",
      sql<string[]>`array_agg(distinct name)`.as("events"),
    ])
    .where("name", "in", FUNNEL_EVENTS)
    .where("occurred_at", ">=", windowStart(now, days))
    .groupBy([sql`1`, "visitor"])
    .execute();
  return funnelByDay(rows);
}

/** The searches that found nothing in the window (unfiltered: the search page says `results: 0`), most searched first. */
export async function zeroResultSearches(
  db: Db,
  now: Date,
  days: number,
  limit = 20,
): Promise<ZeroResultSearch[]> {
  const rows = await db
    .selectFrom("analytics_events")
    .select([
      sql<string>`properties->>'query'`.as("query"),
      sql<string>`count(*)`.as("searches"),
      sql<string>`count(distinct visitor)`.as("visitors"),
      sql<Date>`max(occurred_at)`.as("last_at"),
    ])
    .where("name", "=", PRODUCTS_SEARCHED)
    .where("occurred_at", ">=", windowStart(now, days))
    .where(sql<boolean>`(properties->>'results') = '0'`)
    .where(sql<boolean>`coalesce(properties->>'query', '') <> ''`)
    .groupBy(sql`1`)
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`max(occurred_at)`, "desc")
    .limit(limit)
    .execute();
  // Stored normalised (recordEvents): "Pinot  Noir" and "pinot noir" are one search.
  return rows.map((r) => ({
    query: r.query,
    searches: Number(r.searches),
    visitors: Number(r.visitors),
    lastAt: new Date(r.last_at).toISOString(),
  }));
}
