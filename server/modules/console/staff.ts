import { randomBytes } from "node:crypto";
import { STORE_SEEDS } from "#db/seed/stores.ts";
import { type Config, isDemoStore } from "#server/config.ts";
import { AppError, badRequest } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { demoteToCustomer, listStaffAccounts, upsertStaffAccount } from "../accounts/index.ts";

/**
 * Who works the console (`npm run staff`): store staff belong to one store; administrators to any (a store is
 * optional). An email with no account gets one, with a generated password the command prints once; an existing
 * account keeps its password and changes role.
 */
export async function addStaff(
  db: Db,
  input: { email: string; storeId: string | null; admin: boolean },
): Promise<{ id: string; email: string; role: string; storeId: string | null; password: string | null }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw badRequest("That is not an email address.", "invalid_email");
  if (!input.admin && !input.storeId)
    throw badRequest("Store staff need a store (--store).", "store_required");
  if (input.storeId) {
    const store = await db
      .selectFrom("stores")
      .select("id")
      .where("id", "=", input.storeId)
      .executeTakeFirst();
    if (!store) throw new AppError(404, "store_not_found", `No store has the id ${input.storeId}.`);
  }
  const password = randomBytes(12).toString("base64url");
  const role = input.admin ? "admin" : "store_staff";
  const { id, created } = await upsertStaffAccount(db, {
    email,
    role,
    storeId: input.storeId,
    password,
    firstname: "Staff",
    lastname: input.storeId ?? "Admin",
  });
  return { id, email, role, storeId: input.storeId, password: created ? password : null };
}

export const listStaff = listStaffAccounts;
export const removeStaff = demoteToCustomer;

/**
 * The demo store's staff (config.ts isDemoStore: never on a real database in production): one account per seeded
 * store, so a newcomer can sign in at /login and work the console. The start-up log and the README give them.
 */
export const DEMO_STAFF_PASSWORD = "nightcap-staff";
export const demoStaffEmail = (storeId: string) => `staff-${storeId.replace(/^st_/, "")}@nightcap.localhost`;

export async function ensureDemoStaff(db: Db, config: Config): Promise<{ store: string; email: string }[]> {
  if (!isDemoStore(config)) return [];
  const stores = await db
    .selectFrom("stores")
    .select(["id", "name"])
    .where(
      "id",
      "in",
      STORE_SEEDS.map((s) => s.id),
    )
    .orderBy("id")
    .execute();
  const accounts: { store: string; email: string }[] = [];
  for (const store of stores) {
    const email = demoStaffEmail(store.id);
    const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (!existing)
      await upsertStaffAccount(db, {
        email,
        role: "store_staff",
        storeId: store.id,
        password: DEMO_STAFF_PASSWORD,
        firstname: "Demo staff",
        lastname: store.name,
      });
    accounts.push({ store: store.name, email });
  }
  return accounts;
}

/** The demo store's administrator (never on a real database in production): the console's admin pages. */
export const DEMO_ADMIN_EMAIL = "admin@nightcap.localhost";

export async function ensureDemoAdmin(db: Db, config: Config): Promise<string | null> {
  if (!isDemoStore(config)) return null;
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", DEMO_ADMIN_EMAIL)
    .executeTakeFirst();
  if (!existing)
    await upsertStaffAccount(db, {
      email: DEMO_ADMIN_EMAIL,
      role: "admin",
      storeId: null,
      password: DEMO_STAFF_PASSWORD,
      firstname: "Demo",
      lastname: "Administrator",
    });
  return DEMO_ADMIN_EMAIL;
}
