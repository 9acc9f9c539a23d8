/**
 * Referrals (issue 17): a shopper shares a personal link; a friend who signs up through it and completes a first
 * order earns both of them store credit, once. These are the rules that decide it, with no I/O: the server
 * gathers what it knows of both people and asks `judgeReferral`.
 */

/** What each side earns, in cents of store credit, and for how long the credit lasts. */
export const REFERRAL_REWARD = { referrerCents: 1000, friendCents: 1000, validDays: 365 } as const;

/** Rewarded referrals one shopper may earn at most. */
export const REFERRAL_CAP = 10;

/** A referral code: 8 letters and digits without look-alikes (no 0, O, 1, I, L). */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** A code from random bytes (one byte per character; the bias of `% 31` is harmless for a share code). */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error("referralCodeFrom needs 8 bytes");
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[bytes[i] % REFERRAL_CODE_ALPHABET.length];
  return code;
}

/** The code as typed or pasted (case and spaces forgiven), or null when it cannot be one. */
export function normalizeReferralCode(input: string | null | undefined): string | null {
  const code = (input ?? "").replace(/\s+/g, "").toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** A saved card as the payment provider describes it: the same card has the same print on two accounts. */
export interface CardPrint {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the server knows of one side of a referral. */
export interface ReferralParty {
  userId: string;
  email: string;
  mobile: string | null;
  cards: readonly CardPrint[];
  /** Device ids (the anonymous-visitor cookie) seen signing in to this account. */
  devices: readonly string[];
  /** Delivery addresses of the account's orders. */
  addresses: readonly { address: string; unit: string | null; zip: string }[];
}

export type RefusalReason = "same_person" | "same_card" | "same_device" | "same_address" | "cap_reached";

export type ReferralVerdict = { ok: true } | { ok: false; reason: RefusalReason; message: string };

/** The words the referrer reads on /share for a refused referral. */
export const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  same_person: "This looks like your own account, so it does not earn credit.",
  same_card: "This account pays with one of your cards, so it does not earn credit.",
  same_device: "This account signed in on one of your devices, so it does not earn credit.",
  same_address: "This order went to one of your addresses, so it does not earn credit.",
  cap_reached: `You have already earned credit for ${REFERRAL_CAP} friends, the most we give.`,
};

/**
 * One mailbox, however it is written: case, and for Gmail the dots and a `+tag`; elsewhere a `+tag` too (most
 * providers deliver `name+x@` to `name@`).
 */
export function mailboxOf(email: string): string {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const bare = local.split("+")[0];
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return `${gmail ? bare.replaceAll(".", "") : bare}@${gmail ? "gmail.com" : domain}`;
}

/** One card, however the provider spelled the brand. */
export const cardKey = (c: CardPrint) =>
  `${c.brand.trim().toLowerCase()}|${c.last4}|${c.expMonth}|${c.expYear % 100}`;

/** One address, whatever its case, spacing and punctuation; the unit counts (two flats are two households). */
export function addressKey(a: { address: string; unit: string | null; zip: string }): string {
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const street = words(a.address.split(",")[0] ?? "");
  return `${street}|${words(a.unit ?? "")}|${a.zip.trim().slice(0, 5)}`;
}

const overlaps = <T>(a: readonly T[], b: readonly T[], key: (x: T) => string) => {
  const seen = new Set(a.map(key));
  return b.some((x) => seen.has(key(x)));
};

/**
 * Whether a friend's first completed order earns both sides credit: not the same person (account, mailbox or
 * mobile), not a card, device or delivery address the referrer uses, and the referrer under the cap. The first
 * refusal found is the one given, in that order.
 */
export function judgeReferral(
  referrer: ReferralParty,
  friend: ReferralParty,
  rewardedSoFar: number,
  cap: number = REFERRAL_CAP,
): ReferralVerdict {
  const refuse = (reason: RefusalReason): ReferralVerdict => ({
    ok: false,
    reason,
    message: REFUSAL_MESSAGES[reason],
  });
  const samePerson =
    referrer.userId === friend.userId ||
    mailboxOf(referrer.email) === mailboxOf(friend.email) ||
    (referrer.mobile !== null && referrer.mobile === friend.mobile);
  if (samePerson) return refuse("same_person");
  if (overlaps(referrer.cards, friend.cards, cardKey)) return refuse("same_card");
  if (overlaps(referrer.devices, friend.devices, (d) => d.toLowerCase())) return refuse("same_device");
  if (overlaps(referrer.addresses, friend.addresses, addressKey)) return refuse("same_address");
  if (rewardedSoFar >= cap) return refuse("cap_reached");
  return { ok: true };
}

/** A referral's state as the referrer sees it (spec: signed up, ordered, rewarded, refused with its reason). */
export type ReferralState = "signed_up" | "ordered" | "rewarded" | "refused";

export const REFERRAL_STATE_LABELS: Record<ReferralState, string> = {
  signed_up: "Signed up",
  ordered: "Ordered",
  rewarded: "Rewarded",
  refused: "Not eligible",
};

/**
 * The state shown: a decided referral keeps its decision; otherwise a friend with an order placed (not yet
 * delivered) has "ordered", else "signed up".
 */
export function referralState(
  stored: "signed_up" | "rewarded" | "refused",
  ordersPlaced: number,
): ReferralState {
  if (stored !== "signed_up") return stored;
  return ordersPlaced > 0 ? "ordered" : "signed_up";
}

/** A friend's name as the referrer sees it: first name and the last name's initial, nothing more. */
export function friendName(firstname: string, lastname: string): string {
  const initial = lastname.trim().charAt(0).toUpperCase();
  return initial ? `${firstname.trim()} ${initial}.` : firstname.trim();
}
