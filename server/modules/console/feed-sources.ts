import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { MissingPolicy } from "#domain/feeds/diff.ts";
import type { ColumnMapping } from "#domain/feeds/layouts.ts";
import {
  describeFetchFailure,
  type FetchFailure,
  nextAfterSaving,
  nextFetchAt,
} from "#domain/feeds/schedule.ts";
import type { Config } from "#server/config.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { checkUrl, fetchText } from "#server/platform/outbound.ts";
import { type SealKey, seal, sealKey, unseal } from "#server/platform/sealed.ts";
import { keptSecret } from "#server/platform/secrets.ts";
import type { Staff } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { FETCH_FEED_SOURCES } from "./feed-source-jobs.ts";
import { applyFeed, previewFeed } from "./feeds.ts";
import { workingStore } from "./stock.ts";

/**
 * Scheduled shelf feeds (issue 34 §1, docs/adr/0073-scheduled-shelf-feeds.md): a store's point-of-sale file fetched
 * from the HTTPS address it gives, on its schedule, with its credentials sealed; each fetch makes the same stored dry
 * run an upload makes (previewFeed), applied at once only when the store said so.
 */
export interface FeedSourceContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** Absent where no job is sent (a test's direct call). */
  jobs?: JobQueue;
  /** A whole fetch's time limit (tests shorten it). */
  timeoutMs?: number;
  /** Where an error on our side is told (the app's log); never given the request or its credentials. */
  warn?: (storeId: string, err: Error) => void;
}

/** The most a fetched file may be: the upload's limit (feed-routes.ts). */
export const FEED_FETCH_LIMIT = 10 * 1024 * 1024;
export const FEED_FETCH_TIMEOUT_MS = 30_000;
/** How long an instance holds a source it is fetching (the fetch, the dry run, an apply) before another may. */
const LEASE_MS = 10 * 60 * 1000;

export type FeedCredentials =
  | { kind: "basic"; user: string; password: string }
  | { kind: "bearer"; token: string }
  | { kind: "none" };

export interface FeedSourceBody {
  store_id?: string;
  url: string;
  layout: "square" | "generic";
  mapping?: ColumnMapping;
  square_location?: string;
  missing: MissingPolicy;
  every_hours: number;
  auto_apply: boolean;
  /** Absent: the stored ones are kept (unless the address's origin changed: then they are dropped). */
  credentials?: FeedCredentials;
}

const KEY_NAME = "feed-credentials";

/**
 * The keys credentials are sealed with: FEED_CREDENTIALS_KEY when configured (and the database's kept key, if one
 * was made before, to open what it sealed), else a key generated once and kept in the database.
 */
async function keyring(db: Db, config: Config): Promise<{ current: SealKey; ring: SealKey[] }> {
  if (config.feeds.credentialsKey) {
    const current = sealKey(config.feeds.credentialsKey);
    const kept = await db
      .selectFrom("app_secrets")
      .select("value")
      .where("name", "=", KEY_NAME)
      .executeTakeFirst();
    return { current, ring: kept ? [current, sealKey(Buffer.from(kept.value, "base64"))] : [current] };
  }
  const current = sealKey(
    Buffer.from(await keptSecret(db, KEY_NAME, randomBytes(32).toString("base64")), "base64"),
  );
  return { current, ring: [current] };
}

/** Sealed credentials are bound to their store: a value copied to another store's row does not open. */
const sealContext = (storeId: string) => `feed_sources:${storeId}`;

const ANSWER_COLUMNS = [
  "fs.store_id",
  "fs.url",
  "fs.layout",
  "fs.mapping",
  "fs.square_location",
  "fs.missing_policy",
  "fs.credentials_kind",
  "fs.every_hours",
  "fs.auto_apply",
  "fs.updated_at",
  "fs.next_fetch_at",
  "fs.claimed_until",
  "fs.last_fetch_at",
  "fs.last_result",
  "fs.last_error",
  "fs.last_feed_id",
] as const;

