import { statementFileName, statementLinesCsv, statementOrdersCsv } from "#domain/statements/csv.ts";
import { isDay, periodLabel } from "#domain/statements/periods.ts";
import type { Statement } from "#domain/statements/statement.ts";
import type { Period, StoreTerms } from "#domain/statements/types.ts";
import { badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { PayoutProvider } from "#server/platform/payouts/index.ts";
import { type Staff, workingStore } from "../console/index.ts";
import { type PayoutRow, payoutAccount, payoutsOf } from "./payouts.ts";
import {
  closedStatement,
  closedStatements,
  currentWeek,
  dayStatement,
  lineLabel,
  openStatement,
  type StoreRef,
  storeRef,
} from "./statements.ts";
import { termsOf } from "./terms.ts";

export const STATEMENT_NOT_FOUND = "No statement of this store has that id.";
export const NOT_A_DAY = "Give the day as YYYY-MM-DD.";

export interface PayoutAnswer {
  status: "pending" | "paid" | "nothing_due" | "failed";
  amount: number;
  provider: string;
  reference: string | null;
  failure: string | null;
  paid_at: string | null;
}

export interface StatementLineAnswer {
  key: string;
  category: string;
  label: string;
  cents: number;
  funded_by: "platform" | "store" | null;
  reason: string | null;
  kept_by: "store" | "platform" | "driver" | null;
  orders: { order_id: string; order_number: number | null; cents: number }[];
}

export interface TermsAnswer {
  commission_ppm: number;
  commission_per_order: number;
  processing_ppm: number;
  processing_fixed: number;
}

export interface StatementAnswer {
  store: { id: string; name: string; time_zone: string };
  id: string | null;
  kind: "week" | "day";
  status: "open" | "closed";
  period: { from: string; to: string; label: string };
  closed_at: string | null;
  terms: TermsAnswer;
  lines: StatementLineAnswer[];
  net_payable: number;
  orders: number;
  late_events: number;
  payout: PayoutAnswer | null;
}

export interface StatementsOverview {
  store: { id: string; name: string; time_zone: string };
  current: StatementAnswer;
  past: {
    id: string;
    period: { from: string; to: string; label: string };
    net_payable: number;
    closed_at: string;
    payout: PayoutAnswer | null;
  }[];
  terms: { commission_ppm: number; commission_per_order: number; default: boolean };
  payout_account: { provider: string; account_id: string | null };
}

const payoutAnswer = (p: PayoutRow | undefined): PayoutAnswer | null =>
  p
    ? {
        status: p.status,
        amount: p.amount,
        provider: p.provider,
        reference: p.provider_ref,
        failure: p.failure,
        paid_at: p.paid_at ? new Date(p.paid_at).toISOString() : null,
      }
    : null;

const storeAnswer = (s: StoreRef) => ({ id: s.id, name: s.name, time_zone: s.timezone });
const periodAnswer = (p: Period) => ({ from: p.from, to: p.to, label: periodLabel(p) });
const termsAnswer = (t: StoreTerms): TermsAnswer => ({
  commission_ppm: t.commissionPpm,
  commission_per_order: t.commissionPerOrder,
  processing_ppm: t.processingPpm,
  processing_fixed: t.processingFixed,
});

async function orderNumbers(db: Db, statement: Pick<Statement, "lines">): Promise<Map<string, number>> {
  const ids = [...new Set(statement.lines.flatMap((l) => l.orders.map((o) => o.orderId)))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("orders").select(["id", "order_number"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.order_number]));
}

async function answerOf(
  db: Db,
  store: StoreRef,
  statement: Statement,
  extra: Pick<StatementAnswer, "id" | "kind" | "status" | "closed_at" | "late_events" | "payout"> & {
    terms: StoreTerms;
  },
): Promise<StatementAnswer> {
  const numbers = await orderNumbers(db, statement);
  const net = statement.lines.find((l) => l.key === "net_payable");
  return {
    store: storeAnswer(store),
    id: extra.id,
    kind: extra.kind,
    status: extra.status,
    period: periodAnswer(statement.period),
    closed_at: extra.closed_at,
    terms: termsAnswer(extra.terms),
    lines: statement.lines.map((l) => ({
      key: l.key,
      category: l.category,
      label: lineLabel(l),
      cents: l.cents,
      funded_by: l.funder ?? null,
      reason: l.reason ?? null,
      kept_by: l.keptBy ?? null,
      orders: l.orders.map((o) => ({
        order_id: o.orderId,
        order_number: numbers.get(o.orderId) ?? null,
        cents: o.cents,
      })),
    })),
    net_payable: net?.cents ?? 0,
    orders: new Set(statement.lines.flatMap((l) => l.orders.map((o) => o.orderId))).size,
    late_events: extra.late_events,
    payout: extra.payout,
  };
}

async function storeFor(db: Db, staff: Staff, asked: string | undefined): Promise<StoreRef> {
  const found = await workingStore(db, staff, asked);
  return storeRef(db, found.id);
}

/** The statement named: "current" (the week now, open), or a closed one by its id. */
async function statementFor(db: Db, store: StoreRef, id: string, now: Date) {
  if (id === "current") {
    const { statement, terms, late } = await openStatement(db, store, currentWeek(store, now));
    return {
      statement,
      answer: await answerOf(db, store, statement, {
        id: null,
        kind: "week",
        status: "open",
        closed_at: null,
        late_events: late,
        payout: null,
        terms,
      }),
    };
  }
  const closed = await closedStatement(db, store.id, id);
  if (!closed) throw notFound(STATEMENT_NOT_FOUND, "statement_not_found");
  const statement: Statement = { period: closed.period, lines: closed.lines, eventIds: closed.eventIds };
  const payouts = await payoutsOf(db, [closed.id]);
  return {
    statement,
    answer: await answerOf(db, store, statement, {
      id: closed.id,
      kind: "week",
      status: "closed",
      closed_at: closed.closedAt.toISOString(),
      late_events: 0,
      payout: payoutAnswer(payouts.get(closed.id)),
      terms: closed.terms,
    }),
  };
}

export async function statementsOverview(
  ctx: { db: Db; payouts: PayoutProvider },
  staff: Staff,
  query: { store_id?: string },
  now: Date,
): Promise<StatementsOverview> {
  const { db } = ctx;
  const store = await storeFor(db, staff, query.store_id);
  const { answer: current } = await statementFor(db, store, "current", now);
  const closed = await closedStatements(db, store.id);
  const payouts = await payoutsOf(
    db,
    closed.map((c) => c.id),
  );
  const terms = await termsOf(db, store.id);
  return {
    store: storeAnswer(store),
    current,
    past: closed.map((c) => ({
      id: c.id,
      period: periodAnswer(c.period),
      net_payable: c.netPayable,
      closed_at: c.closedAt.toISOString(),
      payout: payoutAnswer(payouts.get(c.id)),
    })),
    terms: {
      commission_ppm: terms.commissionPpm,
      commission_per_order: terms.commissionPerOrder,
      default: !terms.set,
    },
    payout_account: {
      provider: ctx.payouts.kind,
      account_id: await payoutAccount(ctx, store, false),
    },
  };
}

export async function statementView(
  db: Db,
  staff: Staff,
  id: string,
  query: { store_id?: string },
  now: Date,
): Promise<StatementAnswer> {
  const store = await storeFor(db, staff, query.store_id);
  return (await statementFor(db, store, id, now)).answer;
}

export async function dayView(
  db: Db,
  staff: Staff,
  query: { store_id?: string; date: string },
): Promise<StatementAnswer> {
  if (!isDay(query.date)) throw badRequest(NOT_A_DAY, "invalid_day");
  const store = await storeFor(db, staff, query.store_id);
  const { statement, terms } = await dayStatement(db, store, query.date);
  return answerOf(db, store, statement, {
    id: null,
    kind: "day",
    status: "open",
    closed_at: null,
    late_events: 0,
    payout: null,
    terms,
  });
}

/** The statement's lines, or the orders behind them, as CSV with the download's file name. */
export async function statementCsv(
  db: Db,
  staff: Staff,
  id: string,
  what: "lines" | "orders",
  query: { store_id?: string },
  now: Date,
): Promise<{ csv: string; fileName: string }> {
  const store = await storeFor(db, staff, query.store_id);
  const { statement, answer } = await statementFor(db, store, id, now);
  const labels = new Map(answer.lines.map((l) => [l.key, l.label]));
  const csv =
    what === "lines"
      ? statementLinesCsv({
          storeName: store.name,
          statement,
          status: answer.status,
          label: (key) => labels.get(key) ?? key,
        })
      : statementOrdersCsv({ statement, orderNumbers: await orderNumbers(db, statement) });
  return { csv, fileName: statementFileName(store.name, statement.period, what) };
}
