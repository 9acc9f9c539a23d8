import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/schema.ts";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/platform/db.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { KeptSessions, keptSessionsOf, type SessionRow } from "./kept-sessions.ts";
import { revokeSession } from "./session-store.ts";

const NOW = Date.parse("2026-12-01T20:00:00Z");
const row = (over: Partial<SessionRow> = {}): SessionRow => ({
  id: "s1",
  user_id: "u1",
  last_seen_at: new Date(NOW),
  expires_at: new Date(NOW + 86_400_000),
  role: "customer",
  store_id: null,
  ...over,
});

describe("KeptSessions", () => {
  it("keeps a session read for a minute at most, and never past the session's own end", () => {
    const kept = new KeptSessions();
    kept.keep("a", row(), kept.mark, NOW);
    kept.keep("b", row({ id: "s2", expires_at: new Date(NOW + 10_000) }), kept.mark, NOW);
    expect(kept.get("a", NOW + 59_999)?.id).toBe("s1");
    expect(kept.get("a", NOW + 60_000)).toBeUndefined();
    expect(kept.get("b", NOW + 9_999)?.id).toBe("s2");
    expect(kept.get("b", NOW + 10_000)).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it("forgets a user's sessions, or one session, and the others stay", () => {
    const kept = new KeptSessions();
    kept.keep("a", row(), kept.mark, NOW);
    kept.keep("b", row({ id: "s2" }), kept.mark, NOW);
    kept.keep("c", row({ id: "s3", user_id: "u2" }), kept.mark, NOW);
    kept.forgetSession("s2");
    expect([kept.get("a", NOW)?.id, kept.get("b", NOW), kept.get("c", NOW)?.id]).toEqual([
      "s1",
      undefined,
      "s3",
    ]);
    kept.forgetUser("u1");
    expect([kept.get("a", NOW), kept.get("c", NOW)?.id]).toEqual([undefined, "s3"]);
  });

  it("does not keep a read that began before something was forgotten (it may be of what just ended)", () => {
    const kept = new KeptSessions();
    const mark = kept.mark;
    kept.forgetUser("someone else");
    kept.keep("a", row(), mark, NOW);
    expect(kept.get("a", NOW)).toBeUndefined();
    kept.keep("a", row(), kept.mark, NOW);
    expect(kept.get("a", NOW)?.id).toBe("s1");
  });

  it("keeps nothing while the notices are not heard, and starts again when they are", () => {
    const kept = new KeptSessions();
    kept.keep("a", row(), kept.mark, NOW);
    kept.hear(false);
    expect(kept.get("a", NOW)).toBeUndefined();
    kept.keep("a", row(), kept.mark, NOW);
    expect(kept.size).toBe(0);
    kept.hear(true);
    kept.keep("a", row(), kept.mark, NOW);
    expect(kept.get("a", NOW)?.id).toBe("s1");
  });

  it("holds ten thousand sessions at most, dropping the oldest read", () => {
    const kept = new KeptSessions();
    for (let i = 0; i <= 10_000; i++) kept.keep(`h${i}`, row({ id: `s${i}` }), kept.mark, NOW);
    expect(kept.size).toBe(10_000);
    expect(kept.get("h0", NOW)).toBeUndefined();
    expect(kept.get("h10000", NOW)?.id).toBe("s10000");
  });
});

/** Revokes a user's sessions as a writer whose notice is lost would (triggers off for the transaction). */
async function revokeUnannounced(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await tx.updateTable("sessions").set({ revoked_at: new Date() }).where("user_id", "=", userId).execute();
  });
}