async function sourceView(db: Db, storeId: string, now: Date) {
  const row = await db
    .selectFrom("feed_sources as fs")
    .leftJoin("shelf_feeds as f", "f.id", "fs.last_feed_id")
    .select(ANSWER_COLUMNS)
    .select(["f.status as feed_status", "f.line_count as feed_lines", "f.counts as feed_counts"])
    .where("fs.store_id", "=", storeId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    store_id: row.store_id,
    url: row.url,
    layout: row.layout,
    mapping: row.mapping,
    square_location: row.square_location,
    missing: row.missing_policy,
    every_hours: row.every_hours,
    auto_apply: row.auto_apply,
    /** Whether credentials are kept, and of which kind; never the credentials. */
    credentials: { set: row.credentials_kind !== null, kind: row.credentials_kind },
    next_fetch_at: row.next_fetch_at.toISOString(),
    fetching: row.claimed_until !== null && row.claimed_until > now,
    last_fetch:
      row.last_fetch_at && row.last_result
        ? {
            at: row.last_fetch_at.toISOString(),
            result: row.last_result,
            error: row.last_error,
          }
        : null,
    last_feed:
      row.last_feed_id && row.feed_status && row.feed_counts
        ? {
            id: row.last_feed_id,
            status: row.feed_status,
            lines: row.feed_lines ?? 0,
            counts: row.feed_counts,
          }
        : null,
  };
}

export type FeedSourceView = NonNullable<Awaited<ReturnType<typeof sourceView>>>;

const noSource = () => notFound("The store has no scheduled feed.", "feed_source_not_found");

export async function getFeedSource(ctx: FeedSourceContext, staff: Staff, storeId?: string) {
  const store = await workingStore(ctx.db, staff, storeId);
  const view = await sourceView(ctx.db, store.id, ctx.now());
  if (!view) throw noSource();
  return view;
}

/** What the audit keeps of an address: its origin and path (a query may carry a token). */
const auditedUrl = (raw: string) => {
  const u = new URL(raw);
  return `${u.origin}${u.pathname}`;
};

/**
 * Sets the store's scheduled feed: the address checked (HTTPS, not a local or private address), the credentials
 * sealed (kept as they were when none are given and the origin is the same; dropped when it changes, so they are
 * never sent to another server than the one they were given for), the first fetch due at once for a new address.
 */
export async function putFeedSource(ctx: FeedSourceContext, staff: Staff, body: FeedSourceBody) {
  const store = await workingStore(ctx.db, staff, body.store_id);
  const refused = await checkUrl(body.url, ctx.config.feeds.allowLocal);
  if (refused) throw badRequest(`That address cannot be used: ${refused}`, "feed_url_refused");
  if (body.layout === "generic" && !body.mapping)
    throw badRequest("A file that is not a Square export needs its columns named.", "feed_mapping_required");
  const now = ctx.now();
  const { current } = await keyring(ctx.db, ctx.config);
  await ctx.db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom("feed_sources")
      .select(["url", "credentials_kind", "credentials_sealed", "last_fetch_at"])
      .where("store_id", "=", store.id)
      .forUpdate()
      .executeTakeFirst();
    const sameOrigin = before ? new URL(before.url).origin === new URL(body.url).origin : false;
    let credentials: { kind: "basic" | "bearer" | null; sealed: string | null };
    if (body.credentials === undefined)
      credentials =
        before && sameOrigin
          ? { kind: before.credentials_kind, sealed: before.credentials_sealed }
          : { kind: null, sealed: null };
    else if (body.credentials.kind === "none") credentials = { kind: null, sealed: null };
    else
      credentials = {
        kind: body.credentials.kind,
        sealed: seal(current, JSON.stringify(body.credentials), sealContext(store.id)),
      };
    const next = nextAfterSaving(
      now,
      body.every_hours,
      before ? { fetchedAt: before.last_fetch_at, sameUrl: before.url === body.url } : null,
    );
    const values = {
      url: body.url,
      layout: body.layout,
      mapping: body.layout === "generic" && body.mapping ? JSON.stringify(body.mapping) : null,
      square_location: body.layout === "square" ? (body.square_location ?? null) : null,
      missing_policy: body.missing,
      credentials_kind: credentials.kind,
      credentials_sealed: credentials.sealed,
      every_hours: body.every_hours,
      auto_apply: body.auto_apply,
      set_by: staff.userId,
      updated_at: now,
      next_fetch_at: next,
    };
    await tx
      .insertInto("feed_sources")
      .values({ store_id: store.id, ...values })
      .onConflict((oc) => oc.column("store_id").doUpdateSet(values))
      .execute();
    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: store.id,
      orderId: null,
      action: "stock.feed_source",
      detail: {
        url: auditedUrl(body.url),
        every_hours: body.every_hours,
        auto_apply: body.auto_apply,
        missing: body.missing,
        credentials: credentials.kind,
      },
      before: before ? { url: auditedUrl(before.url), credentials: before.credentials_kind } : null,
      after: null,
    });
    if (next <= now && ctx.jobs) await ctx.jobs.send(FETCH_FEED_SOURCES, {}, { tx });
  });
  return getFeedSource(ctx, staff, store.id);
}

