import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  type DiffCounts,
  diffShelf,
  type MissingPolicy,
  planBatches,
  type ShelfChange,
} from "#domain/feeds/diff.ts";
import { type ColumnMapping, type FeedLine, type FeedProblem, readFeed } from "#domain/feeds/layouts.ts";
import { acceptProposals, matchFeed, type Proposal } from "#domain/feeds/match.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { announceShelfChange, applyFeedChanges, forgetShelf } from "../catalogue/index.ts";
import type { Staff } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { workingStore } from "./stock.ts";

/** Changes applied per transaction: a 12,000-line feed is 24 short transactions, each resumable on its own. */
export const FEED_BATCH_SIZE = 500;

export interface FeedPreviewBody {
  store_id?: string;
  csv: string;
  missing: MissingPolicy;
  mapping?: ColumnMapping;
  square_location?: string;
  /** Fuzzy matches the store accepted in an earlier look at the same file: feed line → catalogue SKU. */
  accept?: { line: number; sku_id: string }[];
}

export interface FeedPreview {
  id: string;
  store_id: string;
  layout: string;
  lines: number;
  missing: MissingPolicy;
  counts: DiffCounts;
  /** The first changes, for the review (all of them are applied). */
  changes: ShelfChange[];
  proposed: { line: number; name: string; sku_id: string; title: string; score: number }[];
  unmatched: { line: number; name: string; upc: string | null; sku: string | null }[];
  clashes: { line: number; sku_id: string; other_line: number }[];
  status: "previewed" | "applying" | "applied";
  batches: { done: number; total: number };
}

const SHOWN_CHANGES = 200;

/**
 * A file with problems: nothing of it is applied, and the answer lists each, keyed by where it is ("line 3, Price",
 * or "line 3" for the row; line 1 is the header).
 */
export function feedRejected(problems: readonly FeedProblem[]): AppError {
  const details: Record<string, string> = {};
  for (const p of problems) {
    const at = `line ${p.line}${p.column ? `, ${p.column}` : ""}`;
    details[at] = details[at] ? `${details[at]} ${p.message}` : p.message;
  }
  const n = problems.length;
  return new AppError(
    422,
    "feed_rejected",
    `The file has ${n} problem${n === 1 ? "" : "s"}: nothing was changed.`,
    details,
  );
}

/**
 * The dry run (issue 34 §1): the file read (every problem reported, nothing kept from a file with any), its lines
 * matched to the catalogue (UPC, then SKU; fuzzy matches only proposed, applied when the store accepts them), the
 * difference to the store's shelf under its policy for products the file leaves out, and all of it kept as the feed
 * to apply, so what is applied is exactly what was reviewed.
 */
export async function previewFeed(db: Db, staff: Staff, body: FeedPreviewBody): Promise<FeedPreview> {
  const store = await workingStore(db, staff, body.store_id);
  const read = readFeed(body.csv, { mapping: body.mapping, squareLocation: body.square_location });
  if (!read.ok) throw feedRejected(read.problems);
  const [catalogue, shelf] = await Promise.all([
    db
      .selectFrom("products")
      .select(["sku_id", "upc", "title", "volume_ml"])
      .where("disabled", "=", false)
      .execute(),
    db
      .selectFrom("inventory")
      .select(["sku_id", "price_cents", "stock"])
      .where("store_id", "=", store.id)
      .execute(),
  ]);
  let matched = matchFeed(
    read.lines,
    catalogue.map((p) => ({ skuId: p.sku_id, upc: p.upc, title: p.title, volumeMl: p.volume_ml })),
  );
  if (body.accept?.length) {
    const offered = new Set(matched.proposed.map((p) => `${p.line.line} ${p.skuId}`));
    const refused = body.accept.filter((a) => !offered.has(`${a.line} ${a.sku_id}`));
    if (refused.length > 0)
      throw badRequest(
        `Line ${refused[0].line} was not offered ${refused[0].sku_id}: preview the file again and choose from what it proposes.`,
        "feed_match_not_offered",
      );
    matched = acceptProposals(matched, new Map(body.accept.map((a) => [a.line, a.sku_id])));
  }
  const diff = diffShelf(
    shelf.map((r) => ({ skuId: r.sku_id, priceCents: r.price_cents, stock: r.stock })),
    matched.matched,
    body.missing,
  );
  const id = randomUUID();
  const batches = planBatches(diff.changes, FEED_BATCH_SIZE).length;
  await db
    .insertInto("shelf_feeds")
    .values({
      id,
      store_id: store.id,
      created_by: staff.userId,
      layout: read.layout,
      mapping: read.layout === "generic" && body.mapping ? JSON.stringify(body.mapping) : null,
      square_location: read.layout === "square" ? (body.square_location ?? null) : null,
      missing_policy: body.missing,
      line_count: read.lines.length,
      counts: JSON.stringify(diff.counts),
      changes: JSON.stringify(diff.changes),
      batches_total: batches,
    })
    .execute();
  return {
    id,
    store_id: store.id,
    layout: read.layout,
    lines: read.lines.length,
    missing: body.missing,
    counts: diff.counts,
    changes: diff.changes.slice(0, SHOWN_CHANGES),
    proposed: matched.proposed.map(proposalView),
    unmatched: matched.unmatched.map(unmatchedView),
    clashes: matched.clashes.map((c) => ({ line: c.line.line, sku_id: c.skuId, other_line: c.otherLine })),
    status: "previewed",
    batches: { done: 0, total: batches },
  };
}

