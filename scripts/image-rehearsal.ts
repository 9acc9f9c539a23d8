/**
 * The Dockerfile's runtime stage without Docker (`.ci/run`, docs/DEPLOY.md): no engine runs on our machines, so
 * this does what the stage says in an empty folder — `npm ci --omit=dev` from the lockfile, its COPY lines (the
 * build stage's `build/` taken from this checkout's `npm run build`), its ENV — then runs its CMD with the node on
 * PATH (CI puts Node 24 there, as the image has) against the PostgreSQL database given, and checks what the image
 * promises: the store migrates, seeds and serves pages and the API from production dependencies only, the
 * HEALTHCHECK command passes, and SIGTERM stops it cleanly.
 *
 * Usage: node --import tsx scripts/image-rehearsal.ts <empty database URL> [port]
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyOf, dockerStages, execForm, stageEnv } from "./dockerfile.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));

function step(message: string) {
  console.log(`== image rehearsal: ${message}`);
}

async function main() {
  const [databaseUrl, portArg] = process.argv.slice(2);
  if (!databaseUrl) throw new Error("usage: image-rehearsal.ts <empty database URL> [port]");
  const port = Number(portArg ?? 3995);
  const runtime = dockerStages(fs.readFileSync(path.join(repo, "Dockerfile"), "utf8")).get("runtime");
  if (!runtime) throw new Error("the Dockerfile has no runtime stage");
  if (!fs.existsSync(path.join(repo, "build/server/index.js")))
    throw new Error("no build/ in this checkout: run npm run build first (the build stage's output)");

  const image = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-image-"));
  let server: ChildProcess | undefined;
  let log = "";
  try {
    for (const i of runtime) {
      if (i.keyword === "RUN" && i.args.startsWith("npm ci")) {
        // Only the install: the image's `npm cache clean` would empty this machine's cache.
        const install = i.args.split("&&")[0].trim();
        step(`${install} in ${image}`);
        execFileSync("sh", ["-c", install], { cwd: image, stdio: ["ignore", "inherit", "inherit"] });
      }
      if (i.keyword !== "COPY") continue;
      const { from, sources, dest } = copyOf(i);
      for (const source of sources) {
        const origin =
          from === "build" ? path.join(repo, path.relative("/app", source)) : path.join(repo, source);
        const target = dest.endsWith("/")
          ? path.join(image, dest, path.basename(source))
          : path.join(image, dest);
        fs.cpSync(origin, target, {
          recursive: true,
          filter: (file) => !/\.test\.tsx?$/.test(file), // .dockerignore leaves the tests out
        });
      }
    }
    const cmd = execForm(runtime.findLast((i) => i.keyword === "CMD")?.args ?? "");
    const healthcheck = execForm(runtime.find((i) => i.keyword === "HEALTHCHECK")?.args ?? "");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...stageEnv(runtime),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(image, ".data"),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "rehearsal-".repeat(4),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    };
    const node = execFileSync("node", ["--version"], { env, encoding: "utf8" }).trim();
    step(`${cmd.join(" ")} on Node ${node}, NODE_ENV=${env.NODE_ENV}, port ${port}`);
    server = spawn(cmd[0], cmd.slice(1), { cwd: image, env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [server.stdout, server.stderr])
      stream?.on("data", (c: Buffer) => (log += c.toString()));
    const origin = `http://127.0.0.1:${port}`;
    await until(
      async () => (await fetch(`${origin}/menu/categories`).catch(() => null))?.ok === true,
      300_000,
      () => {
        if (server?.exitCode !== null) throw new Error(`the server exited with ${server?.exitCode}`);
      },
    );
    const home = await fetch(`${origin}/`);
    if (!home.ok || !(await home.text()).includes("<html")) throw new Error(`GET / answered ${home.status}`);
    step("serving: GET /menu/categories and the home page answer 200");

    const check = spawnExit(healthcheck[0], healthcheck.slice(1), { cwd: image, env });
    if ((await check) !== 0) throw new Error("the HEALTHCHECK command failed");
    step("HEALTHCHECK command passes");

    server.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => {
      if (server?.exitCode !== null) resolve(server?.exitCode ?? null);
      server?.once("exit", (c) => resolve(c));
    });
    if (code !== 0) throw new Error(`on SIGTERM the server exited with ${code}`);
    step("SIGTERM: exited 0");
    server = undefined;
    step("ok");
  } catch (err) {
    console.error(log.split("\n").slice(-30).join("\n"));
    throw err;
  } finally {
    server?.kill("SIGKILL");
    fs.rmSync(image, { recursive: true, force: true });
  }
}

function spawnExit(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<number | null>((resolve) => {
    spawn(command, args, { ...opts, stdio: "ignore" }).once("exit", resolve);
  });
}

async function until(ready: () => Promise<boolean>, timeoutMs: number, check: () => void) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    check();
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`not serving after ${timeoutMs / 1000} s`);
}

main().catch((err: unknown) => {
  console.error("image rehearsal failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
