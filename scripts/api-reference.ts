import { writeFileSync } from "node:fs";
import { renderApiReference } from "../server/api-reference.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { migrate, openDb } from "../server/platform/db.ts";

/** Writes docs/API.md from the routes the server registers (an in-memory database; nothing is served). */
const { db } = await openDb({ kind: "pglite" });
await migrate(db);
const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
await app.ready();
writeFileSync(new URL("../docs/API.md", import.meta.url), renderApiReference(app.swagger() as never));
await app.close();
await db.destroy();
console.log("docs/API.md written");
