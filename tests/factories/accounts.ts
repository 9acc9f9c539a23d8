import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Insertable } from "kysely";
import type { UsersTable } from "#db/schema-accounts.ts";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import type { Db } from "#server/platform/db.ts";
import { TestBrowser } from "../support/browser.ts";

export const TEST_PASSWORD = "correct horse battery";

export interface CreatedUser {
  id: string;
  email: string;
  password: string | null;
}

/** An account straight in the database (argon2id hash of TEST_PASSWORD unless `password: null`). */
export async function createUser(
  db: Db,
  over: Partial<Omit<Insertable<UsersTable>, "id">> & { password?: string | null } = {},
): Promise<CreatedUser> {
  const { password = TEST_PASSWORD, ...fields } = over;
  const email = (fields.email ?? `shopper-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const id = randomUUID();
  await db
    .insertInto("users")
    .values({
      id,
      firstname: "Sam",
      lastname: "Shopper",
      birthday: "1990-05-17",
      email_verified: true,
      ...fields,
      email,
      username: fields.username ?? email,
      password_hash: password === null ? null : await hashPassword(password),
    } as never)
    .execute();
  return { id, email, password };
}

/** A web shopper signed in with email and password. */
export async function signedInBrowser(app: FastifyInstance, user: CreatedUser): Promise<TestBrowser> {
  const browser = new TestBrowser(app);
  const res = await browser.post("/auth/login", {
    username: user.email,
    password: user.password ?? TEST_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return browser;
}
