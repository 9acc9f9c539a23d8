import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setImmediate as loopTurn } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { CompiledQuery, type DatabaseIntrospector, Kysely, Migrator, PostgresDialect, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { migrations } from "#db/migrations/index.ts";
import type { Database } from "#db/schema.ts";
import type { Config } from "../config.ts";
import { lockDataDir } from "./data-dir-lock.ts";

export type Db = Kysely<Database>;

/** Databases opened on a PostgreSQL connection pool, for rawExecutor and listen. */
const pools = new WeakMap<Db, pg.Pool>();
/** Their connections that plan every call for its own values (search's statements: executePrepared, ADR 11). */
const planPerCallPools = new WeakMap<Db, pg.Pool>();
/** Databases opened on embedded PGlite, for rawExecutor. */
const pglites = new WeakMap<Db, PGlite>();

/** The connections behind the database: a PostgreSQL pool's, or PGlite's one (never waiting: it queues in Kysely). */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } {
  const pool = pools.get(db);
  if (pool) return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  return { total: pglites.has(db) ? 1 : 0, idle: 0, waiting: 0 };
}

/** Runs SQL text a library brings (one statement with parameters, or a script of several without). */
export interface RawExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * An executor on the database's own connections, for a library that speaks SQL itself (the job queue). On
 * PostgreSQL it takes a pooled connection per call. PGlite is one connection that Kysely hands out in turn, so
 * the executor queues for it like any query and never runs inside another caller's transaction; a script of
 * several statements (parameterless) goes through PGlite's exec, which the extended protocol's query refuses.
 */
export function rawExecutor(db: Db): RawExecutor {
  const pool = pools.get(db);
  if (pool) return { executeSql: (text, values) => pool.query(text, values) };
  const client = pglites.get(db);
  if (!client) throw new Error("rawExecutor: a database opened by openDb is needed");
  return {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      }),
  };
}

/**
 * Runs a hot statement as a named prepared statement on a PostgreSQL pool: each connection parses and analyses
 * its text once (for search's long CTE statements ~0.5 ms a call) and plans it for each call's values. The
 * name comes from the text, so calls differing only in parameter values share one.
 * Only for statements whose text takes a bounded number of shapes (each connection keeps every one it saw).
 * PGlite runs it as any other statement.
 */
export async function executePrepared<R>(db: Db, query: { compile(db: Db): CompiledQuery<R> }): Promise<R[]> {
  const compiled = query.compile(db);
  const pool = planPerCallPools.get(db);
  if (!pool) return (await db.executeQuery(compiled)).rows;
  const name = `nc_${createHash("sha1").update(compiled.sql).digest("base64url")}`;
  const result = await pool.query({ name, text: compiled.sql, values: compiled.parameters as unknown[] });
  return result.rows as R[];
}

/** The statements compiledOnce has compiled, by the compiler's adapter (PostgreSQL's and PGlite's compile alike). */
type CompiledTemplate = { sql: string; parameters: readonly unknown[]; places: number[] };

/**
 * A hot statement built and compiled once, then run with each call's values (ADR 77): Kysely otherwise builds the
 * query's tree and compiles its text again on every call, about a tenth of a millisecond for a join, and the
 * statement's text is a new string each time. `build` is called once per database kind with a placeholder for each
 * parameter; each must be used as a bound value (not in a list, nor to choose the statement's shape), which is
 * checked when it is compiled. A value the build makes itself (a `new Date()`) is kept in the template for every
 * later call: pass it as a parameter. A list is passed as one array (`= any(${ids})`, `unnest(...)`). Runs on the
 * database or a transaction of it.
 */
export function compiledOnce<P extends unknown[], R>(
  build: (db: Kysely<Database>, ...params: P) => { compile(): CompiledQuery<R> },
): (db: Kysely<Database>, ...params: P) => Promise<R[]> {
  const templates = new WeakMap<object, CompiledTemplate>();
  return async (db, ...params) => {
    const key = db.getExecutor().adapter;
    let template = templates.get(key);
    if (!template) {
      const marks = params.map((_, i) => Symbol(`param ${i}`));
      const compiled = build(db, ...(marks as unknown as P)).compile();
      const places = compiled.parameters.map((v) => marks.indexOf(v as symbol));
      marks.forEach((_, i) => {
        if (!places.includes(i)) throw new Error(`compiledOnce: parameter ${i} is not a bound value`);
      });
      template = { sql: compiled.sql, parameters: compiled.parameters, places };
      templates.set(key, template);
    }
    const { sql, parameters, places } = template;
    const values = parameters.map((v, i) => (places[i] === -1 ? v : params[places[i]]));
    return (await db.executeQuery<R>(CompiledQuery.raw(sql, values))).rows;
  };
}

/**
 * Adds plan_cache_mode=force_custom_plan to the connections' startup options (next to any the URL has), for the
 * connections search's prepared statements run on (executePrepared): they save parsing but keep planning for each
 * call's values, because a generic plan cannot tell "red wine" (thousands of matches) from "jameson" (three) and
 * measured slower. Every other statement runs on connections in PostgreSQL's default mode, where a statement
 * prepared by PreparingClient gets a generic plan once it is no dearer than its custom ones (ADR 44: checkout's
 * statements spent a quarter of PostgreSQL's time planning).
 */
