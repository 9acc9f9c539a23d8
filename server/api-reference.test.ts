import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDb, type TestDb } from "../tests/support/db.ts";
import { renderApiReference } from "./api-reference.ts";
import { type App, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

let t: TestDb;
let app: App;
beforeAll(async () => {
  t = await openTestDb("pglite");
  app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

it("docs/API.md lists exactly the routes the server serves (regenerate with npm run docs:api)", async () => {
  const doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
  const onDisk = readFileSync(new URL("../docs/API.md", import.meta.url), "utf8");
  expect(onDisk).toBe(renderApiReference(doc));
  for (const path of ["/menu/cart/v2", "/auth/loginV2Step1", "/menu/search/v4", "/order/address", "/me"]) {
    expect(onDisk).toContain(`\`${path}\``);
  }
});
