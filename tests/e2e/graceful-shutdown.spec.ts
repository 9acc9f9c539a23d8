import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { sql } from "kysely";
import { type Db, openDb } from "#server/platform/db.ts";
import { createUser } from "../factories/accounts.ts";
import { createStoreDatabase } from "../support/seeded-store.ts";

/**
 * SIGTERM to a real `node server/main.ts` (docs/adr/0039-health-metrics-shutdown.md): the built storefront on a
 * database of its own on the PostgreSQL server (TEST_DATABASE_URL; a copy of the journeys' seeded store), as a deploy
 * runs it. After the signal a new connection is
 * refused, a request already on the wire is answered, a live chat stream gets a retry hint and ends, and the process
 * exits 0.
 */
const base = process.env.TEST_DATABASE_URL;
const port = Number(process.env.SHUTDOWN_E2E_PORT ?? 3160);
const origin = `http://127.0.0.1:${port}`;

test.skip(!base, "needs TEST_DATABASE_URL (a PostgreSQL server the test process shares with the server)");

let server: ChildProcess;
let log = "";
let db: Db;
const database = `${base ? new URL(base).pathname.slice(1) : "nightcap"}_shutdown_${randomBytes(4).toString("hex")}`;
let url = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  url = await createStoreDatabase(base!, database);
  server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      REDIS_URL: "",
      LOG_LEVEL: "info",
      SHUTDOWN_TIMEOUT_MS: "8000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (c: Buffer) => {
    log += c.toString();
  });
  server.stderr?.on("data", (c: Buffer) => {
    log += c.toString();
  });
  const until = Date.now() + 200_000;
  for (;;) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  db = (await openDb({ kind: "postgres", url })).db;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await db?.destroy();
  if (!base) return;
  const admin = (await openDb({ kind: "postgres", url: base })).db;
  await sql.raw(`drop database if exists ${database} with (force)`).execute(admin);
  await admin.destroy();
});

/** Whether a new TCP connection to the server is accepted. */
const connects = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

test("SIGTERM: no new connections, the request in flight answered, live streams told to reconnect, exit 0", async () => {
  test.setTimeout(120_000);
  // A shopper with a chat thread, signed in with a session token as an app would be.
  const user = await createUser(db);
  const login = await fetch(`${origin}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-platform": "ios" },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  expect(login.status).toBe(200);
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  expect(sessionToken).toBeTruthy();
  const auth = { "x-user": sessionToken };
  const first = await fetch(`${origin}/api/chat/thread/messages`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ body: "Is the store open late tonight?" }),
  });
  expect(first.status).toBe(200);

  // The live chat stream, read raw for its retry fields and its end.
  let streamed = "";
  const streamEnded = new Promise<void>((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port, path: "/api/chat/thread/events", headers: auth, agent: false },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.setEncoding("utf8");
          res.on("data", (c: string) => {
            streamed += c;
          });
          res.on("end", () => resolve());
          res.on("error", reject);
        },
      )
      .on("error", reject);
  });
  await expect.poll(() => streamed).toContain("retry: 3000");

  // A request on the wire whose body is still arriving when the signal comes.
  const body = JSON.stringify({ body: "And do you deliver to the harbour?" });
  const inFlight = new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/chat/thread/messages",
        headers: { ...auth, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 1500);
  });
  await new Promise((r) => setTimeout(r, 200));

  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  await expect.poll(connects, { timeout: 2000 }).toBe(false);

  await streamEnded;
  expect(streamed.slice(streamed.indexOf("retry: 3000") + 11)).toMatch(/retry: \d+\n\n$/);
  expect(await inFlight).toBe(200);
  expect(await exited).toBe(0);
  expect(log).toContain("shutting down");
  const messages = await db.selectFrom("chat_messages").select("body").execute();
  expect(messages.map((m) => m.body)).toContain("And do you deliver to the harbour?");
});
