import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The architecture check (`npm run lint:arch`, .dependency-cruiser.cjs; docs/ARCHITECTURE.md, "Rules checked by
 * CI"): every rule fails on a violation planted in a small tree written to a temporary directory, cruised with the
 * repository's own rules, and the repository itself passes.
 */

const root = path.resolve(import.meta.dirname, "..");
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: IForbiddenRuleType[];
};
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A house that keeps every rule: the layers and a module with its index.ts, wired as the real one is. */
const HOUSE: Record<string, string> = {
  "domain/money.ts": "export const cents = (n: number) => Math.round(n);\n",
  "domain/money.test.ts": 'import { createHash } from "node:crypto";\nimport { cents } from "./money.ts";\n',
  "db/schema.ts": "export interface Database { orders: { id: number } }\n",
  "db/seed/index.ts": 'import type { Database } from "../schema.ts";\nexport type Seeded = Database;\n',
  "server/platform/db.ts":
    'import type { Database } from "../../db/schema.ts";\nexport type Db = Database;\n',
  "server/modules/orders/order-view.ts":
    'import type { Db } from "../../platform/db.ts";\nimport { cents } from "../../../domain/money.ts";\n' +
    "export const view = (db: Db) => cents(db.orders.id);\n",
  "server/modules/orders/index.ts": 'export { view } from "./order-view.ts";\n',
  "server/modules/cart/routes.ts":
    'import { view } from "../orders/index.ts";\nexport const routes = [view];\n',
  "server/modules/cart/index.ts": 'export { routes } from "./routes.ts";\n',
  "server/modules/cart/cart.test.ts":
    'import { view } from "../orders/order-view.ts";\nexport const v = view;\n',
  "server/modules/index.ts":
    'import { routes } from "./cart/index.ts";\nimport { view } from "./orders/index.ts";\n' +
    "export const all = [routes, view];\n",
  "server/ssr.ts": 'import type { ApiFetch } from "../app/lib/api.ts";\nexport type Fetch = ApiFetch;\n',
  "app/lib/api.ts": "export type ApiFetch = () => void;\nexport const browserApi = () => {};\n",
  "app/components/price.tsx": 'import { cents } from "../../domain/money.ts";\nexport const Price = cents;\n',
  "app/features/cart/cart-button.tsx":
    'import { Price } from "../../components/price.tsx";\nimport { browserApi } from "../../lib/api.ts";\n' +
    "export const CartButton = [Price, browserApi];\n",
  "node_modules/react/package.json": '{ "name": "react", "main": "index.js" }\n',
  "node_modules/react/index.js": "module.exports = {};\n",
};

