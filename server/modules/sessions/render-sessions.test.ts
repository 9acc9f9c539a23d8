import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/platform/db.ts";
import { createUser } from "#tests/factories/accounts.ts";
import { openTestDb, type TestDb } from "#tests/support/db.ts";
import { newRenderId, resolveSessionOnce } from "./render-sessions.ts";
import { createSession, revokeSession } from "./session-store.ts";

/** Counts the statements `db` runs. */
function counted(db: Db): { db: Db; count: () => number } {
  let n = 0;
  const executor = (
    db as unknown as { getExecutor(): { executeQuery(...a: unknown[]): unknown } }
  ).getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = (...a: unknown[]) => {
    n += 1;
    return original(...a);
  };
  return { db, count: () => n };
}

describe("a page render's session (PGlite)", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb("pglite");
  });
  afterAll(async () => t?.close());

  it("is resolved once for all of the render's calls, and again by the next render", async () => {
    const user = await createUser(t.db);
    const { token, sessionId } = await createSession(t.db, { userId: user.id, kind: "web", platform: "web" });
    const { db, count } = counted(t.db);
    const render = newRenderId();
    const before = count();
    const sessions = await Promise.all([1, 2, 3, 4].map(() => resolveSessionOnce(db, token, render)));
    expect(sessions.every((s) => s?.sessionId === sessionId)).toBe(true);
    expect(count() - before).toBe(1);

    await revokeSession(t.db, sessionId);
    expect(await resolveSessionOnce(db, token, newRenderId())).toBeNull();
  });

  it("a render id made outside this process is ignored: every call resolves the session", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, { userId: user.id, kind: "web", platform: "web" });
    const { db, count } = counted(t.db);
    const forged = `${"0".repeat(32)}.${crypto.randomUUID()}`;
    const before = count();
    await resolveSessionOnce(db, token, forged);
    await resolveSessionOnce(db, token, forged);
    expect(count() - before).toBe(2);
  });
});