function withPlanPerCall(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = [url.searchParams.get("options"), "-c plan_cache_mode=force_custom_plan"];
  url.searchParams.set("options", options.filter(Boolean).join(" "));
  return url.toString();
}

/** How many statement texts are prepared at most (each connection keeps the ones it ran: bounded memory). */
const MAX_PREPARED_TEXTS = 400;
/** A column list of `*` (`select *`, `"o".*`, `returning *`), not a multiplication or count(*). */
const READS_STAR = /\.\*|\b(select|returning)\s+(distinct\s+)?\*|,\s*\*/i;

/**
 * Whether a statement's result columns may include a `*`: its text outside parentheses (subqueries, CTE bodies,
 * function calls), quoted strings and names emptied first, reads one. A `*` inside a subquery or a CTE whose
 * columns the statement then names (pg-boss's insert) cannot change the result's type; unbalanced text counts as
 * reading one.
 */
export function resultReadsStar(text: string): boolean {
  const unquoted = text.replace(/'(?:[^']|'')*'/g, "''").replace(/"(?:[^"]|"")*"/g, '""');
  let depth = 0;
  let outside = "";
  for (const ch of unquoted) {
    if (ch === "(") depth++;
    else if (ch === ")") {
      depth--;
      if (depth < 0) return true;
      if (depth === 0) outside += " ";
    } else if (depth === 0) outside += ch;
  }
  return depth !== 0 || READS_STAR.test(outside);
}
/**
 * An upsert naming a partial unique index (`on conflict (order_id) where kind = $1`): PostgreSQL matches the index
 * only when it sees the predicate's value, which a generic plan does not (it answers "no unique or exclusion
 * constraint matching the ON CONFLICT specification").
 */
const PARTIAL_INDEX_UPSERT = /\bon conflict\s*\([^)]*\)\s*where\b/i;
/**
 * Which statement texts a database's connections run as prepared statements. One per opened database, so a process
 * that opens many (tests, benches) gives each its own MAX_PREPARED_TEXTS.
 */
class PreparedTexts {
  /** Texts seen once (the next sighting prepares them), and the names of those prepared. */
  private readonly seen = new Set<string>();
  private readonly names = new Map<string, string>();
  /** Texts that always run unnamed (their result reads `*`, or an upsert on a partial index). */
  private readonly unnamed = new Set<string>();

  /**
   * The name a statement text runs under as a prepared statement, or null to run it unnamed: texts with parameters
   * seen twice, up to MAX_PREPARED_TEXTS of them, except those whose result reads `*` (a column added by a newer
   * instance's migration would make PostgreSQL refuse their cached plan's changed result type) and upserts on a
   * partial index.
   */
  nameOf(text: string): string | null {
    const named = this.names.get(text);
    if (named) return named;
    if (this.names.size >= MAX_PREPARED_TEXTS || this.unnamed.has(text)) return null;
    if (resultReadsStar(text) || PARTIAL_INDEX_UPSERT.test(text)) {
      // Remembered, so that each later call costs a lookup rather than a scan of its text.
      if (this.unnamed.size < 10 * MAX_PREPARED_TEXTS) this.unnamed.add(text);
      return null;
    }
    if (!this.seen.has(text)) {
      if (this.seen.size < 10 * MAX_PREPARED_TEXTS) this.seen.add(text);
      return null;
    }
    this.seen.delete(text);
    const name = `np_${createHash("sha1").update(text).digest("base64url")}`;
    this.names.set(text, name);
    return name;
  }
}

/**
 * A pooled connection class that runs repeated statements with parameters as named prepared statements (ADR 44):
 * each connection parses a text once and then only binds and executes it, planned for each call's values as before
 * (plan_cache_mode=force_custom_plan, ADR 11). Statements without parameters (transaction control, migrations'
 * several statements at once) keep the simple protocol.
 */
function preparingClient(texts: PreparedTexts): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this one only adds a name.
    query(config: any, values?: any, callback?: any): any {
      if (typeof config === "string" && Array.isArray(values) && values.length > 0) {
        const name = texts.nameOf(config);
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        if (name) return (super.query as any).call(this, { name, text: config }, values, callback);
      }
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      return (super.query as any).call(this, config, values, callback);
    }
  };
}

export type DbTarget =
  /** `from`: a data directory dumped by dumpPglite (tests start from a migrated copy instead of initdb). */
  { kind: "pglite"; dataDir?: string; from?: Blob } | { kind: "postgres"; url: string };

