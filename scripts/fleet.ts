import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateOnce } from "./migrate-once.ts";

/**
 * A fleet as production runs it (docs/adr/0040-fleet-behind-nginx.md): migrations and the catalogue seed once,
 * then N instances of server/main.ts on one PostgreSQL and Redis, behind Debian's nginx (round robin, no sticky
 * sessions). Builds nothing: `npm run build` first. Used by the fleet tests, `npm run soak` and CI; run on its
 * own it serves until Ctrl-C:
 *
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… node --import tsx scripts/fleet.ts [instances] [port]
 */

const root = fileURLToPath(new URL("..", import.meta.url));

/** The live streams (server-sent events): nginx must pass each event on as it comes, and hold them open. */
export const STREAM_PATHS =
  "^/(order/status/[^/]+/events|api/chat/thread/events|api/console/chats/[^/]+/events)$";

export interface FleetOptions {
  databaseUrl: string;
  redisUrl: string;
  instances?: number;
  /** nginx listens here; instance i on port + 1 + i. */
  port?: number;
  /** More environment for the instances (SMTP_URL, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** Where the instances' and nginx's output goes: a file per process in this folder (default: a temp dir). */
  logDir?: string;
}

export interface Instance {
  readonly index: number;
  readonly port: number;
  readonly origin: string;
  /** The process's id while it runs. */
  readonly pid: number | undefined;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (after a kill) and waits until it is ready. */
  restart(): Promise<void>;
}

export interface Fleet {
  /** nginx: what shoppers reach. */
  origin: string;
  instances: Instance[];
  logDir: string;
  /** How long the deploy took: migrations and seed once, then the instances until ready. */
  timings: { migrateMs: number; startMs: number };
  stop(): Promise<void>;
}

/** Ready: 200 from /readyz (database and Redis reachable, migrations done: ADR 39). */
export async function isReady(origin: string): Promise<boolean> {
  const get = (p: string) =>
    fetch(`${origin}${p}`, { signal: AbortSignal.timeout(2000) }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );
  return (await get("/readyz")) === 200;
}

