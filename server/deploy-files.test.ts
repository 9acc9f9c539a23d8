/**
 * The deployment files, checked without Docker (none runs on our machines): the Dockerfile's runtime stage holds
 * everything the server imports and reads, from production dependencies only; compose.yaml parses and wires its
 * services as docs/DEPLOY.md says; secrets come from the environment. docs/adr/0041-deploy-and-runtimes.md.
 */

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BUNDLED_CATALOGUE_DIR } from "../db/seed/source-files.ts";
import { copyOf, dockerStages, stageEnv } from "../scripts/dockerfile.ts";
import { loadConfig } from "./config.ts";
import { BRAND_CONTENT_DIR } from "./modules/content/brand-fragments.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Development-only imports, each from the one file that loads it only when NODE_ENV=development. */
const DEVELOPMENT_ONLY: Record<string, string> = { vite: "server/ssr.ts" };

/** Packages (by name) and repository files a set of entry points imports, following every import. */
async function importGraph(entryPoints: string[]) {
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    outdir: "out",
    logLevel: "silent",
    loader: { ".css": "empty", ".svg": "empty", ".wasm": "empty" },
    // Vite's asset suffixes (?url) and virtual modules: the build resolves them, not the runtime.
    plugins: [
      {
        name: "vite-only",
        setup(b) {
          b.onResolve({ filter: /\?|^virtual:/ }, (a) => ({ path: a.path, external: true }));
        },
      },
    ],
  });
  const packages = new Map<string, Set<string>>();
  for (const [file, input] of Object.entries((result.metafile as Metafile).inputs))
    for (const imported of input.imports) {
      if (!imported.external || imported.path.startsWith(".") || imported.path.includes("?")) continue;
      if (imported.path.startsWith("virtual:")) continue;
      if (imported.path.startsWith("node:") || builtinModules.includes(imported.path)) continue;
      const parts = imported.path.split("/");
      const name = imported.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
      packages.set(name, (packages.get(name) ?? new Set()).add(file));
    }
  return { packages, files: Object.keys((result.metafile as Metafile).inputs) };
}

describe("the Dockerfile", () => {
  const stages = dockerStages(read("Dockerfile"));
  const runtime = stages.get("runtime") ?? [];
  const ignored = read(".dockerignore")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
  const copies = (stage: string) =>
    (stages.get(stage) ?? [])
      .filter((i) => i.keyword === "COPY")
      .map(copyOf)
      .filter((c) => !c.from);
  const copied = copies("runtime").flatMap((c) => c.sources);

  it("builds in one stage and runs in another: Node 24 LTS, production dependencies, not root, checked on /healthz", () => {
    expect([...stages.keys()]).toEqual(["build", "runtime"]);
    expect(read("Dockerfile")).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    const build = (stages.get("build") ?? []).map((i) => `${i.keyword} ${i.args}`);
    expect(build).toContain("RUN npm ci --no-audit --no-fund");
    expect(build).toContain("RUN npm run build");
    const run = runtime.map((i) => `${i.keyword} ${i.args}`);
    expect(run.find((i) => i.startsWith("RUN npm ci"))).toContain("--omit=dev");
    expect(run).toContain("COPY --from=build /app/build ./build");
    const env = stageEnv(runtime);
    expect(env.NODE_ENV).toBe("production");
    expect(runtime.find((i) => i.keyword === "EXPOSE")?.args).toBe(env.PORT);
    const user = runtime.findLast((i) => i.keyword === "USER")?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime.find((i) => i.keyword === "HEALTHCHECK")?.args).toContain("/healthz");
    expect(runtime.at(-1)).toEqual({ keyword: "CMD", args: '["node", "--import", "tsx", "server/main.ts"]' });
  });

  it("copies sources that exist and that .dockerignore lets through", () => {
    const sources = [...copies("build"), ...copies("runtime")]
      .flatMap((c) => c.sources)
      .filter((s) => s !== ".");
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(fs.existsSync(path.join(root, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source.split("/")[0]);
    }
    expect(ignored).toEqual(expect.arrayContaining([".git", "**/node_modules", "build", ".data", ".env"]));
  });

  it("holds every file the server and the operators' commands import or read at run time", async () => {
    const { files } = await importGraph(["server/main.ts", "scripts/staff.ts", "scripts/merchants.ts"]);
    const read = [BUNDLED_CATALOGUE_DIR, BRAND_CONTENT_DIR].map((dir) => path.relative(root, dir));
    for (const file of [...files, ...read]) {
      const inImage = copied.some((c) => file === c || file.startsWith(`${c.replace(/\/$/, "")}/`));
      expect(inImage, `${file} is not copied into the runtime stage`).toBe(true);
    }
  });

  it("needs only production dependencies at run time: the server's imports and the storefront's", async () => {
    const server = await importGraph(["server/main.ts", "scripts/staff.ts", "scripts/merchants.ts"]);
    // The server build renders every page: the app's modules but routes.ts (the route table the build reads).
    const appFiles = fs
      .readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== "routes.ts")
      .map((f) => `app/${f}`);
    const storefront = await importGraph(appFiles);
    expect(server.packages.size).toBeGreaterThan(10);
    expect(storefront.packages.has("react-dom")).toBe(true);
    for (const { packages } of [server, storefront])
      for (const [name, importers] of packages) {
        if (name in pkg.dependencies) continue;
        expect([...importers], `${name} is a devDependency imported at run time`).toEqual([
          DEVELOPMENT_ONLY[name],
        ]);
      }
    expect(pkg.dependencies.tsx, "tsx runs the TypeScript in production").toBeDefined();
  });
});

function nginxBinary(): string | undefined {
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => fs.existsSync(p));
}

