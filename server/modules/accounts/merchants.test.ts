import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "#scripts/merchants.ts";
import { openDb } from "#server/platform/db.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { pgliteTemplate } from "#tests/support/db-template.ts";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../..", import.meta.url));

const adminEnv = (dataDir: string) => ({ NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" });

/** `npm run merchants -- …` as an admin runs it, on the embedded database under `dataDir`: a process of its own. */
async function merchantsProcess(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/merchants.ts", ...args],
      { cwd: root, env: { ...process.env, ...adminEnv(dataDir) } },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The same command run here, by the `main` the process runs, what it prints caught: a process of its own costs
 * seconds of start and imports, and the one above proves the process's part (its exit code and its words).
 */
async function merchants(dataDir: string, ...args: string[]) {
  for (const [key, value] of Object.entries(adminEnv(dataDir))) vi.stubEnv(key, value);
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(`${a.join(" ")}\n`));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(`${a.join(" ")}\n`));
  try {
    const code = await main(args);
    return { code, stdout: out.join(""), stderr: err.join("") };
  } catch (e) {
    // As runAdminCommand answers a thrown error: exit code 1 and the error's words.
    return { code: 1, stdout: out.join(""), stderr: `${err.join("")}${(e as Error).message}\n` };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe("the merchants admin command", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-merchants-"));
  // A store already migrated, as an admin's is: the command's own work is what is timed, not initdb.
  beforeAll(async () => {
    const { db } = await openDb({ kind: "pglite", dataDir, from: await pgliteTemplate() });
    await db.destroy();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("registers a merchant, updates it, lists it, and refuses bad input with the reasons", async () => {
    const first = await merchants(
      dataDir,
      "register",
      "--id=acme-liquors",
      "--name=Acme Liquors",
      "--redirect=https://acme.example/sos/return",
    );
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain("Registered acme-liquors (Acme Liquors): https://acme.example/sos/return");
    const again = await merchants(
      dataDir,
      "register",
      "--id=acme-liquors",
      "--name=Acme Wine & Spirits",
      "--redirect=https://acme.example/a",
      "--redirect=https://acme.example/b",
    );
    expect(again.code).toBe(0);
    const list = await merchants(dataDir, "list");
    expect(list.stdout.trim().split("\n")).toEqual([
      "acme-liquors\tAcme Wine & Spirits\thttps://acme.example/a, https://acme.example/b",
    ]);

    const bad = await merchants(
      dataDir,
      "register",
      "--id=Acme",
      "--name=A",
      "--redirect=http://acme.example/cb",
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("The merchant id must be");
    expect(bad.stderr).toContain("2–80 characters");
    expect(bad.stderr).toContain("http://acme.example/cb: must be https (http only for localhost).");
    expect((await merchants(dataDir, "register", "--id=x")).code).toBe(2);
  }, 60_000);

  it("will not open the embedded database while another process holds it", async () => {
    // This test process stands in for a running store.
    fs.writeFileSync(
      path.join(dataDir, "nightcap.lock"),
      JSON.stringify({ pid: process.pid, holder: "the store" }),
    );
    try {
      const res = await merchantsProcess(dataDir, "list");
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`is in use by the store (pid ${process.pid})`);
    } finally {
      fs.rmSync(path.join(dataDir, "nightcap.lock"));
    }
  }, 30_000);
});

describe.each(testDatabases)("the demo merchant on %s", (kind) => {
  describe("on the embedded default (npm start)", () => {
    const s = useTestApp(kind, { env: { NODE_ENV: "production" } });
    it("exists, so /sos can be tried", async () => {
      const res = await s.app.inject({ method: "GET", url: "/auth/sos/merchant?merchant_id=demo" });
      expect(res.json()).toEqual({ id: "demo", name: "Demo Merchant", redirect_allowed: true });
    });
  });

  describe("on a real database in production", () => {
    const s = useTestApp(kind, {
      env: {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db.internal/x",
        PUBLIC_ORIGIN: "https://shop.example",
      },
    });
    it("does not exist", async () => {
      const res = await s.app.inject({ method: "GET", url: "/auth/sos/merchant?merchant_id=demo" });
      expect(res.statusCode).toBe(404);
    });
  });
});
