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
import {
  acceptProposals,
  type CatalogueEntry,
  type MatchResult,
  mapLines,
  matchFeed,
  type Proposal,
  storeCodeOf,
} from "#domain/feeds/match.ts";
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
  /** The file's text; or `from_feed`, a feed of the store's whose file (and how it was read) is read again. */
  csv?: string;
  from_feed?: string;
  missing: MissingPolicy;
  mapping?: ColumnMapping;
  square_location?: string;
  /** Fuzzy matches the store accepted in an earlier look at the same file: feed line → catalogue SKU. */
  accept?: { line: number; sku_id: string }[];
  /** Products the store names for lines nothing matched: feed line → catalogue SKU. */
  map?: { line: number; sku_id: string }[];
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
  /** With what the file says of them, for the store to propose them as new products. */
  unmatched: {
    line: number;
    name: string;
    upc: string | null;
    sku: string | null;
    size: string | null;
    price_cents: number;
    quantity: number;
  }[];
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
export async function previewFeed(db: Db, staff: Staff, given: FeedPreviewBody): Promise<FeedPreview> {
  const store = await workingStore(db, staff, given.store_id);
  const body = given.from_feed ? await againFrom(db, store.id, given) : given;
  if (!body.csv) throw badRequest("Send the file (`csv`), or the feed to read again (`from_feed`).");
  const read = readFeed(body.csv, { mapping: body.mapping, squareLocation: body.square_location });
  if (!read.ok) throw feedRejected(read.problems);
  const [catalogue, shelf, codes] = await Promise.all([
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
    db
      .selectFrom("feed_code_maps")
      .select(["code_kind", "code", "sku_id"])
      .where("store_id", "=", store.id)
      .execute(),
  ]);
  const entries = catalogue.map((p) => ({
    skuId: p.sku_id,
    upc: p.upc,
    title: p.title,
    volumeMl: p.volume_ml,
  }));
  const mapOf = (kind: "sku" | "upc") =>
    new Map(codes.filter((c) => c.code_kind === kind).map((c) => [c.code, c.sku_id]));
  let matched = matchFeed(read.lines, entries, { storeSkus: mapOf("sku"), storeUpcs: mapOf("upc") });
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
  if (body.map?.length) {
    const bySku = new Map(entries.map((e) => [e.skuId.toLowerCase(), e]));
    const open = new Set(matched.unmatched.map((l) => l.line));
    const chosen = new Map<number, CatalogueEntry>();
    for (const m of body.map) {
      const product = bySku.get(m.sku_id.trim().toLowerCase());
      if (!open.has(m.line))
        throw badRequest(
          `Line ${m.line} is not one nothing matched: preview the file again.`,
          "feed_line_not_open",
        );
      if (!product)
        throw badRequest(
          `Line ${m.line}: no product of the catalogue has SKU ${m.sku_id}.`,
          "feed_unknown_sku",
        );
      chosen.set(m.line, product);
    }
    matched = mapLines(matched, chosen);
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
      source_csv: body.csv,
    })
    .execute();
  const chosenLines = new Set([...(body.accept ?? []), ...(body.map ?? [])].map((c) => c.line));
  await rememberChoices(db, staff, store.id, matched, chosenLines);
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

/** A feed's file and how it was read, for a second look with the store's choices (`from_feed`). */
async function againFrom(db: Db, storeId: string, body: FeedPreviewBody): Promise<FeedPreviewBody> {
  const feed = await db
    .selectFrom("shelf_feeds")
    .select(["source_csv", "mapping", "square_location", "missing_policy"])
    .where("id", "=", body.from_feed ?? "")
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  if (!feed) throw notFound("No such feed for this store.", "feed_not_found");
  if (!feed.source_csv)
    throw new AppError(409, "feed_file_not_kept", "That feed's file was not kept: upload the file again.");
  return {
    ...body,
    csv: feed.source_csv,
    mapping: feed.mapping ?? undefined,
    square_location: feed.square_location ?? undefined,
    missing: body.missing ?? feed.missing_policy,
  };
}

/**
 * The store's choices in this review (accepted proposals, products named for unmatched lines) remembered by the
 * line's own SKU or UPC, so its next file matches those lines by itself. A preview changes no shelf; these are the
 * store's settings, like the column mapping it keeps.
 */
async function rememberChoices(
  db: Db,
  staff: Staff,
  storeId: string,
  result: MatchResult,
  chosenLines: ReadonlySet<number>,
): Promise<void> {
  const rows = new Map<string, { code_kind: "sku" | "upc"; code: string; sku_id: string }>();
  for (const m of result.matched) {
    const code = chosenLines.has(m.line.line) ? storeCodeOf(m.line) : null;
    if (code)
      rows.set(`${code.kind} ${code.code}`, { code_kind: code.kind, code: code.code, sku_id: m.skuId });
  }
  if (rows.size === 0) return;
  await db
    .insertInto("feed_code_maps")
    .values([...rows.values()].map((r) => ({ ...r, store_id: storeId, mapped_by: staff.userId })))
    .onConflict((oc) =>
      oc.columns(["store_id", "code_kind", "code"]).doUpdateSet((eb) => ({
        sku_id: eb.ref("excluded.sku_id"),
        mapped_by: eb.ref("excluded.mapped_by"),
        mapped_at: new Date(),
      })),
    )
    .execute();
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
  size: l.size ?? null,
  price_cents: l.priceCents,
  quantity: l.quantity,
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
