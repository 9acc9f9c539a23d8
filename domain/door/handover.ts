/**
 * The handover at the door (issue 33 §4; docs/adr/0062-the-handover-at-the-door.md): the driver scans the
 * recipient's licence and the server decides with the one age rule (`domain/age/decide.ts`), or the driver records
 * why the order could not be handed over. What each refusal does to the order, and what the shopper gets back, are
 * decided here.
 */
import { MINIMUM_AGE } from "../accounts/age.ts";
import type { Licence } from "../age/aamva.ts";
import type { IsoDate } from "../age/calendar.ts";
import { decideAge } from "../age/decide.ts";
import type { FailedState } from "../orders/status.ts";

/** Why the driver did not hand the order over, in the order the driver's view offers them. */
export const HANDOVER_REFUSALS = [
  "no_id",
  "under_age",
  "id_mismatch",
  "intoxicated",
  "no_one_home",
  "refused",
] as const;

export type HandoverRefusal = (typeof HANDOVER_REFUSALS)[number];

export interface RefusalRule {
  /** What the driver picks. */
  label: string;
  /** What the shopper reads on the tracking page, in the email and on the order. */
  reason: string;
  /**
   * soft: the delivery may be tried again (the order stays the store's to send out again or cancel); hard: it will
   * not be delivered, the goods go back on the shelf and the payment is refunded less the store's return fee.
   */
  state: FailedState;
}

/**
 * Only "no one home" is soft: nothing about the recipient was decided, so the store may try again (or cancel, which
 * refunds in full). Every other reason is a decision about the person at the door that a second trip the same day
 * would not change (the law forbids handing alcohol to someone under 21, without a valid ID, not the buyer or the
 * recipient, or visibly intoxicated; a recipient who refuses it does not want it), so the order ends and goes back.
 */
export const REFUSAL_RULES: Record<HandoverRefusal, RefusalRule> = {
  no_id: {
    label: "No valid ID",
    reason: `Nobody at the door could show a valid ID showing they are ${MINIMUM_AGE} or over.`,
    state: "hard",
  },
  under_age: {
    label: `Under ${MINIMUM_AGE}`,
    reason: `The ID shown at the door was of someone under ${MINIMUM_AGE}, so we could not hand the order over.`,
    state: "hard",
  },
  id_mismatch: {
    label: "ID does not match",
    reason: "The ID shown at the door was not of the person who ordered or of the gift's recipient.",
    state: "hard",
  },
  intoxicated: {
    label: "Visibly intoxicated",
    reason: "By law our driver could not hand the order to someone who appeared intoxicated.",
    state: "hard",
  },
  no_one_home: {
    label: "No one home",
    reason: "Nobody was home to take the order. The store will be in touch to try again.",
    state: "soft",
  },
  refused: {
    label: "Refused",
    reason: "The order was refused at the door.",
    state: "hard",
  },
};

export const isHandoverRefusal = (value: string): value is HandoverRefusal =>
  (HANDOVER_REFUSALS as readonly string[]).includes(value);

/** A person whose ID may take the order: the account holder, or a gift's recipient. */
export interface Recipient {
  firstname: string;
  lastname: string;
}

export type DoorCheckRefusal = "under_age" | "expired" | "name_mismatch";

export type DoorCheck =
  | { ok: true; whose: "account" | "recipient"; message: string }
  | { ok: false; reason: DoorCheckRefusal; refusal: HandoverRefusal; message: string };

/** What the driver reads after a scan. */
export const DOOR_MESSAGES = {
  pass: `ID checked: ${MINIMUM_AGE} or over and valid today. Hand the order over.`,
  under_age: `This ID shows someone under ${MINIMUM_AGE} today. Do not hand the order over.`,
  expired: "This ID has expired. Ask for a valid one, or do not hand the order over.",
  name_mismatch:
    "The name on this ID is not the customer's or the gift recipient's. Ask for theirs, or do not hand the order over.",
  unreadable:
    "That barcode is not a US or Canadian driving licence or ID card. Scan the barcode on the back of the card.",
} as const;

/** The refusal a failed scan suggests to the driver: an expired ID is no valid ID. */
const SUGGESTED: Record<DoorCheckRefusal, HandoverRefusal> = {
  under_age: "under_age",
  expired: "no_id",
  name_mismatch: "id_mismatch",
};

/**
 * Whether a scanned licence lets the driver hand the order over: the holder is one of the people who may take it
 * (by the age rule's name match), 21 or over on the day and the document valid that day. Of several people, the
 * first the licence passes for wins; failing all, the refusal of one whose name matched (under age, expired) says
 * more than a name that matched nobody.
 */
export function doorCheck(input: {
  licence: Pick<Licence, "firstName" | "middleNames" | "lastName" | "dateOfBirth" | "expiry">;
  account: Recipient;
  recipient: Recipient | null;
  /** YYYY-MM-DD where the store is. */
  today: IsoDate;
}): DoorCheck {
  const people: ["account" | "recipient", Recipient][] = [["account", input.account]];
  if (input.recipient) people.push(["recipient", input.recipient]);
  let reason: DoorCheckRefusal = "name_mismatch";
  for (const [whose, person] of people) {
    const decided = decideAge({ licence: input.licence, account: person, deliveryDate: input.today });
    if (decided.result === "success") return { ok: true, whose, message: DOOR_MESSAGES.pass };
    if (decided.reason !== "name_mismatch") reason = decided.reason;
  }
  return { ok: false, reason, refusal: SUGGESTED[reason], message: DOOR_MESSAGES[reason] };
}

/** A gift recipient's name as the sender typed it ("Ana María de la Cruz"): the last word is the last name. */
export function recipientName(full: string): Recipient | null {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  return { firstname: words.slice(0, -1).join(" "), lastname: words[words.length - 1] };
}

/**
 * What the store keeps of an order refused at the door: its return fee, never more than the order charged on the
 * card (credit spent goes back whole), never negative. Cents in, cents out.
 */
export function returnFee(storeFee: number, charged: number): number {
  if (!Number.isInteger(storeFee) || !Number.isInteger(charged))
    throw new Error("returnFee: cents must be integers");
  return Math.max(0, Math.min(storeFee, charged));
}

// The one sentence checkout shows before paying: in a module of its own, which checkout loads without these rules.
export { returnFeeSentence } from "./return-fee.ts";

/** The most a store may set as its return fee ($50.00): a fee is a cost of the trip, not a penalty. */
export const MAX_RETURN_FEE = 5000;
