import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createUser } from "#tests/factories/accounts.ts";
import { createStore } from "#tests/factories/catalogue.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { checkPassword } from "../accounts/passwords.ts";
import {
  addStaff,
  DEMO_ADMIN_EMAIL,
  DEMO_STAFF_PASSWORD,
  ensureDemoAdmin,
  ensureDemoStaff,
  listStaff,
  removeStaff,
} from "./index.ts";

describe.each(testDatabases)("console staff on %s", (kind) => {
  const s = useTestApp(kind, {
    fixture: async (db) => {
      await createStore(db, { id: "st_nyc-west-village", name: "Nightcap West Village" });
      await createStore(db, { id: "st_other", name: "Not a seeded store" });
    },
  });

  it("gives the demo store one staff account per seeded store, which signs in with the password the log prints", async () => {
    const config = loadConfig({ NODE_ENV: "test" });
    const accounts = await ensureDemoStaff(s.db, config);
    expect(accounts).toEqual([
      { store: "Nightcap West Village", email: "staff-nyc-west-village@nightcap.localhost" },
    ]);
    // Idempotent: a restart neither duplicates nor resets it.
    expect(await ensureDemoStaff(s.db, config)).toEqual(accounts);
    const browser = new TestBrowser(s.app);
    const login = await browser.post("/auth/login", {
      username: "staff-nyc-west-village@nightcap.localhost",
      password: DEMO_STAFF_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await browser.get("/api/console/orders")).statusCode).toBe(200);
  });

  it("gives the demo store an administrator who reaches the admin calls; never in production", async () => {
    expect(await ensureDemoAdmin(s.db, loadConfig({ NODE_ENV: "test" }))).toBe(DEMO_ADMIN_EMAIL);
    expect(await ensureDemoAdmin(s.db, loadConfig({ NODE_ENV: "test" }))).toBe(DEMO_ADMIN_EMAIL);
    const browser = new TestBrowser(s.app);
    const login = await browser.post("/auth/login", {
      username: DEMO_ADMIN_EMAIL,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await browser.get("/api/console/admin/stores")).statusCode).toBe(200);
    const production = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/store",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(await ensureDemoAdmin(s.db, production)).toBeNull();
  });

  it("never on a real database in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/store",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(await ensureDemoStaff(s.db, config)).toEqual([]);
  });

  it("adds staff: a new account with a generated password, or an existing one keeping its own; removes them", async () => {
    const added = await addStaff(s.db, { email: "Ana@Example.com", storeId: "st_other", admin: false });
    expect(added).toMatchObject({ email: "ana@example.com", role: "store_staff", storeId: "st_other" });
    const row = await s.db
      .selectFrom("users")
      .select(["password_hash", "role", "store_id"])
      .where("id", "=", added.id)
      .executeTakeFirstOrThrow();
    expect(await checkPassword(row.password_hash, added.password!)).toBe(true);

    const shopper = await createUser(s.db);
    const promoted = await addStaff(s.db, { email: shopper.email, storeId: null, admin: true });
    expect(promoted).toMatchObject({ id: shopper.id, role: "admin", password: null });
    expect((await listStaff(s.db)).map((x) => x.email)).toEqual(
      expect.arrayContaining([shopper.email, "ana@example.com"]),
    );
    expect(await removeStaff(s.db, "ana@example.com")).toBe(true);
    expect((await listStaff(s.db)).map((x) => x.email)).not.toContain("ana@example.com");
  });

  it("refuses staff without a store, an unknown store and a malformed email", async () => {
    await expect(addStaff(s.db, { email: "x@example.com", storeId: null, admin: false })).rejects.toThrow(
      "Store staff need a store (--store).",
    );
    await expect(
      addStaff(s.db, { email: "x@example.com", storeId: "st_nope", admin: false }),
    ).rejects.toThrow("No store has the id st_nope.");
    await expect(
      addStaff(s.db, { email: "not-an-email", storeId: "st_other", admin: false }),
    ).rejects.toThrow("That is not an email address.");
  });
});