export async function deleteFeedSource(ctx: FeedSourceContext, staff: Staff, storeId?: string) {
  const store = await workingStore(ctx.db, staff, storeId);
  await ctx.db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom("feed_sources")
      .where("store_id", "=", store.id)
      .returning("url")
      .executeTakeFirst();
    if (!gone) throw noSource();
    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: store.id,
      orderId: null,
      action: "stock.feed_source",
      detail: { removed: true },
      before: { url: auditedUrl(gone.url) },
      after: null,
    });
  });
  return { deleted: true as const };
}

type ClaimedSource = {
  store_id: string;
  url: string;
  layout: "square" | "generic";
  mapping: ColumnMapping | null;
  square_location: string | null;
  missing_policy: MissingPolicy;
  credentials_sealed: string | null;
  every_hours: number;
  auto_apply: boolean;
  set_by: string;
  claimed_until: Date | null;
};

const CLAIMED = [
  "store_id",
  "url",
  "layout",
  "mapping",
  "square_location",
  "missing_policy",
  "credentials_sealed",
  "every_hours",
  "auto_apply",
  "set_by",
  "claimed_until",
] as const;

/**
 * Takes one due source for this instance (or the store's, due or not, for "fetch now"): a single statement that
 * skips rows another instance has locked and re-checks the lease on the row it locks, so two instances never take
 * the same source; the lease lets another take it if this one dies mid-fetch.
 */
async function claim(db: Db, now: Date, storeId?: string): Promise<ClaimedSource | undefined> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const free = sql<boolean>`(claimed_until is null or claimed_until <= ${now})`;
  const picked = db
    .selectFrom("feed_sources")
    .select("store_id")
    .where(free)
    .$if(storeId === undefined, (q) => q.where("next_fetch_at", "<=", now).orderBy("next_fetch_at"))
    .$if(storeId !== undefined, (q) => q.where("store_id", "=", storeId as string))
    .limit(1)
    .forUpdate()
    .skipLocked();
  return (await db
    .updateTable("feed_sources")
    .set({ claimed_until: lease })
    .where("store_id", "=", (eb) => eb.selectFrom(picked.as("p")).select("p.store_id"))
    .where(free)
    .returning(CLAIMED)
    .executeTakeFirst()) as ClaimedSource | undefined;
}

/** The staff member (or administrator) who set the source up, if they still may work on its store. */
async function setterOf(db: Db, source: ClaimedSource): Promise<Staff | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "role", "store_id"])
    .where("id", "=", source.set_by)
    .executeTakeFirst();
  if (!user) return null;
  if (user.role === "admin") return { userId: user.id, role: "admin", storeId: user.store_id };
  if (user.role === "store_staff" && user.store_id === source.store_id)
    return { userId: user.id, role: "store_staff", storeId: user.store_id };
  return null;
}

type Outcome =
  | { result: "previewed" | "applied"; feedId: string }
  | { result: "failed"; error: string; failure?: FetchFailure; feedId?: string };

/**
 * One claimed source's fetch: its file fetched with its credentials, previewed as the person who set the source up
 * (their name on the dry run and, when applied at once, on the audit row), applied when the source says so, and what
 * happened recorded on the source with its next fetch time. A file that cannot be had or read changes nothing.
 */
async function fetchClaimed(ctx: FeedSourceContext, source: ClaimedSource): Promise<Outcome> {
  const now = ctx.now();
  let outcome: Outcome;
  try {
    outcome = await fetchAndPreview(ctx, source);
  } catch (err) {
    outcome = {
      result: "failed",
      error: "The fetch failed on our side; it will be tried again. Nothing was changed.",
    };
    ctx.warn?.(source.store_id, err as Error);
  }
  const failed = outcome.result === "failed";
  await ctx.db
    .updateTable("feed_sources")
    .set({
      claimed_until: null,
      last_fetch_at: now,
      last_result: outcome.result,
      last_error: outcome.result === "failed" ? outcome.error : null,
      ...(outcome.feedId ? { last_feed_id: outcome.feedId } : {}),
      // An address saved while this fetch ran is fetched at once, not at this one's schedule.
      next_fetch_at: sql<Date>`case when url = ${source.url} then ${nextFetchAt(now, source.every_hours, failed)}::timestamptz else ${now}::timestamptz end`,
    })
    .where("store_id", "=", source.store_id)
    .where("claimed_until", "=", source.claimed_until as Date)
    .execute();
  return outcome;
}

