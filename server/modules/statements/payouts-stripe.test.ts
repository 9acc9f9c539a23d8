import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { JobQueue } from "#server/platform/jobs.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import {
  CHICAGO_OTHER_STORE,
  CHICAGO_STORE,
  createChicagoFixture,
} from "#tests/factories/chicago-fixture.ts";
import { staffOf } from "#tests/factories/console.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from "#tests/support/stripe-stand-in.ts";
import { PAY_STATEMENT } from "./jobs.ts";
import type { StatementsOverview } from "./views.ts";

/**
 * Payouts on Stripe Connect (PAYOUTS=stripe) against the Stripe stand-in, with the real job queue retrying after a
 * second: the store's Express account and onboarding link, and a closed statement paid by one transfer even when the
 * first try's answer is lost and the job runs again.
 */
describe.each(testDatabases)("payouts on Stripe Connect on %s", (kind) => {
  let t: TestDb;
  let app: App;
  let jobs: JobQueue;
  let standIn: StripeStandIn;
  const s = {
    get app() {
      return app;
    },
    get db() {
      return t.db;
    },
  };

  beforeAll(async () => {
    t = await openTestDb(kind);
    await createChicagoFixture(t.db);
    standIn = await startStripeStandIn();
    jobs = await JobQueue.open(t.db, { retry: { delaySeconds: 1, backoff: false } });
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
        PAYOUTS: "stripe",
      }),
      db: t.db,
      logger: false,
      workers: true,
      jobs,
    });
  });
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await standIn?.close();
    await t?.close();
  });

  /** A closed statement as the close writes it (its figures are the HTTP test's business; here only its net). */
  async function closedStatement(id: string, store: string, from: string, net: number) {
    await t.db
      .insertInto("statements")
      .values({
        id,
        store_id: store,
        period_from: from,
        period_to: from.replace(/\d\d$/, (d) => String(Number(d) + 6).padStart(2, "0")),
        lines: JSON.stringify([{ category: "net_payable", key: "net_payable", cents: net, orders: [] }]),
        event_ids: "[]",
        net_payable: net,
        terms: "{}",
      })
      .execute();
  }

  const payout = (statementId: string) =>
    t.db.selectFrom("payouts").selectAll().where("statement_id", "=", statementId).executeTakeFirst();

  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (done(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("opens the store's Express account once, with Stripe's onboarding link back to the console", async () => {
    const { staff } = await staffOf(s, CHICAGO_STORE);
    const first = await staff.post("/api/console/statements/payout-account", {});
    expect(first.statusCode, first.body).toBe(200);
    const { account_id, url } = first.json<{ account_id: string; url: string }>();
    expect(account_id).toMatch(/^acct_/);
    expect(url).toContain(`/connect/onboarding/${account_id}`);
    expect(decodeURIComponent(url)).toContain("/console/statements");
    const again = (await staff.post("/api/console/statements/payout-account", {})).json<{
      account_id: string;
    }>();
    expect(again.account_id).toBe(account_id);
    expect(
      standIn
        .accounts()
        .filter((a) => a.metadata && (a.metadata as Record<string, string>).store_id === CHICAGO_STORE),
    ).toHaveLength(1);
    const created = standIn.requests.find((r) => r.path === "/v1/accounts");
    expect(created?.params.get("type")).toBe("express");
    const overview = (await staff.get("/api/console/statements")).json<StatementsOverview>();
    expect(overview.payout_account).toEqual({ provider: "stripe", account_id });
  });

  it("pays a closed statement by one transfer when the job is retried after a lost answer, and never twice", async () => {
    const { staff } = await staffOf(s, CHICAGO_STORE);
    const account = (await staff.post("/api/console/statements/payout-account", {})).json<{
      account_id: string;
    }>().account_id;
    const id = `st_test_${kind}`;
    await closedStatement(id, CHICAGO_STORE, "2026-11-02", 12_345);
    // The transfer is made, but the connection drops before its answer, and again when the SDK tries once more with
    // the same key: the job fails and runs again a second later.
    standIn.failNext({ kind: "drop" }, 2);
    await jobs.send(PAY_STATEMENT, { statementId: id });
    const paid = await until(
      () => payout(id),
      (p) => p?.status === "paid",
    );
    expect(paid).toMatchObject({ status: "paid", amount: 12_345, provider: "stripe", attempts: 2 });
    const transfers = standIn.transfers().filter((tr) => tr.destination === account);
    expect(transfers).toEqual([
      expect.objectContaining({ amount: 12_345, currency: "usd", id: paid?.provider_ref }),
    ]);
    const asked = standIn.requests.filter((r) => r.path === "/v1/transfers");
    expect(asked.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [id, false],
      [id, true],
      [id, true],
    ]);

    // The job sent again (a duplicate, a second worker): nothing more is paid.
    await jobs.send(PAY_STATEMENT, { statementId: id });
    await new Promise((r) => setTimeout(r, 1500));
    expect(standIn.transfers().filter((tr) => tr.destination === account)).toHaveLength(1);
    expect(await payout(id)).toMatchObject({ status: "paid", attempts: 2, provider_ref: paid?.provider_ref });
  });

  it("records nothing due for a week the store owes, and waits for a store without an account", async () => {
    const owes = `st_owes_${kind}`;
    await closedStatement(owes, CHICAGO_STORE, "2026-11-09", -500);
    await jobs.send(PAY_STATEMENT, { statementId: owes });
    expect(
      await until(
        () => payout(owes),
        (p) => p !== undefined,
      ),
    ).toMatchObject({
      status: "nothing_due",
      amount: 0,
    });

    const waiting = `st_wait_${kind}`;
    await closedStatement(waiting, CHICAGO_OTHER_STORE, "2026-11-02", 2_000);
    await jobs.send(PAY_STATEMENT, { statementId: waiting });
    expect(
      await until(
        () => payout(waiting),
        (p) => p?.failure != null,
      ),
    ).toMatchObject({
      status: "pending",
      failure: expect.stringContaining("payout account"),
    });
    // Its staff set up the account: the statement waiting is paid.
    const { staff } = await staffOf(s, CHICAGO_OTHER_STORE);
    expect((await staff.post("/api/console/statements/payout-account", {})).statusCode).toBe(200);
    expect(
      await until(
        () => payout(waiting),
        (p) => p?.status === "paid",
      ),
    ).toMatchObject({
      status: "paid",
      amount: 2_000,
      failure: null,
    });
    // An administrator names the store; a shopper is refused.
    const admin = await signedInBrowser(app, await createUser(t.db, { role: "admin" }));
    expect((await admin.post("/api/console/statements/payout-account", {})).statusCode).toBe(400);
    const shopper = await signedInBrowser(app, await createUser(t.db));
    expect((await shopper.post("/api/console/statements/payout-account", {})).statusCode).toBe(403);
  });
});
