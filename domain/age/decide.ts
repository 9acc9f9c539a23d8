import { ageInYears, MINIMUM_AGE } from "../accounts/age.ts";
import type { Licence } from "./aamva.ts";
import { type IsoDate, parseIsoDate } from "./calendar.ts";
import { firstNameMatches, lastNameMatches } from "./names.ts";
import { underAgeRefusalExpiry, verificationExpiry } from "./rules.ts";

/**
 * The one age rule (ADR 24), made on the server at checkout (the scan before paying) and again at the door (the
 * driver's scan, issue 15): the licence is the account holder's, they are 21 or over on the day of the delivery,
 * and the document is valid that day (through its expiry date, inclusive).
 */
export interface AgeDecisionInput {
  licence: Pick<Licence, "firstName" | "middleNames" | "lastName" | "dateOfBirth" | "expiry">;
  account: { firstname: string; lastname: string };
  /** YYYY-MM-DD: the day of the delivery where the store is (today for as soon as possible). */
  deliveryDate: IsoDate;
  /** YYYY-MM-DD: the day of the scan, from which a verification runs; the delivery date when absent (the door). */
  verifiedOn?: IsoDate;
}

export type AgeRefusal = "under_age" | "expired" | "name_mismatch";

export type AgeDecision =
  | { result: "success"; expiresOn: IsoDate; message: string }
  /** An under-age refusal stands for a while (`expiresOn`, see rules.ts); the others only until the next scan. */
  | { result: "failed"; reason: AgeRefusal; message: string; expiresOn?: IsoDate };

/** What the shopper (or the driver) is told, by outcome. */
export const AGE_MESSAGES = {
  success: "Thanks, your age is verified.",
  under_age: `Sorry, this ID shows you're under ${MINIMUM_AGE} on the delivery date, so we can't deliver this order. Nothing has been charged.`,
  expired: "This ID has expired. Please scan a driving licence or ID card that is still valid.",
  name_mismatch:
    "The name on this ID doesn't match the name on your account. Scan your own ID, or correct the name in your account.",
  document_in_use:
    "This ID is already verified on other Nightcap accounts. If it's yours, please contact support.",
  unreadable:
    "We couldn't read a US or Canadian driving licence or ID card from that barcode. Scan the barcode on the back of the card, in good light and in focus.",
} as const;

export function decideAge(input: AgeDecisionInput): AgeDecision {
  const { licence, account, deliveryDate } = input;
  const verifiedOn = input.verifiedOn ?? deliveryDate;
  const delivery = parseIsoDate(deliveryDate);
  const born = parseIsoDate(licence.dateOfBirth);
  if (!delivery || !born || !parseIsoDate(licence.expiry) || !parseIsoDate(verifiedOn))
    throw new Error("decideAge: dates must be YYYY-MM-DD calendar dates");

  // Whose ID it is comes first: someone else's says nothing of this account holder's age.
  if (
    !firstNameMatches(account.firstname, licence.firstName, licence.middleNames) ||
    !lastNameMatches(account.lastname, licence.lastName)
  )
    return { result: "failed", reason: "name_mismatch", message: AGE_MESSAGES.name_mismatch };
  if (ageInYears(born, delivery) < MINIMUM_AGE)
    return {
      result: "failed",
      reason: "under_age",
      message: AGE_MESSAGES.under_age,
      expiresOn: underAgeRefusalExpiry(verifiedOn),
    };
  if (licence.expiry < deliveryDate)
    return { result: "failed", reason: "expired", message: AGE_MESSAGES.expired };
  return {
    result: "success",
    expiresOn: verificationExpiry(licence.expiry, verifiedOn),
    message: AGE_MESSAGES.success,
  };
}