export async function waitUntilReady(
  origin: string,
  opts: { timeoutMs?: number; alive?: () => boolean } = {},
): Promise<void> {
  const until = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (await isReady(origin)) return;
    if (opts.alive && !opts.alive()) throw new Error(`${origin} exited before it was ready`);
    if (Date.now() > until) throw new Error(`${origin} was not ready in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function nginxConfig(opts: { port: number; upstreams: number[]; prefix: string }): string {
  const servers = opts.upstreams
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join("\n");
  const proxied = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_pass http://nightcap;`;
  return `worker_processes 1;
error_log ${opts.prefix}/error.log warn;
pid ${opts.prefix}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${opts.prefix}/client_body;
  proxy_temp_path ${opts.prefix}/proxy;
  fastcgi_temp_path ${opts.prefix}/fastcgi;
  uwsgi_temp_path ${opts.prefix}/uwsgi;
  scgi_temp_path ${opts.prefix}/scgi;
  client_max_body_size 12m;
  upstream nightcap {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${opts.port};
    # A request that failed on one instance before any answer (connection refused or reset) is tried on the next:
    # only for idempotent methods (nginx's default), so a checkout is never sent twice.
    proxy_next_upstream error timeout;
    proxy_connect_timeout 2s;
    location ~ ${STREAM_PATHS} {${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {${proxied}
      proxy_read_timeout 30s;
    }
  }
}
`;
}

function ensureNginx(): string {
  const found = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (found) return found;
  throw new Error("nginx is not installed: apt-get install -y nginx (Debian's package; .ci/run installs it)");
}

async function portFree(port: number): Promise<boolean> {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

export async function startFleet(opts: FleetOptions): Promise<Fleet> {
  const count = opts.instances ?? 2;
  const port = opts.port ?? 3300;
  const nginx = ensureNginx();
  const logDir = opts.logDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-fleet-"));
  fs.mkdirSync(logDir, { recursive: true });
  for (let i = 0; i <= count; i++)
    if (!(await portFree(port + i))) throw new Error(`port ${port + i} is taken: choose another --port`);
  if (!fs.existsSync(path.join(root, "build", "server", "index.js")))
    throw new Error('No storefront build: run "npm run build" first.');

  const began = performance.now();
  await migrateOnce({ kind: "postgres", url: opts.databaseUrl });
  const migrateMs = Math.round(performance.now() - began);

  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    // Shoppers reach the store through nginx: links in emails point there.
    PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://127.0.0.1:${port}`,
    // nginx, on this machine, is the trusted hop (docs/adr/0050-trusted-proxy-and-origin.md). The soak's and the
    // fleet tests' shoppers connect from this machine too, so the X-Forwarded-For address each sends (nginx
    // appends to it) is believed: that is how they count apart in per-address limits, as real shoppers would.
    TRUST_PROXY: process.env.TRUST_PROXY ?? "loopback",
    // Every instance must sign and read the same cookies.
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...opts.env,
  };
  const children: (ChildProcess | null)[] = [];
  const launch = (i: number) => {
    const out = fs.openSync(path.join(logDir, `instance-${i}.log`), "a");
    // FLEET_PROFILE_DIR: each instance writes a CPU profile there when it stops (where its time went under load).
    const profile = process.env.FLEET_PROFILE_DIR
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.FLEET_PROFILE_DIR}`]
      : [];
    const child = spawn(process.execPath, [...profile, "--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { ...env, PORT: String(port + 1 + i) },
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    children[i] = child;
    return child;
  };
  const exited = (c: ChildProcess | null) => !c || c.exitCode !== null || c.signalCode !== null;
  const kill = async (i: number, signal: NodeJS.Signals = "SIGTERM") => {
    const child = children[i];
    if (exited(child)) return;
    const gone = new Promise((resolve) => child!.once("exit", resolve));
    child!.kill(signal);
    await gone;
  };

  const instances: Instance[] = Array.from({ length: count }, (_, i) => {
    const origin = `http://127.0.0.1:${port + 1 + i}`;
    return {
      index: i,
      port: port + 1 + i,
      origin,
      get pid() {
        return children[i]?.pid;
      },
      kill: (signal?: NodeJS.Signals) => kill(i, signal),
      restart: async () => {
        await kill(i);
        const child = launch(i);
        await waitUntilReady(origin, { alive: () => !exited(child) });
      },
    };
  });

  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-nginx-"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig({ port, upstreams: instances.map((x) => x.port), prefix }));
  const test = spawnSync(nginx, ["-t", "-q", "-c", conf, "-p", prefix, "-g", "daemon off;"], {
    encoding: "utf8",
  });
  if (test.status !== 0) throw new Error(`nginx refused its configuration: ${test.stderr}`);
  let proxy: ChildProcess | null = null;
  // Whatever ends this process (a crash included), the fleet goes with it.
  const orphans = () => {
    for (const c of [...children, proxy]) if (!exited(c)) c!.kill("SIGKILL");
  };
  process.once("exit", orphans);

  const stop = async () => {
    process.off("exit", orphans);
    await Promise.all(instances.map((x) => x.kill("SIGTERM")));
    if (!exited(proxy)) {
      const gone = new Promise((resolve) => proxy!.once("exit", resolve));
      proxy!.kill("SIGQUIT");
      await gone;
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };

  try {
    for (let i = 0; i < count; i++) launch(i);
    await Promise.all(
      instances.map((x, i) => waitUntilReady(x.origin, { alive: () => !exited(children[i]) })),
    );
    const out = fs.openSync(path.join(logDir, "nginx.log"), "a");
    proxy = spawn(nginx, ["-c", conf, "-p", prefix, "-g", "daemon off;"], { stdio: ["ignore", out, out] });
    fs.closeSync(out);
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilReady(origin, { alive: () => !exited(proxy), timeoutMs: 10_000 });
    const startMs = Math.round(performance.now() - began) - migrateMs;
    return { origin, instances, logDir, timings: { migrateMs, startMs }, stop };
  } catch (err) {
    await stop();
    const tail = (f: string) =>
      fs.existsSync(f) ? fs.readFileSync(f, "utf8").split("\n").slice(-15).join("\n") : "";
    throw new Error(
      `${err instanceof Error ? err.message : err}\n${instances.map((x) => tail(path.join(logDir, `instance-${x.index}.log`))).join("\n")}`,
    );
  }
}

async function cli() {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    console.error("Set DATABASE_URL and REDIS_URL (the fleet shares them).");
    process.exit(2);
  }
  const fleet = await startFleet({
    databaseUrl,
    redisUrl,
    instances: Number(process.argv[2] ?? 2),
    port: Number(process.argv[3] ?? 3300),
  });
  console.log(
    `Nightcap fleet: ${fleet.origin} (nginx) → ${fleet.instances.map((x) => x.origin).join(", ")}; migrated and seeded in ${fleet.timings.migrateMs} ms, instances ready ${fleet.timings.startMs} ms later; logs in ${fleet.logDir}`,
  );
  const bye = () => void fleet.stop().then(() => process.exit(0));
  process.once("SIGINT", bye);
  process.once("SIGTERM", bye);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  cli().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
