import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { COMPLIANCE_CSV_HEADER } from "#domain/compliance/log.ts";
import { REFUSAL_RULES } from "#domain/door/handover.ts";
import { formatCents } from "#domain/money.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { paymentOpsOf, splitOrders, staffOf, stockOf } from "#tests/factories/console.ts";
import { createDeliveryFixture, createSplitDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { aamvaText, type LicenceFields } from "#tests/factories/licences.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750";
const MANHATTAN = "d-manhattan";

/**
 * A date `years` before (and `days` after) today where the fixture's stores are (New York, as createStore makes
 * them): the door decides by the store's day, which differs from the UTC day for hours each evening.
 */
function yearsAgo(years: number, days = 0): string {
  const [y = 0, m = 1, d = 1] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .format(new Date())
    .split("-")
    .map(Number);
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The barcode text of a licence: the shopper createUser makes (Sam Shopper), 36, valid three more years. */
const licence = (fields: Partial<LicenceFields> = {}) =>
  aamvaText({
    firstName: "Sam",
    lastName: "Shopper",
    dateOfBirth: "1990-05-17",
    expiry: yearsAgo(-3),
    documentNumber: `D${randomBytes(5).toString("hex").toUpperCase()}`,
    jurisdiction: "NY",
    ...fields,
  });

describe.each(testDatabases)("the handover at the door on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true });
  let n = 0;
  const driverOf = async (storeId = MANHATTAN, role: "store_staff" | "admin" = "store_staff") => {
    const user = await createUser(s.db, {
      role,
      store_id: storeId,
      firstname: "Dana",
      lastname: "Driver",
      email: `door-${n++}-${Date.now().toString(36)}@example.com`,
    });
    return { browser: await signedInBrowser(s.app, user), id: user.id };
  };
  /** An order the driver has picked up (accepted and sent out: captured). */
  const onTheRoad = async (driver: Awaited<ReturnType<typeof driverOf>>, opts = {}) => {
    const placed = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }], opts);
    const id = placed.orders[0]._id;
    for (const step of ["accept", "dispatch"])
      expect((await driver.browser.post(`/api/console/orders/${id}/${step}`, {})).statusCode).toBe(200);
    return { ...placed, id, order: placed.orders[0] };
  };
  const setReturnFee = async (cents: number) => {
    const admin = await driverOf(MANHATTAN, "admin");
    const res = await admin.browser.request("PATCH", `/api/console/admin/stores/${MANHATTAN}`, {
      return_fee_cents: cents,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().return_fee_cents).toBe(cents);
  };
  const logOf = async (orderId: string) =>
    s.db
      .selectFrom("compliance_log")
      .select(["kind", "outcome", "detail", "actor_id"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();

  it("a scan the server passes hands the order over; the log keeps the outcome, the issuer and whose it was, not the licence", async () => {
    const driver = await driverOf();
    const { id, browser: shopper } = await onTheRoad(driver);
    const text = licence();
    const res = await driver.browser.post(`/api/console/orders/${id}/door-check`, { barcode: text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: "handed_over", whose: "account" });
    expect((await shopper.get(`/order/status/${id}`)).json()).toMatchObject({ order_status: 3 });
    expect(await logOf(id)).toEqual([
      {
        kind: "id_check",
        outcome: "passed",
        detail: { jurisdiction: "NY", whose: "account" },
        actor_id: driver.id,
      },
      {
        kind: "handover",
        outcome: "delivered",
        detail: { method: "ID scanned", whose: "account" },
        actor_id: driver.id,
      },
    ]);
    const documentNumber = /DAQ([A-Z0-9]+)/.exec(text)?.[1] ?? "";
    const kept = JSON.stringify(await s.db.selectFrom("compliance_log").selectAll().execute());
    expect(documentNumber).not.toBe("");
    expect(kept).not.toContain(documentNumber);
    expect(kept).not.toContain("1990");
  });

  it("a gift's recipient may show their own ID", async () => {
    const driver = await driverOf();
    const { id } = await onTheRoad(driver, {
      body: {
        deliveryTime: "asap",
        isGift: true,
        giftRecipient: "Ana María Cruz",
        giftEmail: `ana-${n++}@example.com`,
      },
    });
    const res = await driver.browser.post(`/api/console/orders/${id}/door-check`, {
      barcode: licence({ firstName: "Ana", lastName: "Cruz" }),
    });
    expect(res.json(), res.body).toMatchObject({ result: "handed_over", whose: "recipient" });
  });

  it.each([
    ["under 21 on the day", { dateOfBirth: yearsAgo(21, 1) }, "under_age", "under_age"],
    ["expired yesterday", { expiry: yearsAgo(0, -1) }, "expired", "no_id"],
    ["someone else's", { firstName: "Jordan", lastName: "Other" }, "name_mismatch", "id_mismatch"],
  ] as const)(
    "a licence %s is refused to the driver; the order stays on its way",
    async (_, fields, reason, suggested) => {
      const driver = await driverOf();
      const { id } = await onTheRoad(driver);
      const res = await driver.browser.post(`/api/console/orders/${id}/door-check`, {
        barcode: licence(fields),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ result: "refused", reason, suggested });
      expect((await driver.browser.get(`/api/console/orders/${id}`)).json().order_status).toBe(2);
      expect(await logOf(id)).toEqual([
        { kind: "id_check", outcome: reason, detail: { jurisdiction: "NY" }, actor_id: driver.id },
      ]);
    },
  );

  it("a refusal fails the order hard: stock back, refunded less the store's return fee, the shopper reads why", async () => {
    await setReturnFee(500);
    const driver = await driverOf();
    const before = await stockOf(s, WHISKEY, MANHATTAN);
    const { id, order, browser: shopper, cart, user } = await onTheRoad(driver);
    // The shopper saw the fee before paying (checkout's sentence reads the cart's return_fee).
    expect(cart.split_cart[MANHATTAN].return_fee).toBe(500);
    expect(await stockOf(s, WHISKEY, MANHATTAN)).toBe(before - 2);
    // The store raises its fee after the order was placed: the order keeps the fee its shopper was shown.
    await setReturnFee(2000);
    const res = await driver.browser.post(`/api/console/orders/${id}/door-refusal`, { reason: "under_age" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order_status: 4,
      failed_status: { state: "hard", reason: REFUSAL_RULES.under_age.reason, return_fee: 500 },
      money: { captured: order.total, refunded: order.total - 500 },
    });
    expect(await stockOf(s, WHISKEY, MANHATTAN)).toBe(before);
    expect(await paymentOpsOf(s, id)).toEqual([
      { kind: "authorisation", amount: order.total, status: "succeeded" },
      { kind: "capture", amount: order.total, status: "succeeded" },
      { kind: "refund", amount: order.total - 500, status: "succeeded" },
    ]);
    expect((await shopper.get(`/order/status/${id}`)).json()).toMatchObject({
      order_status: 4,
      failed_status: { state: "hard", reason: REFUSAL_RULES.under_age.reason },
    });
    expect(await logOf(id)).toEqual([
      {
        kind: "refusal",
        outcome: "under_age",
        detail: { reason: REFUSAL_RULES.under_age.reason },
        actor_id: driver.id,
      },
    ]);
    await setReturnFee(500);
    // The shopper's email says why, what the store keeps and what comes back.
    const email = await vi.waitFor(
      async () => {
        const mail = (await readOutbox(s.app, user.email)).find((m) => m.template === "order-failed");
        if (!mail) throw new Error("no failure email yet");
        return mail;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(email.body).toContain(
      `We couldn't deliver your order #${order.order_number}: ${REFUSAL_RULES.under_age.reason}`,
    );
    expect(email.body).toContain(
      "Nightcap Chelsea keeps its $5.00 return fee, as checkout said before you paid.",
    );
    expect(email.body).toContain(`We've refunded ${formatCents(order.total - 500, true)} to your card`);
    // A hard failure is the end: the driver cannot send it again or refuse it twice.
    expect((await driver.browser.post(`/api/console/orders/${id}/dispatch`, {})).statusCode).toBe(409);
    expect(
      (await driver.browser.post(`/api/console/orders/${id}/door-refusal`, { reason: "refused" })).statusCode,
    ).toBe(409);
  });

  it("no one home fails it soft: nothing refunded, nothing restocked, the store may send it again", async () => {
    await setReturnFee(500);
    const driver = await driverOf();
    const before = await stockOf(s, WHISKEY, MANHATTAN);
    const { id } = await onTheRoad(driver);
    const res = await driver.browser.post(`/api/console/orders/${id}/door-refusal`, {
      reason: "no_one_home",
    });
    expect(res.json()).toMatchObject({
      order_status: 4,
      failed_status: { state: "soft" },
      money: { refunded: 0 },
    });
    expect(res.json().failed_status.return_fee).toBeUndefined();
    expect(await stockOf(s, WHISKEY, MANHATTAN)).toBe(before - 2);
    expect((await driver.browser.post(`/api/console/orders/${id}/dispatch`, {})).json().order_status).toBe(2);
  });

  it("only the order's driver stands at its door; bad input is 400", async () => {
    const driver = await driverOf();
    const colleague = await driverOf();
    const elsewhere = await driverOf("d-brooklyn");
    const { id, browser: shopper } = await onTheRoad(driver);
    const path = `/api/console/orders/${id}/door-refusal`;
    expect((await colleague.browser.post(path, { reason: "refused" })).json().error.code).toBe(
      "not_your_run",
    );
    expect((await elsewhere.browser.post(path, { reason: "refused" })).statusCode).toBe(404);
    expect((await shopper.post(path, { reason: "refused" })).statusCode).toBe(403);
    expect((await driver.browser.post(path, { reason: "tired" })).statusCode).toBe(400);
    const check = `/api/console/orders/${id}/door-check`;
    const unreadable = await driver.browser.post(check, { barcode: "not a licence" });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.code).toBe("unreadable_id");
    expect((await driver.browser.post(check, { barcode: "x".repeat(5000) })).statusCode).toBe(400);
    expect(await logOf(id)).toEqual([]);
  });

  it("the compliance log exports as CSV for an inspector: the store's own, with who recorded each row", async () => {
    const driver = await driverOf();
    const { id, order } = await onTheRoad(driver);
    await driver.browser.post(`/api/console/orders/${id}/door-check`, {
      barcode: licence({ dateOfBirth: yearsAgo(19) }),
    });
    await driver.browser.post(`/api/console/orders/${id}/door-refusal`, { reason: "under_age" });
    const res = await driver.browser.get("/api/console/compliance.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="compliance-d-manhattan-/);
    expect(res.headers["x-retention-years"]).toMatch(/^\d+$/);
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(COMPLIANCE_CSV_HEADER.join(","));
    const mine = lines.filter((l) => l.includes(`#${order.order_number},`));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain(",ID check at the door,under_age,,NY,,Dana Driver,");
    expect(mine[1]).toContain(",Refused at the door,under_age,");
    // Staff see their own store's log only; an administrator names the store.
    expect((await driver.browser.get("/api/console/compliance.csv?store_id=d-brooklyn")).statusCode).toBe(
      403,
    );
    const admin = await driverOf(MANHATTAN, "admin");
    expect((await admin.browser.get("/api/console/compliance.csv")).statusCode).toBe(400);
    const later = await admin.browser.get(
      `/api/console/compliance.csv?store_id=${MANHATTAN}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.body).toBe(`${COMPLIANCE_CSV_HEADER.join(",")}\r\n`);
    // The log is only ever added to.
    await expect(s.db.deleteFrom("compliance_log").where("order_id", "=", id).execute()).rejects.toThrow(
      /only added to/,
    );
  });
});

describe.each(testDatabases)("a refusal at the door in a split cart on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createSplitDeliveryFixture });

  it("refused before the payment is captured (a split cart's other store still waiting): the fee is captured with the other order", async () => {
    const manhattan = await staffOf(s, MANHATTAN);
    await s.db.updateTable("stores").set({ return_fee_cents: 500 }).where("id", "=", MANHATTAN).execute();
    const driver = { browser: manhattan.staff };
    const brooklyn = { browser: (await staffOf(s, "d-brooklyn")).staff };
    const { mine, theirs } = await splitOrders(s, 2);
    for (const step of ["accept", "dispatch"])
      expect((await driver.browser.post(`/api/console/orders/${mine._id}/${step}`, {})).statusCode).toBe(200);
    const refused = await driver.browser.post(`/api/console/orders/${mine._id}/door-refusal`, {
      reason: "refused",
    });
    expect(refused.json()).toMatchObject({
      failed_status: { state: "hard", return_fee: 500 },
      money: { captured: 0 },
    });
    await brooklyn.browser.post(`/api/console/orders/${theirs._id}/accept`, {});
    expect((await paymentOpsOf(s, mine._id)).filter((o) => o.kind !== "authorisation")).toEqual([
      { kind: "capture", amount: theirs.total + 500, status: "succeeded" },
    ]);
    const after = (await driver.browser.get(`/api/console/orders/${mine._id}`)).json();
    expect(after.money).toMatchObject({ captured: 500, refunded: 0 });
  });
});