/** Cruises a tree (HOUSE and the planted files) with the repository's rules; the names of the rules it breaks. */
async function broken(planted: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-arch-"));
  dirs.push(dir);
  for (const [file, text] of Object.entries({ ...HOUSE, ...planted })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const { output } = await cruise(["app", "server", "domain", "db"], {
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    outputType: "json",
  });
  const result = (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

describe("the architecture check", () => {
  it("passes on a house that keeps the rules (type-only server → app/lib, tests reaching into a module)", async () => {
    expect(await broken({})).toEqual([]);
  });

  const plants: [rule: string, why: string, planted: Record<string, string>][] = [
    [
      "domain-is-pure",
      "domain/ imports the server",
      { "domain/tax.ts": 'import "../server/platform/db.ts";\n' },
    ],
    [
      "domain-is-pure-tests",
      "domain/ code imports tests/",
      { "domain/tax.ts": 'import "../tests/factory.ts";\n', "tests/factory.ts": "export {};\n" },
    ],
    [
      "domain-no-io",
      "domain/ imports node:*",
      { "domain/tax.ts": 'import fs from "node:fs";\nexport { fs };\n' },
    ],
    [
      "domain-no-react",
      "domain/ imports React",
      { "domain/tax.ts": 'import React from "react";\nexport { React };\n' },
    ],
    [
      "app-not-server",
      "app/ imports server/",
      { "app/lib/db.ts": 'import type { Db } from "../../server/platform/db.ts";\nexport type D = Db;\n' },
    ],
    [
      "server-not-app",
      "the server imports a route",
      {
        "server/home.ts": 'import type { Home } from "../app/routes/home.tsx";\nexport type H = Home;\n',
        "app/routes/home.tsx": "export type Home = 1;\n",
      },
    ],
    [
      "server-not-app-runtime",
      "the server loads app/lib code",
      { "server/call.ts": 'import { browserApi } from "../app/lib/api.ts";\nexport const c = browserApi;\n' },
    ],
    [
      "db-below-server",
      "db/seed imports server/platform",
      { "db/seed/write.ts": 'import type { Db } from "../../server/platform/db.ts";\nexport type D = Db;\n' },
    ],
    [
      "platform-below-modules",
      "the platform imports a module",
      {
        "server/platform/jobs.ts":
          'import { view } from "../modules/orders/index.ts";\nexport const j = view;\n',
      },
    ],
    [
      "module-through-index",
      "a module skips another's index.ts",
      {
        "server/modules/cart/routes.ts":
          'import { view } from "../orders/order-view.ts";\nexport const routes = [view];\n',
      },
    ],
    [
      "module-through-index-from-outside",
      "server/ skips a module's index.ts",
      {
        "server/openapi.ts":
          'import { view } from "./modules/orders/order-view.ts";\nexport const o = view;\n',
      },
    ],
    [
      "components-below-features",
      "a component imports a feature",
      {
        "app/components/header.tsx":
          'import { CartButton } from "../features/cart/cart-button.tsx";\nexport const H = CartButton;\n',
      },
    ],
    [
      "no-circular",
      "a type-only circle",
      {
        "domain/a.ts": 'import type { B } from "./b.ts";\nexport type A = { b?: B };\n',
        "domain/b.ts": 'import type { A } from "./a.ts";\nexport type B = { a?: A };\n',
      },
    ],
    [
      "not-to-unresolvable",
      "an import of no file",
      { "server/typo.ts": 'import { x } from "./missing.ts";\nexport const y = x;\n' },
    ],
  ];
  for (const [rule, why, planted] of plants) {
    it(`fails on ${why}, naming ${rule}`, async () => {
      expect(await broken(planted)).toEqual([rule]);
    });
  }

  it("names every rule of .dependency-cruiser.cjs in a planted violation", () => {
    expect(plants.map(([rule]) => rule).sort()).toEqual(config.forbidden.map((r) => r.name).sort());
  });

  it("passes on the repository (npm run lint:arch)", async () => {
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "lint:arch"], { cwd: root });
    expect(stdout).toContain("no dependency violations found");
  }, 120_000);

  it("has drawn the house as the code is (docs/architecture-graph.md, npm run docs:arch)", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/architecture-graph.ts", "--check"],
      { cwd: root },
    );
    expect(stdout).toContain("is current");
  }, 120_000);
});

/** Import specifiers in `source` that climb two folders or more (`../../`): those name their area (`#server/…`). */
function deepRelativeImports(source: string): string[] {
  const found = source.matchAll(/(?:from|import|mock)\s*\(?\s*["']((?:\.\.\/){2,}[^"']*)["']/g);
  return [...found].map((m) => m[1] ?? "");
}

describe("import aliases (docs/ARCHITECTURE.md, 'Rules checked by CI')", () => {
  it("finds a planted import that climbs two folders, and none that climbs one", () => {
    expect(deepRelativeImports('import { cents } from "../../../domain/money.ts";')).toEqual([
      "../../../domain/money.ts",
    ]);
    expect(deepRelativeImports('const m = await import("../../server/app.ts");')).toEqual([
      "../../server/app.ts",
    ]);
    expect(deepRelativeImports('import { a } from "../a.ts";\nimport { b } from "#domain/b.ts";')).toEqual(
      [],
    );
  });

  it("sees none in the repository's code (this file's planted houses aside)", async () => {
    const { stdout } = await promisify(execFile)("git", ["ls-files", "*.ts", "*.tsx"], { cwd: root });
    const offenders = stdout
      .split("\n")
      .filter(
        (file) => file && file !== "server/architecture.test.ts" && fs.existsSync(path.join(root, file)),
      )
      .flatMap((file) =>
        deepRelativeImports(fs.readFileSync(path.join(root, file), "utf8")).map((spec) => `${file}: ${spec}`),
      );
    expect(offenders).toEqual([]);
  });
});
