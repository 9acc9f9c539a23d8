import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { addDays, periodLabel, weekOf, weeksToClose } from "#domain/statements/periods.ts";
import {
  buildStatement,
  dayAfter,
  type LineCategory,
  type Statement,
  type StatementLine,
  storeDay,
} from "#domain/statements/statement.ts";
import type { MoneyEvent, Period, StoreTerms } from "#domain/statements/types.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { PAY_STATEMENT } from "./jobs.ts";
import { dayText, recordEvents } from "./record.ts";
import { termsOf } from "./terms.ts";

export interface StoreRef {
  id: string;
  name: string;
  timezone: string;
}

export async function storeRef(db: Db, storeId: string): Promise<StoreRef> {
  return db
    .selectFrom("stores")
    .select(["id", "name", "timezone"])
    .where("id", "=", storeId)
    .executeTakeFirstOrThrow();
}

export interface ClosedRow {
  id: string;
  period: Period;
  lines: StatementLine[];
  eventIds: string[];
  netPayable: number;
  terms: StoreTerms;
  closedAt: Date;
}

const closedColumns = [
  "id",
  dayText("period_from").as("period_from"),
  dayText("period_to").as("period_to"),
  "lines",
  "event_ids",
  "net_payable",
  "terms",
  "closed_at",
] as const;

const closedRow = (r: {
  id: string;
  period_from: string;
  period_to: string;
  lines: unknown;
  event_ids: string[];
  net_payable: number;
  terms: unknown;
  closed_at: Date;
}): ClosedRow => ({
  id: r.id,
  period: { from: r.period_from, to: r.period_to },
  lines: r.lines as StatementLine[],
  eventIds: r.event_ids,
  netPayable: r.net_payable,
  terms: r.terms as StoreTerms,
  closedAt: new Date(r.closed_at),
});

export async function closedStatements(db: Db, storeId: string): Promise<ClosedRow[]> {
  const rows = await db
    .selectFrom("statements")
    .select([...closedColumns])
    .where("store_id", "=", storeId)
    .orderBy("period_from", "desc")
    .execute();
  return rows.map(closedRow);
}

