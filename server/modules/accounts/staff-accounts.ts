import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#server/platform/db.ts";
import { forgetKeptSessions } from "../sessions/index.ts";
import { hashPassword } from "./passwords.ts";
import { findUserByEmail } from "./users.ts";

/**
 * Staff and administrators are accounts with a role (0004-accounts: customer | store_staff | admin) and, for
 * staff, a store. The console module decides who becomes staff; the account rows are written here.
 */
export async function upsertStaffAccount(
  db: Db,
  input: {
    email: string;
    role: "store_staff" | "admin";
    storeId: string | null;
    /** For an account created here: its password (the caller prints it once). */
    password: string;
    firstname: string;
    lastname: string;
  },
): Promise<{ id: string; created: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await db
      .updateTable("users")
      .set({ role: input.role, store_id: input.storeId, updated_at: new Date() })
      .where("id", "=", existing.id)
      .execute();
    forgetKeptSessions({ userId: existing.id });
    return { id: existing.id, created: false };
  }
  const id = randomUUID();
  const email = input.email.trim().toLowerCase();
  await db
    .insertInto("users")
    .values({
      id,
      email,
      username: email,
      firstname: input.firstname,
      lastname: input.lastname,
      password_hash: await hashPassword(input.password),
      // Staff accounts do not buy; a date is required of every account.
      birthday: "1970-01-01",
      email_verified: true,
      role: input.role,
      store_id: input.storeId,
    })
    .execute();
  return { id, created: true };
}

export async function listStaffAccounts(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "email", "role", "store_id"])
    .where("role", "in", ["store_staff", "admin"])
    .orderBy(sql`store_id nulls first`)
    .orderBy("email")
    .execute();
}

/** Back to a shopper's account (the sessions it has see the new role at their next request). */
export async function demoteToCustomer(db: Db, email: string): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set({ role: "customer", store_id: null, updated_at: new Date() })
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .returning("id")
    .executeTakeFirst();
  if (row) forgetKeptSessions({ userId: row.id });
  return row !== undefined;
}
