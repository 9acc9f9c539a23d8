import { randomBytes } from "node:crypto";
import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { compiledOnce, executePrepared, migrate, openDb, resultReadsStar } from "./db.ts";

describe.each(testDatabases)("database platform on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("applies every migration once; a second start applies none", async () => {
    expect(await migrate(t.db)).toEqual([]);
    const r = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(t.db);
    expect(r.rows[0].n).toBeGreaterThan(0);
  });

  it("has pg_trgm for typo-tolerant search", async () => {
    const r = await sql<{ s: number }>`select similarity('jamesn', 'jameson') as s`.execute(t.db);
    expect(r.rows[0].s).toBeGreaterThan(0.3);
  });

  it("runs one statement text with each call's values, also when calls overlap", async () => {
    const double = (n: number) => sql<{ n: number }>`select ${n}::int * 2 as n`;
    expect(await executePrepared(t.db, double(2))).toEqual([{ n: 4 }]);
    const overlapping = await Promise.all([1, 2, 3, 4, 5].map((n) => executePrepared(t.db, double(n))));
    expect(overlapping).toEqual([[{ n: 2 }], [{ n: 4 }], [{ n: 6 }], [{ n: 8 }], [{ n: 10 }]]);
  });

  it("runs a statement compiled once with each call's values, in a transaction too (ADR 77)", async () => {
    const named = compiledOnce((db, name: string, limit: number) =>
      db.selectNoFrom([sql<string>`${name}::text`.as("name"), sql<number>`${limit}::int + 1`.as("next")]),
    );
    expect(await named(t.db, "a", 1)).toEqual([{ name: "a", next: 2 }]);
    const overlapping = await Promise.all(["b", "c", "d"].map((n, i) => named(t.db, n, i)));
    expect(overlapping).toEqual([
      [{ name: "b", next: 1 }],
      [{ name: "c", next: 2 }],
      [{ name: "d", next: 3 }],
    ]);
    expect(await t.db.transaction().execute((tx) => named(tx, "e", 9))).toEqual([{ name: "e", next: 10 }]);
    // A parameter that only chooses the statement's shape is refused when it is compiled.
    const shaped = compiledOnce((db, wide: boolean) =>
      db.selectNoFrom(sql<number>`${sql.lit(wide ? 2 : 1)}`.as("n")),
    );
    await expect(shaped(t.db, true)).rejects.toThrow(/not a bound value/);
  });

  it("reads a socket's data while a chain of queries runs, not only after it (ADR 97)", async () => {
    // A request that arrives while pages' queries run: the embedded database answers each query with a settled
    // promise, so without a pause before each, Node would read the socket only once the whole chain was done.
    let done = 0;
    let readAfter = -1;
    const server = net.createServer((socket) => socket.once("data", () => (readAfter = done)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const client = net.connect(port, "127.0.0.1");
    try {
      await new Promise<void>((resolve) => client.once("connect", resolve));
      client.write("GET / HTTP/1.1\r\n\r\n");
      for (let i = 0; i < 200; i++) {
        await sql`select ${i}::int as n`.execute(t.db);
        done += 1;
      }
      expect(readAfter).toBeGreaterThanOrEqual(0);
      expect(readAfter).toBeLessThan(200);
    } finally {
      client.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.runIf(kind === "postgres")(
    "migrates a schema of its own while another schema of the same database holds migrated tables",
    async () => {
      const other = await openTestDb(kind);
      try {
        const tables = await sql<{ n: number }>`
          select count(*)::int as n from information_schema.tables
          where table_schema = current_schema() and table_name in ('kysely_migration', 'products', 'shelf')`.execute(
          other.db,
        );
        expect(tables.rows[0].n).toBe(3);
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(kind === "postgres")("plans every call for its own values on pooled connections", async () => {
    const modes = await Promise.all(
      [1, 2, 3].map(() =>
        executePrepared(t.db, sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`),
      ),
    );
    expect(modes.flat()).toEqual(Array(3).fill({ mode: "force_custom_plan" }));
  });

  it.runIf(kind === "postgres")(
    "runs an upsert on a partial unique index however often it comes (never prepared: a generic plan cannot match it)",
    async () => {
      await sql`create table upsert_probe (k text not null, kind text not null)`.execute(t.db);
      await sql`create unique index upsert_probe_once on upsert_probe (k) where kind = 'earned'`.execute(
        t.db,
      );
      try {
        const inserted = await t.db.connection().execute(async (c) => {
          for (let i = 0; i < 12; i++)
            await sql`insert into upsert_probe (k, kind) values (${`order-${i % 3}`}, ${"earned"})
              on conflict (k) where kind = ${"earned"} do nothing`.execute(c);
          return sql<{ n: number }>`select count(*)::int as n from upsert_probe`.execute(c);
        });
        expect(inserted.rows).toEqual([{ n: 3 }]);
      } finally {
        await sql`drop table upsert_probe`.execute(t.db);
      }
    },
  );

  it.runIf(kind === "postgres")("lets every other statement keep a generic plan (ADR 44)", async () => {
    const { rows } = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(
      t.db,
    );
    expect(rows).toEqual([{ mode: "auto" }]);
  });

  it.runIf(kind === "postgres")(
    "keeps answering a statement whose result is `*` after a migration adds a column (never prepared)",
    async () => {
      await sql`create table star_probe (k text primary key)`.execute(t.db);
      try {
        const rows = await t.db.connection().execute(async (c) => {
          const read = () => sql<{ k: string }>`select * from star_probe where k = ${"a"}`.execute(c);
          await sql`insert into star_probe values (${"a"})`.execute(c);
          for (let i = 0; i < 3; i++) await read();
          await sql`alter table star_probe add column added int`.execute(c);
          return (await read()).rows;
        });
        expect(rows).toEqual([{ k: "a", added: null }]);
      } finally {
        await sql`drop table star_probe`.execute(t.db);
      }
    },
  );

  it.runIf(kind === "postgres")(
    "prepares a repeated statement that reads `*` only inside a subquery (its result names its columns)",
    async () => {
      const prepared = await t.db.connection().execute(async (c) => {
        for (let i = 0; i < 3; i++)
          await sql`select n from (select * from generate_series(1, ${i + 1}) as g(n)) as s where n = ${1}`.execute(
            c,
          );
        return sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
          where statement like '%from generate_series(1, $1) as g(n)%'`.execute(c);
      });
      expect(prepared.rows).toEqual([{ n: 1 }]);
    },
  );
});

describe("which statements' results read `*`", () => {
  it.each([
    ["select * from orders where id = $1", true],
    ['select "o".*, "s"."name" from "orders" as "o"', true],
    ["update orders set total = $1 returning *", true],
    ["with x as (select 1) select distinct * from x", true],
    ["select id, * from orders", true],
    ["select count(*) as n from orders where id = $1", false],
    ["select $1::int * 2 as n", false],
    ["insert into job (id) select id from (select *, 1 from json_to_recordset($1) as j(id text)) j", false],
    ["with a as (update t set x = $1 returning *) select a.id from a", false],
    ["select to_json(o.*) from orders o", false],
    ["select 'a (' || $1 as label, * from t", true],
    ['select "weird(" from t where a = $1', false],
    ["select (select 1 from t", true],
    ["select 1) from t", true],
  ])("%s → %s", (text, expected) => {
    expect(resultReadsStar(text)).toBe(expected);
  });
});

/**
 * Kysely's migrator looked up its tables by reading every column of every table in every schema through
 * `pg_get_serial_sequence`, which fails with "relation does not exist" on a table another session drops meanwhile: test
 * files dropping their schemas beside each other failed so (ADR 83). `migrate` now looks in its own schema alone.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("migrate beside other schemas' changes on postgres", () => {
  it("migrates while another session creates and drops tables in other schemas, and fails on none", async () => {
    const mine = await openTestDb("postgres");
    const { db: other } = await openDb({ kind: "postgres", url: process.env.TEST_DATABASE_URL! });
    let churning = true;
    let churns = 0;
    const churn = (async () => {
      while (churning) {
        const schema = `churn_${randomBytes(4).toString("hex")}`;
        await sql.raw(`create schema ${schema}`).execute(other);
        await sql
          .raw(`create table ${schema}.t (id serial primary key, a int, b text, c int, d text)`)
          .execute(other);
        await sql.raw(`drop schema ${schema} cascade`).execute(other);
        churns++;
      }
    })();
    try {
      const applied = [];
      for (let i = 0; i < 30; i++) applied.push(await migrate(mine.db));
      expect(applied.flat()).toEqual([]);
    } finally {
      churning = false;
      await churn;
      await other.destroy();
      await mine.close();
    }
    expect(churns).toBeGreaterThan(0);
  });
});