export async function closedStatement(db: Db, storeId: string, id: string): Promise<ClosedRow | undefined> {
  const row = await db
    .selectFrom("statements")
    .select([...closedColumns])
    .where("store_id", "=", storeId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && closedRow(row);
}

async function lastClosedTo(db: Db, storeId: string): Promise<string | null> {
  const row = await db
    .selectFrom("statements")
    .select(dayText("period_to").as("to"))
    .where("store_id", "=", storeId)
    .orderBy("period_to", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.to ?? null;
}

/**
 * The events an open period counts: those dated in it that no closed statement counted, and, for the period right
 * after the last closed one, those dated in a closed period but recorded after it closed, carried to its first day
 * (`lateFrom` keeps the day they happened: domain `nextPeriodCarries`).
 */
async function openEvents(
  db: Db | Transaction<Database>,
  storeId: string,
  period: Period,
  closedTo: string | null,
) {
  const carrying = closedTo !== null && period.from === dayAfter(closedTo);
  const rows = await db
    .selectFrom("statement_events")
    .select(["event", dayText("day").as("day")])
    .where("store_id", "=", storeId)
    .where("statement_id", "is", null)
    .where("day", "<=", period.to)
    .$if(!carrying, (q) => q.where("day", ">=", period.from))
    .execute();
  return rows.map(
    ({ event, day }): MoneyEvent =>
      day < period.from ? { ...event, date: period.from, lateFrom: event.lateFrom ?? day } : event,
  );
}

/** The statement of a period not closed yet, as it stands: the current week, or a week the job has yet to close. */
export async function openStatement(db: Db, store: StoreRef, period: Period) {
  await recordEvents(db, store.id, store.timezone);
  const terms = await termsOf(db, store.id);
  const events = await openEvents(db, store.id, period, await lastClosedTo(db, store.id));
  return {
    statement: buildStatement(events, terms, period),
    terms,
    late: events.filter((e) => e.lateFrom !== undefined).length,
  };
}

/** A day's figures: what happened that day (by the day it happened), whether or not its week has closed. */
export async function dayStatement(db: Db, store: StoreRef, day: string) {
  await recordEvents(db, store.id, store.timezone);
  const terms = await termsOf(db, store.id);
  const rows = await db
    .selectFrom("statement_events")
    .select("event")
    .where("store_id", "=", store.id)
    .where("day", "=", day)
    .execute();
  return {
    statement: buildStatement(
      rows.map((r) => r.event),
      terms,
      { from: day, to: day },
    ),
    terms,
  };
}

/** The week `now` falls in at the store, which is open. */
export const currentWeek = (store: StoreRef, now: Date): Period => weekOf(storeDay(now, store.timezone));

const netOf = (s: Statement) => s.lines.find((l) => l.key === "net_payable")?.cents ?? 0;

/**
 * Closes one week: its statement written once, with the terms and the ids of the events it counted (unique per store
 * and first day: of two closing at once, the second writes nothing and answers null), those events marked as counted,
 * and its payout's job sent, all in one transaction. A closed statement is never written again.
 */
async function closeWeek(
  db: Db,
  jobs: JobQueue,
  store: StoreRef,
  period: Period,
  closedTo: string | null,
): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const { set: _, ...kept } = await termsOf(tx, store.id);
    const events = await openEvents(tx, store.id, period, closedTo);
    const statement = buildStatement(events, kept, period);
    const id = `st_${randomUUID()}`;
    const inserted = await tx
      .insertInto("statements")
      .values({
        id,
        store_id: store.id,
        period_from: period.from,
        period_to: period.to,
        lines: JSON.stringify(statement.lines),
        event_ids: JSON.stringify(statement.eventIds),
        net_payable: netOf(statement),
        terms: JSON.stringify(kept),
      })
      .onConflict((oc) => oc.columns(["store_id", "period_from"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return null;
    if (statement.eventIds.length > 0) {
      const marked = await tx
        .updateTable("statement_events")
        .set({ statement_id: id })
        .where("id", "in", statement.eventIds)
        .where("statement_id", "is", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== statement.eventIds.length)
        throw new Error(`statement ${id}: an event it counted was counted by another statement`);
    }
    await jobs.send(PAY_STATEMENT, { statementId: id }, { tx, singletonKey: id });
    return id;
  });
}

/**
 * Closes every week of the store that has ended by `now` in its time zone and has no statement yet, oldest first
 * (weeks with no money close too, at nothing). Answers the ids of the statements it closed; a close running at the
 * same time closes the others.
 */
export async function closeDueStatements(
  db: Db,
  jobs: JobQueue,
  storeId: string,
  now: Date,
): Promise<string[]> {
  const store = await storeRef(db, storeId);
  await recordEvents(db, store.id, store.timezone);
  const closed: string[] = [];
  let closedTo = await lastClosedTo(db, store.id);
  const first = await db
    .selectFrom("statement_events")
    .select(sql<string | null>`to_char(min(day), 'YYYY-MM-DD')`.as("day"))
    .where("store_id", "=", store.id)
    .executeTakeFirst();
  const weeks = weeksToClose({
    lastClosedTo: closedTo,
    firstEventDay: first?.day ?? null,
    today: storeDay(now, store.timezone),
  });
  for (const week of weeks) {
    const id = await closeWeek(db, jobs, store, week, closedTo);
    if (!id) break;
    closed.push(id);
    closedTo = week.to;
  }
  return closed;
}

/** Every store with money to account for: the hourly sweep sends each a close job. */
export async function storesWithEvents(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("statement_events").select("store_id").distinct().execute();
  const stores = await db.selectFrom("stores").select("id").execute();
  return [...new Set([...rows.map((r) => r.store_id), ...stores.map((s) => s.id)])];
}

export const LABELS: Record<string, string> = {
  merchandise: "Merchandise sold",
  delivery_fees: "Delivery fees",
  tips: "Tips",
  taxes: "Taxes collected (Nightcap remits them)",
  donations: "Round-up donations (passed to the charity)",
  "promos:platform": "Promos funded by Nightcap",
  "promos:store": "Promos funded by the store",
  credit: "Store credit spent (funded by Nightcap)",
  "refunds:cancelled": "Refunds: cancelled orders",
  "refunds:failed": "Refunds: failed deliveries",
  "refunds:substitution": "Refunds: substitutions that cost less",
  "refunds:missing_item": "Refunds: missing items",
  "refunds:damaged": "Refunds: damaged items",
  "refunds:tip_lowered": "Refunds: tips lowered",
  "refunds:goodwill": "Refunds: goodwill",
  commission: "Nightcap's commission",
  processing_fees: "Card processing fees",
  net_payable: "Net payable to the store",
};

export function lineLabel(line: Pick<StatementLine, "key" | "keptBy">): string {
  const base = LABELS[line.key] ?? line.key;
  if (line.key === "tips")
    return `${base} (${line.keptBy === "driver" ? "the drivers'" : "the store's, for its drivers"})`;
  if (line.key === "delivery_fees")
    return `${base} (${line.keptBy === "platform" ? "Nightcap's" : "the store's"})`;
  return base;
}

export const categoryOf = (key: string) => key.split(":")[0] as LineCategory;
export { addDays, periodLabel };
