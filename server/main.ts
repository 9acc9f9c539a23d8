import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { ConfigError, checkServingConfig, loadConfig } from "./config.ts";
import { DEMO_STAFF_PASSWORD, ensureDemoAdmin, ensureDemoStaff } from "./modules/console/index.ts";
import { deliveryNotes } from "./modules/messages/index.ts";
import { opsNotes } from "./modules/ops/index.ts";
import { paymentNotes } from "./modules/payments/index.ts";
import { migrate, openStoreDb } from "./platform/db.ts";
import { onTerminationSignal, shutDownGracefully } from "./platform/shutdown.ts";
import { isDependencyDown } from "./platform/unavailable.ts";
import { warmUp } from "./warm-up.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

async function main() {
  const config = loadConfig();
  checkServingConfig(config);
  const { db, kind, release } = await openStoreDb(config, "the store (npm start)");
  process.once("exit", release);
  await migrate(db);
  const { seedCatalogue } = await import("../db/seed/index.ts");
  await seedCatalogue(db);
  const demoStaff = await ensureDemoStaff(db, config);
  const demoAdmin = await ensureDemoAdmin(db, config);

  const app = await buildApp({
    config,
    db,
    ssr: { mode: config.env === "development" ? "development" : "production", root },
    workers: true,
  });
  // A query cut off by a database restart may reject where no one awaits it (pg-boss completes finished jobs without
  // awaiting): that is the dependency being away, which /readyz reports, not a reason to end the instance.
  process.on("unhandledRejection", (reason) => {
    if (isDependencyDown(reason)) {
      app.log.warn({ err: reason }, "a dependency went away under a call no one awaited");
      return;
    }
    app.log.fatal({ err: reason }, "unhandled rejection");
    process.exit(1);
  });
  onTerminationSignal(async (signal) => {
    const timeoutMs = config.ops.shutdownTimeoutMs;
    app.log.info(
      { signal, timeoutMs },
      "shutting down: not ready, no new connections, finishing what is running",
    );
    try {
      const { forced } = await shutDownGracefully(app, { timeoutMs });
      await db.destroy();
      app.log.info({ forced }, "shut down");
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  });
  if (config.env === "production") {
    const warmed = await warmUp(app);
    app.log.info(warmed, "pages rendered once before taking traffic");
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: kind, dataDir: kind === "pglite" ? config.dataDir : undefined },
    "Nightcap is serving",
  );
  const origin = config.publicOrigin ?? `http://localhost:${config.port}`;
  for (const note of await deliveryNotes(db, config, origin)) app.log[note.level](note.message);
  for (const note of paymentNotes(config)) app.log[note.level](note.message);
  for (const note of opsNotes(config)) app.log[note.level](note.message);
  if (demoStaff.length > 0)
    app.log.info(
      { staff: demoStaff.map((s) => `${s.store}: ${s.email}`) },
      `Store console: sign in at ${origin}/login as a store's demo staff (password "${DEMO_STAFF_PASSWORD}"), then open ${origin}/console`,
    );
  if (demoAdmin)
    app.log.info(
      `Store admin: sign in as ${demoAdmin} (password "${DEMO_STAFF_PASSWORD}"), then open ${origin}/console/admin`,
    );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error("Nightcap could not start:", err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
