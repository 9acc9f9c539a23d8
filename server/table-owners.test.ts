/**
 * A table is written only by its owner module (docs/ARCHITECTURE.md, "Tables and their owners", is the map and the one
 * source of truth: this test reads it). Every non-test .ts file under server/ is parsed; a write is a Kysely
 * `insertInto`/`updateTable`/`deleteFrom`/`replaceInto`/`mergeInto` call naming its table, or `insert into`,
 * `update … set`, `delete from` inside an `sql` template. A file belongs to `server/modules/<module>/` or to
 * `platform` (server/platform/) or `server` (the rest of server/). db/seed is exempt: it loads the catalogue before
 * the app serves, under its own advisory lock, in bulk statements of its own (db/seed/write.ts).
 */

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

const WRITE_METHODS = new Set(["insertInto", "updateTable", "deleteFrom", "replaceInto", "mergeInto"]);

/**
 * Tables still written by a module besides their owner, each with why; the map's owner is the one that should. None
 * today (the last, payments writing orders.captured, became the writer orders registers: payments/capture-shares.ts).
 */
const EXCEPTIONS: Record<string, { module: string; reason: string }[]> = {};

interface Write {
  table: string;
  file: string;
  line: number;
  how: string;
}

/** `insert into x`, `update x [as] [alias] set`, `delete from x` in raw SQL text (not `do update set`, `for update`). */
const RAW_WRITE = /\b(insert\s+into|delete\s+from|update)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;
const NOT_A_TABLE = new Set(["set", "of", "skip", "nowait"]);