describe.each(testDatabases)("sessions kept by an instance on %s", (kind) => {
  const t = useTestApp(kind);
  /** A signed-in shopper whose session this instance has read once, so keeps. */
  async function keptShopper() {
    const user = await createUser(t.db);
    const browser = await signedInBrowser(t.app, user);
    expect((await browser.get("/me")).statusCode).toBe(200);
    return { user, browser };
  }

  it("a session read once is answered again without reading it (a change no one announced is not seen)", async () => {
    const { user, browser } = await keptShopper();
    await revokeUnannounced(t.db, user.id);
    // What a lost notice costs, for the minute a session is kept at most.
    expect((await browser.get("/me")).statusCode).toBe(200);
    await t.db
      .updateTable("sessions")
      .set({ revoked_at: new Date() })
      .where("user_id", "=", user.id)
      .execute();
    await expect.poll(async () => (await browser.get("/me")).statusCode).toBe(401);
  });

  it("logging out ends the session on this instance at once", async () => {
    const { browser } = await keptShopper();
    const token = browser.cookieValue("nc_user");
    expect((await browser.post("/auth/logout")).statusCode).toBe(200);
    const replay = await t.app.inject({ method: "GET", url: "/me", headers: { "x-user": token ?? "" } });
    expect(replay.statusCode).toBe(401);
  });

  it("a session this instance ends is forgotten here without waiting for the notice", async () => {
    const { user, browser } = await keptShopper();
    const session = await t.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await revokeSession(tx, session.id);
    });
    expect((await browser.get("/me")).statusCode).toBe(401);
  });

  it("another writer's revocation, expiry or role change reaches the kept session by the database's notice", async () => {
    const { user, browser } = await keptShopper();
    expect((await browser.get("/me")).json().user.role).toBe("customer");
    await t.db.updateTable("users").set({ role: "admin" }).where("id", "=", user.id).execute();
    await expect.poll(async () => (await browser.get("/me")).json().user.role).toBe("admin");
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.id)
      .execute();
    await expect.poll(async () => (await browser.get("/me")).statusCode).toBe(401);
  });

  it("a deleted account's kept sessions are forgotten", async () => {
    const { user, browser } = await keptShopper();
    await t.db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await expect.poll(async () => (await browser.get("/me")).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("sessions kept across two instances (one PostgreSQL)", () => {
  let t: TestDb;
  let a: App;
  let b: App;
  let closeB: () => Promise<void>;
  let dbB: Kysely<Database>;
  beforeAll(async () => {
    t = await openTestDb("postgres");
    const config = loadConfig({ NODE_ENV: "test" });
    a = await buildApp({ config, db: t.db, logger: false });
    const second = await openDb({ kind: "postgres", url: t.url as string });
    dbB = second.db;
    b = await buildApp({ config, db: second.db, logger: false });
    closeB = () => second.db.destroy();
  });
  afterAll(async () => {
    await b?.close();
    await closeB?.();
    await a?.close();
    await t?.close();
  });

  it("a logout through instance A ends the session instance B kept", async () => {
    const user = await createUser(t.db);
    const onA = await signedInBrowser(a, user);
    const token = onA.cookieValue("nc_user") ?? "";
    const onB = () => b.inject({ method: "GET", url: "/me", headers: { "x-user": token } });
    expect((await onB()).statusCode).toBe(200);
    expect(keptSessionsOf(dbB)?.size).toBeGreaterThan(0);
    expect((await onA.post("/auth/logout")).statusCode).toBe(200);
    await expect.poll(async () => (await onB()).statusCode).toBe(401);
  });

  it("with its notices' connection lost, an instance keeps nothing until it is back", async () => {
    const user = await createUser(t.db);
    const token = (await signedInBrowser(a, user)).cookieValue("nc_user") ?? "";
    const onB = () => b.inject({ method: "GET", url: "/me", headers: { "x-user": token } });
    expect((await onB()).statusCode).toBe(200);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where query = ${`listen sessions_${rows[0].schema}`}`.execute(t.db);
    await expect.poll(() => keptSessionsOf(dbB)?.size).toBe(0);
    // Whether B listens again yet or not, it kept nothing from before: the unannounced revocation is seen.
    await revokeUnannounced(t.db, user.id);
    expect((await onB()).statusCode).toBe(401);
  });
});