/** Opens the database: embedded PGlite (files under dataDir, or in memory) or a PostgreSQL server. */
export async function openDb(target: DbTarget): Promise<{ db: Db; kind: DbTarget["kind"] }> {
  if (target.kind === "postgres") {
    // int8 (counts) as numbers: our counts never approach 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      Client: preparingClient(new PreparedTexts()),
    });
    const planPerCall = new pg.Pool({ connectionString: withPlanPerCall(target.url), max: 4 });
    for (const p of [pool, planPerCall]) {
      // A connection the server ended (a restart, a failover) emits 'error': unheard, that ends the process. An
      // idle one's reaches the pool; one checked out between two queries (a transaction waiting on the card
      // provider) only its client. Either is dropped (on release) and the next query opens a new one; queries
      // meanwhile fail.
      p.on("error", () => {});
      p.on("connect", (client) => client.on("error", () => {}));
    }
    // Kysely ends the main pool when the database is destroyed; search's ends with it.
    const endMain = pool.end.bind(pool);
    pool.end = (() => Promise.all([endMain(), planPerCall.end()]).then(() => {})) as typeof pool.end;
    const probe = await pool.connect().catch((err: Error) => {
      throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${err.message}`);
    });
    probe.release();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    planPerCallPools.set(db, planPerCall);
    return { db, kind: "postgres" };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = path.join(target.dataDir, "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: target.from,
    extensions: { pg_trgm, btree_gin },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pollingBeforeEachQuery(client)) });
  pglites.set(db, client);
  return { db, kind: "pglite" };
}

/**
 * PGlite runs a query in this thread and answers it with a promise already settled, so a chain of queries (a page's,
 * or sixteen pages' at once) runs in microtasks alone and Node reads no socket until it ends: under a burst, new
 * requests waited behind the renders in flight up to 1.4 s before the door could admit or shed them (issue 35 §1,
 * docs/adr/0097-embedded-queries-let-the-sockets-in.md). Each query first lets the event loop poll, as a query to a
 * PostgreSQL server does by its round trip; the rest of the client is PGlite's own.
 */
function pollingBeforeEachQuery(client: PGlite): PGlite {
  const query: PGlite["query"] = async (...args) => {
    await loopTurn();
    return client.query(...args);
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === "query") return query;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** An embedded database's whole data directory as a tarball, for openDb's `from`. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const client = pglites.get(db);
  if (!client) throw new Error("dumpPglite: an embedded database opened by openDb is needed");
  return client.dumpDataDir("none");
}

/**
 * The store's database as configured: PostgreSQL at DATABASE_URL, else embedded PGlite under DATA_DIR, locked for
 * this process (`holder` names it in the message another process gets). `release` frees the lock after destroy.
 */
export async function openStoreDb(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  holder: string,
): Promise<{ db: Db; kind: DbTarget["kind"]; release: () => void }> {
  if (config.databaseUrl) {
    return { ...(await openDb({ kind: "postgres", url: config.databaseUrl })), release: () => {} };
  }
  const release = lockDataDir(config.dataDir, holder);
  try {
    return { ...(await openDb({ kind: "pglite", dataDir: config.dataDir })), release };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The database as the migrator sees it: its table lookup reads this schema alone. Kysely's own reads every column of
 * every table in every schema, each through `pg_get_serial_sequence`, which fails with "relation does not exist" on
 * a table another session drops meanwhile (test files dropping their schemas beside each other: ADR 83) and waits
 * on one another session is dropping. The migrator asks only whether its two tables exist.
 */
function introspectingOnly(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string; is_view: boolean }>`
        select c.relname as name, c.relkind = 'v' as is_view
        from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.is_view, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "introspection") return introspection;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Applies every pending migration in order; safe to call from several processes at once. */
export async function migrate(db: Db): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which: with another schema of the same
  // database already migrated (tests, the bench, another app), it would skip creating ours and then fail.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0].schema;
  const migrator = new Migrator({
    db: introspectingOnly(db, schema),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** A LISTEN held open until closed. */
export interface Listener {
  close(): Promise<void>;
}

/**
 * Listens on a notification channel (a plain lower-case identifier) for the process: on PostgreSQL one dedicated
 * connection, outside the pool, opened again after a drop (`onLost` runs when it drops, `onResumed` when it is back:
 * notices sent meanwhile were lost, the caller reads what it missed); on PGlite, its own listen, queued like any query so it never runs inside
 * another caller's transaction.
 */
export async function listen(
  db: Db,
  channel: string,
  onPayload: (payload: string) => void,
  opts: { onResumed?: () => void; onLost?: () => void; onError?: (err: Error) => void } = {},
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: not a plain channel name: ${channel}`);
  const pool = pools.get(db);
  if (!pool) {
    const client = pglites.get(db);
    if (!client) throw new Error("listen: a database opened by openDb is needed");
    const unlisten = await db.connection().execute(() => client.listen(channel, onPayload));
    return { close: () => db.connection().execute(() => unlisten()) };
  }
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (resumed: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: pool.options.connectionString });
    client.on("notification", (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    const again = (err?: Error) => {
      if (err) opts.onError?.(err);
      if (closed || current !== client) return;
      current = null;
      opts.onLost?.();
      client.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), 1000);
    };
    client.on("error", again);
    client.on("end", () => again());
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      again(err as Error);
      throw err;
    }
    if (resumed) opts.onResumed?.();
  };
  try {
    await connect(false);
  } catch (err) {
    closed = true;
    clearTimeout(retry);
    throw err;
  }
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