/** The writes in one source file; a write whose table is not a literal is reported with table "?". */
function writesIn(file: string, text: string): Write[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const writes: Write[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_METHODS.has(node.expression.name.text)
    ) {
      const arg = node.arguments[0];
      const table =
        arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))
          ? (arg.text.trim().split(/\s+/)[0] ?? "?")
          : "?";
      writes.push({ table, file, line: lineOf(node), how: node.expression.name.text });
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === "sql") {
      const t = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(t)
        ? [t.text]
        : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)];
      for (const part of parts) {
        for (const m of part.matchAll(RAW_WRITE)) {
          const keyword = (m[1] ?? "").toLowerCase().replace(/\s+/, " ");
          const table = (m[2] ?? "").toLowerCase();
          if (keyword === "update") {
            const before = part.slice(0, m.index).trimEnd().toLowerCase();
            if (/\b(do|for|key)$/.test(before) || NOT_A_TABLE.has(table)) continue;
          }
          writes.push({ table, file, line: lineOf(node), how: `sql ${keyword}` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** server/modules/<m>/… → m; server/platform/… → platform; other server files → server. */
function moduleOf(file: string): string {
  const m = /^server\/modules\/([^/]+)\//.exec(file);
  if (m?.[1]) return m[1];
  if (file.startsWith("server/platform/")) return "platform";
  return "server";
}

/** The "Tables and their owners" map from docs/ARCHITECTURE.md: `| \`table\` | module | … |` rows. */
function ownersFromDoc(doc: string): Map<string, string> {
  const start = doc.indexOf("## Tables and their owners");
  if (start < 0) throw new Error('docs/ARCHITECTURE.md has no "## Tables and their owners" section');
  const next = doc.indexOf("\n## ", start + 1);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const owners = new Map<string, string>();
  for (const m of section.matchAll(/^\|\s*`([a-z_0-9]+)`\s*\|\s*`?([a-z-]+)`?\s*\|/gm)) {
    const [, table, owner] = m;
    if (table && owner) {
      if (owners.has(table)) throw new Error(`${table} is listed twice in the owners' table`);
      owners.set(table, owner);
    }
  }
  return owners;
}

/** What breaks the rule: a table with no declared owner, written by a module other than its owner, or unreadable. */
function violations(
  files: readonly { file: string; text: string }[],
  owners: ReadonlyMap<string, string>,
  exceptions: Record<string, readonly { module: string }[]> = {},
): string[] {
  const problems: string[] = [];
  for (const { file, text } of files) {
    const module = moduleOf(file);
    for (const w of writesIn(file, text)) {
      const at = `${w.file}:${w.line} (${w.how})`;
      if (w.table === "?") {
        problems.push(`${at}: writes a table the check cannot read (name it with a string literal)`);
        continue;
      }
      const owner = owners.get(w.table);
      if (!owner) problems.push(`${at}: ${w.table} has no owner in docs/ARCHITECTURE.md`);
      else if (owner !== module && !(exceptions[w.table] ?? []).some((e) => e.module === module))
        problems.push(`${at}: ${w.table} is ${owner}'s, written from ${module}`);
    }
  }
  return problems;
}

function serverSources(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
        found.push({ file: rel, text: fs.readFileSync(path.join(root, rel), "utf8") });
    }
  };
  walk("server");
  return found;
}

const doc = fs.readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8");

describe("tables and their owners", () => {
  const owners = ownersFromDoc(doc);
  const sources = serverSources();

  it("each table is written only by the module docs/ARCHITECTURE.md names as its owner", () => {
    expect(violations(sources, owners, EXCEPTIONS)).toEqual([]);
  });

  it("each table has exactly one writer module, its owner (the exceptions listed aside)", () => {
    const writers = new Map<string, Set<string>>();
    for (const { file, text } of sources)
      for (const w of writesIn(file, text)) {
        const set = writers.get(w.table) ?? new Set<string>();
        set.add(moduleOf(file));
        writers.set(w.table, set);
      }
    for (const [table, set] of writers) {
      const allowed = (EXCEPTIONS[table] ?? []).map((e) => e.module);
      const others = [...set].filter((m) => !allowed.includes(m));
      // A table with exceptions may not be written by its owner yet; one without has exactly its owner.
      if (allowed.length > 0)
        expect(
          others.filter((m) => m !== owners.get(table)),
          table,
        ).toEqual([]);
      else expect(others, table).toEqual([owners.get(table)]);
    }
  });

  it("every table in the map is one the schema knows, and every exception names a reason", () => {
    const schema = fs
      .readdirSync(path.join(root, "db"))
      .filter((f) => /^schema.*\.ts$/.test(f))
      .map((f) => fs.readFileSync(path.join(root, "db", f), "utf8"))
      .join("\n");
    for (const table of owners.keys()) expect(schema, table).toMatch(new RegExp(`\\b${table}\\b`));
    for (const [table, list] of Object.entries(EXCEPTIONS))
      for (const e of list) expect(e.reason.length, `${table} from ${e.module}`).toBeGreaterThan(10);
  });

  it("fails on a planted second writer, Kysely or raw SQL, and on a table it cannot read", () => {
    const planted = [
      {
        file: "server/modules/tips/planted.ts",
        text: `await tx.updateTable("promos").set({ active: false }).execute();`,
      },
      {
        file: "server/modules/gifts/planted.ts",
        text: `await sql\`with x as (select 1) update orders o set tip = 0 where o.id = \${id}\`.execute(tx);`,
      },
      {
        file: "server/platform/planted.ts",
        text: `await sql\`delete from sessions where id = \${id}\`.execute(db);`,
      },
      { file: "server/modules/promos/planted.ts", text: "await tx.insertInto(table).values(row).execute();" },
      {
        file: "server/modules/promos/planted-new.ts",
        text: `await tx.deleteFrom("nobody_owns_me").execute();`,
      },
    ];
    const found = violations(planted, owners);
    expect(found).toEqual([
      "server/modules/tips/planted.ts:1 (updateTable): promos is promos's, written from tips",
      "server/modules/gifts/planted.ts:1 (sql update): orders is orders's, written from gifts",
      "server/platform/planted.ts:1 (sql delete from): sessions is sessions's, written from platform",
      "server/modules/promos/planted.ts:1 (insertInto): writes a table the check cannot read (name it with a string literal)",
      "server/modules/promos/planted-new.ts:1 (deleteFrom): nobody_owns_me has no owner in docs/ARCHITECTURE.md",
    ]);
  });

  it("is not fooled by `on conflict do update set`, `for update` or aliases", () => {
    const text = [
      `await tx.insertInto("promos as p").values(v).onConflict((oc) => oc.doNothing()).execute();`,
      "await sql`insert into promos (code) values (1) on conflict (code) do update set code = excluded.code`.execute(tx);",
      `await sql\`select id from users where id = \${id} for update\`.execute(tx);`,
      "await sql`select id from orders for no key update`.execute(tx);",
    ].join("\n");
    expect(writesIn("server/modules/promos/x.ts", text).map((w) => `${w.line} ${w.table} ${w.how}`)).toEqual([
      "1 promos insertInto",
      "2 promos sql insert into",
    ]);
  });
});
