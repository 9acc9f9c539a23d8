import type { Kysely, Selectable } from "kysely";
import { sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { UsersTable } from "#db/schema-accounts.ts";
import { formatCalendarDate, todayForAgeCheck } from "#domain/accounts/age.ts";
import type { User } from "#domain/accounts/types.ts";
import { standingAgeStatus } from "#domain/age/rules.ts";

export type UserRow = Selectable<UsersTable>;
type Q = Kysely<Database>;

export async function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

/** Spec §5: log in with the email or the username (they are the same today; both are matched). */
export async function findUserByLogin(db: Q, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", value), eb(sql`lower(username)`, "=", value)]))
    .orderBy(sql`lower(email) = ${value}`, "desc")
    .executeTakeFirst();
}

export async function findUser(db: Q, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The ID scan's outcome on the account (spec §3 User.ageVerificationStatus): 1 verified, 2 refused as under age,
 * null otherwise; it holds through `expiresOn`. The age module writes it when a scan is decided.
 */
export async function setAgeVerificationStatus(
  db: Q,
  userId: string,
  status: 1 | 2 | null,
  expiresOn: string | null,
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      age_verification_status: status,
      age_verification_expires_on: status === null ? null : expiresOn,
      updated_at: new Date(),
    })
    .where("id", "=", userId)
    .execute();
}

export async function linkedProviders(db: Q, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("sso_identities")
    .select("provider")
    .where("user_id", "=", userId)
    .orderBy("provider")
    .execute();
  return rows.map((r) => r.provider);
}

/**
 * User.ageVerificationStatus (spec §3): the ID scan's outcome while it holds (1 verified, 2 refused as under age),
 * on the US date where the day starts last; null otherwise.
 */
export function ageVerificationStatusOf(
  row: Pick<UserRow, "age_verification_status" | "age_verification_expires_on">,
  now: Date = new Date(),
): 1 | 2 | null {
  return standingAgeStatus(
    row.age_verification_status,
    row.age_verification_expires_on,
    formatCalendarDate(todayForAgeCheck(now)),
  );
}

/** The User entity (spec §3) as its owner sees it: no password hash, no session token. */
export function userView(row: UserRow, providers: string[], now: Date = new Date()): User {
  return {
    id: row.id,
    objectId: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    username: row.username,
    email: row.email,
    gender: row.gender,
    mobile: row.mobile,
    countryCode: row.country_code,
    birthday: row.birthday,
    stated_source: row.stated_source,
    signup_platform: row.signup_platform,
    display_mode: row.display_mode,
    emailVerified: row.email_verified,
    mobileVerified: row.mobile_verified,
    ageVerificationStatus: ageVerificationStatusOf(row, now),
    // Orders and credit are other modules' numbers; they fill these in when they land. Loyalty's two are filled in
    // by GET /me from the loyalty module (0 and null elsewhere).
    numPurchases: 0,
    loyaltyPoints: 0,
    loyaltyStatus: null,
    credit: 0,
    roundUpEnabled: row.round_up_enabled,
    roundUpOrgID: row.round_up_org_id,
    roundUpAmount: row.round_up_amount,
    direct_only: row.direct_only,
    role: row.role,
    store_id: row.store_id,
    contactPreferences: { email: row.contact_email, sms: row.contact_sms, push: row.contact_push },
    signupPromo: row.signup_promo,
    linkedProviders: providers,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function loadUserView(db: Q, userId: string): Promise<User | null> {
  const row = await findUser(db, userId);
  return row ? userView(row, await linkedProviders(db, userId)) : null;
}

/** The payment provider's customer for the account (the payments module keeps it here once the provider answers). */
export async function setPaymentCustomerId(db: Q, userId: string, customerId: string): Promise<void> {
  await db.updateTable("users").set({ payment_customer_id: customerId }).where("id", "=", userId).execute();
}

/** The shopper's round-up choice (spec §3 Round-up): on or off, and the organisation when one is chosen. */
export async function setRoundUp(
  db: Q,
  userId: string,
  enabled: boolean,
  orgId: string | null,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ round_up_enabled: enabled, ...(orgId ? { round_up_org_id: orgId } : {}) })
    .where("id", "=", userId)
    .execute();
}
