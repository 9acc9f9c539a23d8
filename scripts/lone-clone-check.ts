/**
 * CI's proof that a clone stands on its own (`.ci/run`): clones this repository into an empty folder (nothing
 * beside it), installs it with `npm ci`, starts it with `npm start` on its embedded default, and then does what a
 * newcomer does: opens the home page, searches, signs up with the code from the local mailbox whose address the
 * start-up log gives, and reads /me. Exits non-zero, saying what failed, otherwise.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.LONE_CLONE_PORT ?? 3990);
const origin = `http://127.0.0.1:${port}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-lone-"));
const clone = path.join(work, "nightcap");

function step(message: string) {
  console.log(`== lone clone: ${message}`);
}

async function main() {
  step(`cloning into ${clone} (nothing beside it)`);
  execFileSync("git", ["clone", "-q", repo, clone], { stdio: "inherit" });
  if (fs.readdirSync(work).length !== 1) throw new Error("the clone's folder has company");
  step("npm ci");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: clone, stdio: "inherit" });

  step(`npm start on port ${port}`);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATA_DIR: path.join(work, "data"),
  };
  const server = spawn("npm", ["start"], {
    cwd: clone,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  server.stdout.on("data", (c: Buffer) => {
    log += c.toString();
  });
  server.stderr.on("data", (c: Buffer) => {
    log += c.toString();
  });
  try {
    const mailbox = await waitFor(
      () => /local mailbox at (http\S+\?key=[\w-]+)/.exec(log)?.[1],
      600_000,
      () => server.exitCode !== null,
    );
    step(`serving; the start-up log names the mailbox: ${mailbox.replace(/key=.*/, "key=…")}`);
    await newcomer(new URL(mailbox).searchParams.get("key")!);
    step("a newcomer browsed, searched, signed up with the mailbox's code and read /me");
  } catch (err) {
    console.error(log.split("\n").slice(-40).join("\n"));
    throw err;
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function newcomer(key: string) {
  const jar = new Map<string, string>();
  const call = async (
    pathname: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${origin}${pathname}`, {
      method: init.method ?? "GET",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const expectOk = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    return res;
  };

  const home = await (await expectOk(await call("/"), "home page")).text();
  if (!home.includes("Nightcap")) throw new Error("the home page does not look like the store");
  const search = await (
    await expectOk(await call("/menu/search/v4", { method: "POST", body: { query: "jameson" } }), "search")
  ).json();
  if (!(search.count > 0))
    throw new Error("search found nothing: was the catalogue seeded from the clone's own data?");

  const { csrfToken } = await (await expectOk(await call("/auth/session"), "session")).json();
  const email = `newcomer-${Date.now()}@example.com`;
  const signup = await (
    await expectOk(
      await call("/auth/signup", {
        method: "POST",
        headers: { "x-csrf-token": csrfToken },
        body: { firstname: "Nova", lastname: "Clone", email, birthday: "1990-04-17" },
      }),
      "sign-up",
    )
  ).json();
  const message = await waitFor(async () => {
    const res = await expectOk(
      await call(`/api/mailbox?recipient=${encodeURIComponent(email)}`, {
        headers: { "x-mailbox-key": key },
      }),
      "mailbox",
    );
    const [newest] = await res.json();
    return newest?.status === "sent" ? newest : undefined;
  }, 30_000);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in the mailbox message: ${message.body}`);
  await expectOk(
    await call("/auth/loginV2Step2", {
      method: "POST",
      headers: { "x-csrf-token": csrfToken },
      body: { oid: signup.oid, code },
    }),
    "code step",
  );
  const me = await (await expectOk(await call("/me"), "/me")).json();
  if (me.user?.email !== email) throw new Error(`/me answered ${JSON.stringify(me)}`);
}

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  gaveUp = () => false,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (gaveUp()) throw new Error("the server stopped");
    if (Date.now() > until) throw new Error(`gave up after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`lone clone check failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