/** What an operator exports before `docker compose up` (the variables compose.yaml requires). */
const SHELL = {
  POSTGRES_PASSWORD: "a-long-database-password",
  PUBLIC_ORIGIN: "https://shop.example",
  SESSION_SECRET: "s".repeat(48),
};

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error} (which stops compose when NAME is unset). */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, op?: string, rest?: string) => {
      if (shell[name]) return shell[name];
      if (op === "?") throw new Error(`${name}: ${rest}`);
      return op === "-" ? (rest ?? "") : "";
    },
  );
}

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
    volumes?: Record<string, unknown>;
  };
  const services = compose.services;
  const apps = Object.keys(services).filter((name) => /^app-\d+$/.test(name));
  const env = (name: string) => services[name].environment as Record<string, string>;

  it("runs two app instances of the image, PostgreSQL 15, Redis 7 and nginx", () => {
    expect(apps).toEqual(["app-1", "app-2"]);
    for (const app of apps) expect(services[app]).toMatchObject({ build: ".", image: "nightcap:latest" });
    expect(services.db.image).toMatch(/^postgres:15\b/);
    expect(services.redis.image).toMatch(/^redis:7\b/);
    expect(services.nginx.image).toMatch(/^nginx:/);
  });

  it("starts the app once the database and Redis answer their health checks, and nginx once the apps do", () => {
    for (const name of ["db", "redis"]) expect(services[name].healthcheck).toBeDefined();
    for (const app of apps)
      expect(services[app].depends_on).toEqual({
        db: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
      });
    expect(services.nginx.depends_on).toEqual(
      Object.fromEntries(apps.map((a) => [a, { condition: "service_healthy" }])),
    );
  });

  it("gives the apps a valid production configuration on the compose database and Redis", () => {
    for (const app of apps) {
      const values = Object.fromEntries(
        Object.entries(env(app)).map(([key, value]) => [key, interpolate(value, SHELL)]),
      );
      const config = loadConfig(values);
      expect(config).toMatchObject({ env: "production", port: 3000, publicOrigin: SHELL.PUBLIC_ORIGIN });
      expect(new URL(config.databaseUrl ?? "").host).toBe("db:5432");
      expect(new URL(config.redisUrl ?? "").host).toBe("redis:6379");
      expect(config.auth.sessionSecret).toBe(SHELL.SESSION_SECRET);
    }
  });

  it("trusts nginx as the one proxy in front: the apps publish no port, and nginx names the peer it saw", () => {
    for (const app of apps) {
      const values = Object.fromEntries(
        Object.entries(env(app)).map(([key, value]) => [key, interpolate(value, SHELL)]),
      );
      expect(loadConfig(values).trustProxy).toEqual({ kind: "hops", hops: 1 });
      expect(services[app].ports).toBeUndefined();
    }
    // Set, not appended: what a client wrote in X-Forwarded-For never reaches the app.
    expect(read("deploy/nginx.conf")).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
  });

  it("refuses to start without the secrets rather than running with a default", () => {
    for (const missing of Object.keys(SHELL)) {
      const shell: Record<string, string> = { ...SHELL };
      delete shell[missing];
      expect(() => Object.values(env("app-1")).map((v) => interpolate(v, shell)), missing).toThrow(missing);
    }
  });

  it("takes every secret from the environment, never a value written in the file", () => {
    const secretNames = /SECRET|PASSWORD|TOKEN|KEY/;
    for (const [name, service] of Object.entries(services))
      for (const [key, value] of Object.entries((service.environment ?? {}) as Record<string, string>)) {
        if (secretNames.test(key)) expect(value, `${name}.${key}`).toMatch(/^\$\{[A-Z_]+:\?/);
        if (key === "DATABASE_URL") expect(value, `${name}.${key}`).toContain("${POSTGRES_PASSWORD:?");
      }
    expect(fs.readFileSync(path.join(root, ".gitignore"), "utf8").split("\n")).toEqual(
      expect.arrayContaining([".env", "nightcap.env"]),
    );
  });

  it("mounts deploy/nginx.conf, whose upstream is exactly the app instances on the app's port", () => {
    const mount = (services.nginx.volumes as string[]).find((v) => v.endsWith(":/etc/nginx/nginx.conf:ro"));
    expect(mount).toBe("./deploy/nginx.conf:/etc/nginx/nginx.conf:ro");
    const conf = read("deploy/nginx.conf");
    const upstream = /upstream nightcap \{([^}]*)\}/.exec(conf)?.[1] ?? "";
    const servers = [...upstream.matchAll(/^\s*server\s+(\S+)/gm)].map((m) => m[1]);
    expect(servers).toEqual(apps.map((a) => `${a}:${env(a).PORT}`));
    expect(conf).toContain("proxy_pass http://nightcap;");
  });

  // Debian's nginx (CI installs it for the fleet step); the compose host names resolve only inside compose.
  it.skipIf(!nginxBinary())("nginx accepts deploy/nginx.conf", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-nginx-"));
    try {
      const local = read("deploy/nginx.conf").replace(
        /\bapp-(\d+):3000\b/g,
        (_, n: string) => `127.0.0.1:${3400 + Number(n)}`,
      );
      fs.writeFileSync(path.join(dir, "nginx.conf"), local);
      // Its logs go to /dev/stdout and /dev/stderr, which nginx cannot open on a pipe (a socket here): a file.
      const out = path.join(dir, "out.log");
      const fd = fs.openSync(out, "w");
      const test = spawnSync(
        nginxBinary() ?? "nginx",
        ["-t", "-e", "stderr", "-p", dir, "-c", path.join(dir, "nginx.conf")],
        { stdio: ["ignore", fd, fd] },
      );
      fs.closeSync(fd);
      expect(test.status, fs.readFileSync(out, "utf8")).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