const proposalView = (p: Proposal) => ({
  line: p.line.line,
  name: p.line.name,
  sku_id: p.skuId,
  title: p.title,
  score: Math.round(p.score * 100) / 100,
});
const unmatchedView = (l: FeedLine) => ({
  line: l.line,
  name: l.name,
  upc: l.upc ?? null,
  sku: l.sku ?? null,
});

/**
 * Applies a reviewed feed, one transaction per batch: each takes the feed's row lock and goes on only from the batch
 * recorded next, so two applies at once do each batch once and an apply cut off resumes where it stopped. The last
 * batch marks the feed applied and writes the audit row naming it; every instance forgets its shelf answers at each
 * batch's commit, as for a console edit.
 */
export async function applyFeed(db: Db, staff: Staff, feedId: string, storeId?: string) {
  const store = await workingStore(db, staff, storeId);
  const feed = await db
    .selectFrom("shelf_feeds")
    .select(["id", "changes", "batches_total", "status"])
    .where("id", "=", feedId)
    .where("store_id", "=", store.id)
    .executeTakeFirst();
  if (!feed) throw notFound("No such feed for this store.", "feed_not_found");
  const batches = planBatches(feed.changes, FEED_BATCH_SIZE);
  for (const batch of batches) {
    const applied = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom("shelf_feeds")
        .select(["batches_done", "status", "counts", "missing_policy", "line_count"])
        .where("id", "=", feedId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.batches_done !== batch.index) return false;
      await applyFeedChanges(tx, store.id, batch.changes);
      const last = batch.index === batches.length - 1;
      await tx
        .updateTable("shelf_feeds")
        .set({
          batches_done: batch.index + 1,
          status: last ? "applied" : "applying",
          ...(last ? { applied_at: new Date() } : {}),
        })
        .where("id", "=", feedId)
        .execute();
      if (last)
        await auditFeed(tx, staff, store.id, {
          feed_id: feedId,
          lines: row.line_count,
          missing: row.missing_policy,
          counts: row.counts,
        });
      await announceShelfChange(tx, "shelf");
      return true;
    });
    if (applied) forgetShelf(db, "shelf");
  }
  if (batches.length === 0)
    await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable("shelf_feeds")
        .set({ status: "applied", applied_at: new Date() })
        .where("id", "=", feedId)
        .where("status", "=", "previewed")
        .returning("id")
        .executeTakeFirst();
      if (updated) await auditFeed(tx, staff, store.id, { feed_id: feedId, changes: 0 });
    });
  return feedStatus(db, staff, feedId, storeId);
}

/** The one audit row of an applied feed (the console's trail: who applied which file, with what effect). */
const auditFeed = (
  tx: Transaction<Database>,
  staff: Staff,
  storeId: string,
  detail: Record<string, unknown>,
) =>
  recordAudit(tx, {
    actorId: staff.userId,
    storeId,
    orderId: null,
    action: "stock.feed",
    detail,
    before: null,
    after: null,
  });

/** A feed of the store's: where its apply stands. */
export async function feedStatus(db: Db, staff: Staff, feedId: string, storeId?: string) {
  const store = await workingStore(db, staff, storeId);
  const feed = await db
    .selectFrom("shelf_feeds")
    .select(["id", "status", "batches_done", "batches_total", "counts", "applied_at", "line_count"])
    .where("id", "=", feedId)
    .where("store_id", "=", store.id)
    .executeTakeFirst();
  if (!feed) throw notFound("No such feed for this store.", "feed_not_found");
  return {
    id: feed.id,
    status: feed.status,
    lines: feed.line_count,
    counts: feed.counts,
    batches: { done: feed.batches_done, total: feed.batches_total },
    applied_at: feed.applied_at ? feed.applied_at.toISOString() : null,
  };
}

/** How the store's latest file was read, for the next upload to start from; the defaults before any. */
export async function feedSettings(db: Db, staff: Staff, storeId?: string) {
  const store = await workingStore(db, staff, storeId);
  const last = await db
    .selectFrom("shelf_feeds")
    .select(["layout", "mapping", "square_location", "missing_policy"])
    .where("store_id", "=", store.id)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    store_id: store.id,
    layout: last?.layout === "generic" ? ("generic" as const) : ("square" as const),
    mapping: last?.mapping ?? null,
    square_location: last?.square_location ?? null,
    missing: last?.missing_policy ?? ("keep" as const),
  };
}