async function fetchAndPreview(ctx: FeedSourceContext, source: ClaimedSource): Promise<Outcome> {
  const fail = (failure: FetchFailure): Outcome => ({
    result: "failed",
    error: describeFetchFailure(failure),
    failure,
  });
  const staff = await setterOf(ctx.db, source);
  if (!staff) return fail({ kind: "setter_gone" });
  const headers: Record<string, string> = {};
  if (source.credentials_sealed) {
    let credentials: FeedCredentials;
    try {
      const { ring } = await keyring(ctx.db, ctx.config);
      credentials = JSON.parse(unseal(ring, source.credentials_sealed, sealContext(source.store_id)));
    } catch {
      return fail({
        kind: "refused",
        reason:
          "the stored credentials cannot be opened (the key that sealed them is gone): enter them again.",
      });
    }
    if (credentials.kind === "basic")
      headers.authorization = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString("base64")}`;
    else if (credentials.kind === "bearer") headers.authorization = `Bearer ${credentials.token}`;
  }
  const got = await fetchText(source.url, {
    allowLocal: ctx.config.feeds.allowLocal,
    timeoutMs: ctx.timeoutMs ?? FEED_FETCH_TIMEOUT_MS,
    maxBytes: FEED_FETCH_LIMIT,
    headers,
  });
  if (!got.ok) return fail(got.failure);
  if (got.text.trim() === "") return fail({ kind: "rejected", problems: 1, first: "the file is empty" });
  let feedId: string;
  try {
    const preview = await previewFeed(ctx.db, staff, {
      store_id: source.store_id,
      csv: got.text,
      missing: source.missing_policy,
      mapping: source.mapping ?? undefined,
      square_location: source.square_location ?? undefined,
    });
    feedId = preview.id;
  } catch (err) {
    if (err instanceof AppError && err.code === "feed_rejected") {
      const details = Object.entries(err.details ?? {});
      const first = details[0] ? `${details[0][0]}: ${details[0][1]}` : err.message;
      return fail({ kind: "rejected", problems: details.length || 1, first });
    }
    if (err instanceof AppError) return { result: "failed", error: `${err.message} Nothing was changed.` };
    throw err;
  }
  if (!source.auto_apply) return { result: "previewed", feedId };
  try {
    await applyFeed(ctx.db, staff, feedId, source.store_id);
  } catch (err) {
    ctx.warn?.(source.store_id, err as Error);
    // Its batches applied so far stay applied; applying it again resumes where it stopped (ADR 70).
    return {
      result: "failed",
      error: "The file was read, but applying it stopped part way: apply it again to finish.",
      feedId,
    };
  }
  return { result: "applied", feedId };
}

/** "Fetch now": the store's source fetched in this request, whatever its schedule; one at a time. */
export async function fetchFeedSourceNow(ctx: FeedSourceContext, staff: Staff, storeId?: string) {
  const store = await workingStore(ctx.db, staff, storeId);
  const source = await claim(ctx.db, ctx.now(), store.id);
  if (!source) {
    const exists = await ctx.db
      .selectFrom("feed_sources")
      .select("store_id")
      .where("store_id", "=", store.id)
      .executeTakeFirst();
    if (!exists) throw noSource();
    throw new AppError(409, "feed_fetch_running", "The feed is being fetched now: look again in a minute.");
  }
  await fetchClaimed(ctx, source);
  return getFeedSource(ctx, staff, store.id);
}

/**
 * The job (FETCH_FEED_SOURCES): every due source fetched, one claim at a time, until none is left or `limit` are done
 * (the next run takes the rest). Answers the stores fetched.
 */
export async function fetchDueFeedSources(ctx: FeedSourceContext, limit = 50): Promise<string[]> {
  const done: string[] = [];
  while (done.length < limit) {
    const source = await claim(ctx.db, ctx.now());
    if (!source) break;
    await fetchClaimed(ctx, source);
    done.push(source.store_id);
  }
  return done;
}

/** Whether any source is due (the sweep sends the job only then). */
export async function anyFeedSourceDue(db: Db, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("feed_sources")
    .select("store_id")
    .where("next_fetch_at", "<=", now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
