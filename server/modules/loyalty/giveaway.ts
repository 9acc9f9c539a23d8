import { createHash, randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  drawWinner,
  entriesForOrder,
  GIVEAWAY_DEFAULTS,
  type GiveawayConfig,
  giveawayConfig,
  giveawayRunning,
} from "#domain/loyalty/giveaway.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";

type Tx = Transaction<Database>;
type Q = Db | Tx;

export interface Giveaway {
  id: string;
  title: string;
  rules: string;
  active: boolean;
  /** As the administrator typed it; the configuration reads it by spec §5. */
  entriesMultiplier: string;
  startsAt: string | null;
  endsAt: string | null;
  /** Whether it runs now: switched on, within its dates, its multiplier usable. */
  running: boolean;
  config: GiveawayConfig;
  draw: GiveawayDraw | null;
  updatedAt: string;
}

export interface GiveawayDraw {
  publishedValue: string;
  seed: string;
  totalEntries: number;
  ticket: number;
  winnerId: string;
  winnerName: string;
  drawnBy: string;
  drawnAt: string;
}

function view(
  row: {
    id: string;
    title: string;
    rules: string;
    active: boolean;
    entries_multiplier: string;
    starts_at: Date | null;
    ends_at: Date | null;
    updated_at: Date;
  },
  draw: GiveawayDraw | null,
  now: Date,
): Giveaway {
  const on = giveawayRunning({ active: row.active, startsAt: row.starts_at, endsAt: row.ends_at }, now);
  const config = giveawayConfig(on && draw === null, row.entries_multiplier);
  return {
    id: row.id,
    title: row.title,
    rules: row.rules,
    active: row.active,
    entriesMultiplier: row.entries_multiplier,
    startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
    endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
    running: config.isActive,
    config,
    draw,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function drawOf(db: Q, giveawayId: string): Promise<GiveawayDraw | null> {
  const d = await db
    .selectFrom("giveaway_draws")
    .innerJoin("users", "users.id", "giveaway_draws.winner_id")
    .select([
      "giveaway_draws.published_value",
      "giveaway_draws.seed",
      "giveaway_draws.total_entries",
      "giveaway_draws.ticket",
      "giveaway_draws.winner_id",
      "giveaway_draws.drawn_by",
      "giveaway_draws.drawn_at",
      "users.firstname",
      "users.lastname",
    ])
    .where("giveaway_id", "=", giveawayId)
    .executeTakeFirst();
  if (!d) return null;
  return {
    publishedValue: d.published_value,
    seed: d.seed,
    totalEntries: d.total_entries,
    ticket: d.ticket,
    winnerId: d.winner_id,
    winnerName: `${d.firstname} ${d.lastname.slice(0, 1)}.`,
    drawnBy: d.drawn_by,
    drawnAt: new Date(d.drawn_at).toISOString(),
  };
}

/** Every giveaway, newest first (the console). */
export async function listGiveaways(db: Db, now: Date): Promise<Giveaway[]> {
  const rows = await db.selectFrom("giveaways").selectAll().orderBy("created_at", "desc").limit(50).execute();
  return Promise.all(rows.map(async (r) => view(r, await drawOf(db, r.id), now)));
}

/**
 * The giveaway shoppers see: the latest one running now, else the latest switched on (its rules stay readable),
 * else none.
 */
export async function currentGiveaway(db: Q, now: Date): Promise<Giveaway | null> {
  const rows = await db
    .selectFrom("giveaways")
    .selectAll()
    .where("active", "=", true)
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  const views = await Promise.all(rows.map(async (r) => view(r, await drawOf(db, r.id), now)));
  return views.find((g) => g.running) ?? views[0] ?? null;
}

/** GET /giveaway/config (spec §3 Giveaway config): inactive with the default multiplier when nothing runs. */
export async function publicConfig(db: Db, now: Date) {
  const g = await currentGiveaway(db, now);
  if (!g) return { ...GIVEAWAY_DEFAULTS, giveaway: null };
  return {
    ...g.config,
    giveaway: { id: g.id, title: g.title, rules: g.rules, startsAt: g.startsAt, endsAt: g.endsAt },
  };
}

/** A completed order's entries in the giveaway running now (once per order). */
export async function enterOrder(tx: Tx, orderId: string, userId: string, now: Date): Promise<void> {
  const g = await currentGiveaway(tx, now);
  if (!g?.running) return;
  const entries = entriesForOrder(g.config);
  if (entries <= 0) return;
  await tx
    .insertInto("giveaway_entries")
    .values({ giveaway_id: g.id, user_id: userId, order_id: orderId, kind: "entered", entries })
    .onConflict((oc) => oc.columns(["giveaway_id", "order_id", "kind"]).doNothing())
    .execute();
}

/** A refunded (or cancelled) order no longer qualifies: its entries are taken back, once, unless drawn already. */
export async function reverseOrderEntries(tx: Tx, orderId: string): Promise<void> {
  const entered = await tx
    .selectFrom("giveaway_entries")
    .select(["giveaway_id", "user_id", "entries"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "entered")
    .execute();
  for (const e of entered) {
    const drawn = await tx
      .selectFrom("giveaway_draws")
      .select("giveaway_id")
      .where("giveaway_id", "=", e.giveaway_id)
      .executeTakeFirst();
    if (drawn) continue;
    await tx
      .insertInto("giveaway_entries")
      .values({
        giveaway_id: e.giveaway_id,
        user_id: e.user_id,
        order_id: orderId,
        kind: "reversed",
        entries: -e.entries,
      })
      .onConflict((oc) => oc.columns(["giveaway_id", "order_id", "kind"]).doNothing())
      .execute();
  }
}

/** A shopper's entries in each giveaway they have any in, newest giveaway first. */
export async function entriesOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom("giveaway_entries")
    .innerJoin("giveaways", "giveaways.id", "giveaway_entries.giveaway_id")
    .select([
      "giveaways.id",
      "giveaways.title",
      sql<number>`sum(giveaway_entries.entries)::int`.as("entries"),
      sql<number>`count(*) filter (where giveaway_entries.kind = 'entered')::int`.as("orders"),
    ])
    .where("giveaway_entries.user_id", "=", userId)
    .groupBy(["giveaways.id", "giveaways.title", "giveaways.created_at"])
    .orderBy("giveaways.created_at", "desc")
    .execute();
  return rows.map((r) => ({ giveawayId: r.id, title: r.title, entries: r.entries, orders: r.orders }));
}

export interface GiveawayInput {
  title: string;
  rules: string;
  active: boolean;
  entriesMultiplier: string;
  startsAt: string | null;
  endsAt: string | null;
}

function checkDates(input: Pick<GiveawayInput, "startsAt" | "endsAt">): void {
  if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt))
    throw new AppError(400, "invalid_dates", "The giveaway must end after it starts.");
}

