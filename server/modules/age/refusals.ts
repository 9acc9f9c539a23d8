import { formatCalendarDate, todayForAgeCheck } from "#domain/accounts/age.ts";
import { AGE_MESSAGES } from "#domain/age/decide.ts";
import { ageStanding, type DecidedCheck, mayClearRefusal } from "#domain/age/rules.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { findUser, findUserByEmail, setAgeVerificationStatus } from "../accounts/index.ts";
import { decidedScans, latestDecided, markCleared, type VerificationRow } from "./repository.ts";

/**
 * The console's side of ID checks (docs/adr/0051-console-safeguards.md): staff look a customer's checks up (to
 * answer them in the chat), and an administrator clears an under-age refusal that locks the account, with a reason
 * written to the console's audit. The shopper then scans again and the same rule decides.
 */

export const NOTHING_TO_CLEAR = "This customer has no ID check refusal standing: there is nothing to clear.";
export const CUSTOMER_NOT_FOUND = "No customer has that email.";

/** The day checks are decided on (as scans are: the US date where the day starts last). */
const checkDay = (now: Date) => formatCalendarDate(todayForAgeCheck(now));

const decided = (row: VerificationRow | undefined): DecidedCheck | null =>
  row && row.status !== "pending"
    ? { status: row.status, reason: row.reason, expiresOn: row.expires_on }
    : null;

/** One decided check as the console lists it. */
function checkView(row: VerificationRow) {
  return {
    id: row.id,
    result: row.status as "success" | "failed",
    reason: row.reason,
    message: row.status === "success" ? AGE_MESSAGES.success : AGE_MESSAGES[row.reason ?? "unreadable"],
    jurisdiction: row.jurisdiction,
    decidedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    holdsThrough: row.expires_on,
    cleared: row.cleared_at
      ? { at: new Date(row.cleared_at).toISOString(), reason: row.cleared_reason ?? "" }
      : null,
  };
}

/** A customer's ID checks, found by email: where they stand today, and the checks decided, newest first. */
export async function customerChecks(db: Db, email: string, now: Date) {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound(CUSTOMER_NOT_FOUND, "customer_not_found");
  const latest = await latestDecided(db, user.id);
  const day = checkDay(now);
  return {
    customer: { id: user.id, email: user.email, firstname: user.firstname, lastname: user.lastname },
    standing: ageStanding(decided(latest), day),
    clearable: mayClearRefusal(decided(latest), day),
    checks: (await decidedScans(db, user.id)).map(checkView),
  };
}

/**
 * An administrator clears the customer's standing under-age refusal: the row is kept, marked cleared (who, when,
 * why); the account's status follows what stands after it; the audit row says the refusal before and the standing
 * after. Under a lock on the refusal's row, so two administrators clearing at once clear it once.
 */
export async function clearRefusal(
  db: Db,
  change: { customerId: string; adminId: string; adminStoreId: string | null; reason: string },
  now: Date,
  recordAudit: RecordAudit,
): Promise<{ standing: ReturnType<typeof ageStanding> }> {
  const customer = await findUser(db, change.customerId);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND, "customer_not_found");
  const day = checkDay(now);
  return db.transaction().execute(async (tx) => {
    const refusal = await latestDecided(tx, change.customerId, true);
    if (!refusal || !mayClearRefusal(decided(refusal), day))
      throw new AppError(409, "nothing_to_clear", NOTHING_TO_CLEAR);
    if (!(await markCleared(tx, refusal.id, { by: change.adminId, reason: change.reason, at: now })))
      throw new AppError(409, "nothing_to_clear", NOTHING_TO_CLEAR);
    const next = await latestDecided(tx, change.customerId);
    const standing = ageStanding(decided(next), day);
    await setAgeVerificationStatus(
      tx,
      change.customerId,
      standing === "verified" ? 1 : standing === "locked" ? 2 : null,
      next?.expires_on ?? null,
    );
    await recordAudit(tx, {
      actorId: change.adminId,
      storeId: change.adminStoreId,
      orderId: null,
      action: "age.clear_refusal",
      detail: { customer_id: change.customerId, verification_id: refusal.id, reason: change.reason },
      before: {
        standing: "locked",
        reason: refusal.reason,
        jurisdiction: refusal.jurisdiction,
        holds_through: refusal.expires_on,
      },
      after: { standing },
    });
    return { standing };
  });
}
