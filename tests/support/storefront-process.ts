import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copySeededStore } from "./seeded-store.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface StorefrontProcess {
  base: string;
  /** The server's process id (the bench reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built storefront in a process of its own on a fresh embedded database (a temporary data directory), as `npm
 * run serve` starts it, for the bench and for browser tests that need a second storefront. Resolves once `/`
 * answers; `stop()` ends it and removes its data.
 */
export async function startStorefront(
  options: {
    env?: Record<string, string>;
    port?: number;
    nodeEnv?: "production" | "test";
    /** Flags for node before the server's script (a CPU profile: `--cpu-prof`). */
    nodeArgs?: string[];
    /** On the embedded database, start from a copy of the journeys' seeded store when it was made (seeded-store.ts). */
    seeded?: boolean;
    /** The work tree whose built storefront to start (another checkout, built: the bench's A/B); this one by default. */
    root?: string;
  } = {},
): Promise<StorefrontProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-storefront-"));
  if (options.seeded && !options.env?.DATABASE_URL) copySeededStore(dataDir);
  const port = options.port ?? 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "server/main.ts"], {
    cwd: options.root ?? root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: options.nodeEnv ?? "production",
      // The address it is reached at: required in production on a real database (options.env's DATABASE_URL).
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    const up = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, pid: server.pid as number, stop };
    if (server.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`the storefront at ${base} did not start`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