export async function createGiveaway(
  db: Db,
  staffId: string,
  input: GiveawayInput,
  now: Date,
): Promise<Giveaway> {
  checkDates(input);
  const row = await db
    .insertInto("giveaways")
    .values({
      id: randomUUID(),
      title: input.title,
      rules: input.rules,
      active: input.active,
      entries_multiplier: input.entriesMultiplier,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      updated_by: staffId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(row, null, now);
}

/** The giveaway locked for a change (404 when there is none; 409 `giveaway_drawn`, in `drawnMessage`, once drawn). */
async function lockUndrawn(tx: Tx, id: string, drawnMessage: string) {
  const giveaway = await tx
    .selectFrom("giveaways")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!giveaway) throw notFound("No giveaway has that id.", "giveaway_not_found");
  if (await drawOf(tx, id)) throw new AppError(409, "giveaway_drawn", drawnMessage);
  return giveaway;
}

export async function updateGiveaway(
  db: Db,
  staffId: string,
  id: string,
  input: Partial<GiveawayInput>,
  now: Date,
): Promise<Giveaway> {
  return db.transaction().execute(async (tx) => {
    const current = await lockUndrawn(tx, id, "This giveaway has been drawn; it can no longer change.");
    const merged = {
      startsAt: input.startsAt !== undefined ? input.startsAt : (current.starts_at?.toISOString() ?? null),
      endsAt: input.endsAt !== undefined ? input.endsAt : (current.ends_at?.toISOString() ?? null),
    };
    checkDates(merged);
    const row = await tx
      .updateTable("giveaways")
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.rules !== undefined ? { rules: input.rules } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.entriesMultiplier !== undefined ? { entries_multiplier: input.entriesMultiplier } : {}),
        starts_at: merged.startsAt,
        ends_at: merged.endsAt,
        updated_by: staffId,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return view(row, null, now);
  });
}

/** The seed of a draw: sha256 of the giveaway's id and the published value (e.g. a lottery result, a date). */
export const drawSeed = (giveawayId: string, publishedValue: string): string =>
  createHash("sha256").update(`${giveawayId}:${publishedValue}`).digest("hex");

/**
 * Draws the winner once, from the entries as they stand, with the seed from the published value; the row keeps
 * all it took, so anyone can draw again and check. A giveaway still running cannot be drawn.
 */
export async function drawGiveaway(
  db: Db,
  staffId: string,
  id: string,
  publishedValue: string,
  now: Date,
): Promise<Giveaway> {
  return db.transaction().execute(async (tx) => {
    const g = await lockUndrawn(tx, id, "This giveaway has been drawn already.");
    if (view(g, null, now).running)
      throw new AppError(
        409,
        "giveaway_running",
        "Switch the giveaway off or wait for its end before drawing.",
      );
    const entrants = await tx
      .selectFrom("giveaway_entries")
      .select(["user_id", sql<number>`sum(entries)::int`.as("entries")])
      .where("giveaway_id", "=", id)
      .groupBy("user_id")
      .execute();
    const seed = drawSeed(id, publishedValue);
    const outcome = drawWinner(
      entrants.map((e) => ({ userId: e.user_id, entries: e.entries })),
      seed,
    );
    if (!outcome) throw new AppError(409, "no_entries", "Nobody has an entry in this giveaway.");
    await tx
      .insertInto("giveaway_draws")
      .values({
        giveaway_id: id,
        published_value: publishedValue,
        seed,
        total_entries: outcome.totalEntries,
        ticket: outcome.ticket,
        winner_id: outcome.winner,
        drawn_by: staffId,
      })
      .execute();
    return view(g, await drawOf(tx, id), now);
  });
}
