import type { LicenceCountry } from "./aamva.ts";
import { addDays, earlierOf, type IsoDate } from "./calendar.ts";

/**
 * Which carts need an ID scan, how long a verification holds, how many accounts one document may verify, and how
 * a scan session runs (docs/adr/0024-age-verification.md).
 */

/** A verification holds 365 days from the scan, and never past the document's expiry. */
export const VERIFICATION_VALID_DAYS = 365;
/** An under-age refusal stands this long: a new scan of the same ID cannot change it meanwhile. */
export const UNDER_AGE_REFUSAL_DAYS = 365;
/** One licence may verify at most this many accounts (a person with an old account and a new one). */
export const DOCUMENT_ACCOUNT_LIMIT = 2;
/** A scan session (its token) is good for this long. */
export const SCAN_SESSION_MINUTES = 15;

/**
 * Nicotine and tobacco need a verified ID before the order is paid, in every state: the PACT Act makes sellers of
 * delivered cigarettes and smokeless tobacco check age against a database or an ID, and the states' vapour laws
 * follow it. Alcohol's age is checked at the door by the driver, with the same rule (issue 15). A line counts
 * while it can be delivered: an unavailable one is out of the order.
 */
export function cartNeedsAgeVerification(
  lines: readonly { is_tobacco: boolean; available: boolean }[],
): boolean {
  return lines.some((l) => l.is_tobacco && l.available);
}

/** The last day a verification made on `verifiedOn` holds: the earlier of the document's expiry and 365 days on. */
export function verificationExpiry(documentExpiry: IsoDate, verifiedOn: IsoDate): IsoDate {
  return earlierOf(documentExpiry, addDays(verifiedOn, VERIFICATION_VALID_DAYS));
}

export function underAgeRefusalExpiry(refusedOn: IsoDate): IsoDate {
  return addDays(refusedOn, UNDER_AGE_REFUSAL_DAYS);
}

/** Whether a verification (or a refusal) lasting through `expiresOn` still holds on `day`. */
export const holdsOn = (expiresOn: IsoDate | null, day: IsoDate): boolean =>
  expiresOn !== null && expiresOn >= day;

/**
 * User.ageVerificationStatus (spec §3): 1 verified, 2 refused as under age, null otherwise — and null again once
 * the verification or the refusal has run out.
 */
export function standingAgeStatus(
  status: number | null,
  expiresOn: IsoDate | null,
  today: IsoDate,
): 1 | 2 | null {
  if ((status === 1 || status === 2) && holdsOn(expiresOn, today)) return status;
  return null;
}

/** A decided ID check as the rules read it: its outcome, why, and the last day it holds. */
export interface DecidedCheck {
  status: "success" | "failed";
  reason: string | null;
  expiresOn: IsoDate | null;
}

/**
 * Where a shopper stands on `day` by their latest decided check (not cleared): verified while a success holds;
 * locked while an under-age refusal holds (a new scan cannot lift it: docs/adr/0051-console-safeguards.md); else
 * free to scan. Other refusals (a name that does not match, an expired card, a card on too many accounts) lock
 * nothing: the next scan decides.
 */
export function ageStanding(
  check: DecidedCheck | null | undefined,
  day: IsoDate,
): "verified" | "locked" | "open" {
  if (!check || !holdsOn(check.expiresOn, day)) return "open";
  if (check.status === "success") return "verified";
  return check.reason === "under_age" ? "locked" : "open";
}

/**
 * Support's recourse from a wrong under-age refusal (a misread card, a card that was not the shopper's): an
 * administrator may clear a refusal that locks the account, with a reason; the shopper then scans again and the
 * same rule decides. Only a standing lock can be cleared: there is nothing else to lift.
 */
export const mayClearRefusal = (check: DecidedCheck | null | undefined, day: IsoDate): boolean =>
  ageStanding(check, day) === "locked";

/**
 * What identifies a document across accounts, before it is hashed with a server key: the country, the issuing
 * jurisdiction and the number, without the spaces and dashes some cards print in it.
 */
export function documentKey(doc: {
  country: LicenceCountry;
  jurisdiction: string;
  documentNumber: string;
}): string {
  const number = doc.documentNumber.toUpperCase().replace(/[\s-]+/g, "");
  return `${doc.country}:${doc.jurisdiction.toUpperCase()}:${number}`;
}
